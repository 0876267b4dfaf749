/// What one piece of revocation evidence (a CRL or an OCSP response) says about one
/// certificate, with the window the evidence speaks for.
public struct RevocationStatement: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// Not listed on the CRL, or OCSP `good`.
        case good
        /// Revoked (or on hold) since `at`, seconds since 1970, with the reason stated, if any.
        case revoked(at: Int64, reason: RevocationReason?)
        /// OCSP `unknown`: the responder does not know the certificate.
        case unknown
    }

    public let status: Status
    /// thisUpdate: when the evidence was true.
    public let thisUpdate: Int64
    /// nextUpdate: when newer evidence was due; `nil` when it states none.
    public let nextUpdate: Int64?
    /// For a revocation, the CRL entry's invalidityDate (RFC 5280 §5.3.2): when the key is known
    /// or suspected to have been compromised, or the certificate otherwise invalid, which may be
    /// before the revocation date. `nil` when the evidence states none.
    public var invalidSince: Int64? = nil

    /// Whether `time` lies in thisUpdate…nextUpdate (a missing nextUpdate covers only
    /// thisUpdate itself: evidence that names no end speaks for no later moment).
    public func covers(_ time: Int64) -> Bool {
        thisUpdate <= time && time <= (nextUpdate ?? thisUpdate)
    }
}
