/// The three questions a verdict answers (`schema/SPEC.md` §9.2), so that a failure of one is
/// never read as a failure of another: a capture app that contradicts itself has not made the
/// package's bytes change, and a signer outside the anchors given has not broken a link.
public enum VerdictPart: String, Sendable, CaseIterable {
    /// The bytes are as packed or sealed: manifests, seal and timestamp signatures over their
    /// exact bytes, custody links.
    case integrity
    /// Who and when: the trust of the seal's signer, of each custody signer and of each TSA, the
    /// certificates' validity at the time that matters, and what was required of them.
    case provenance
    /// The capture app's own statements: consistent with each other, with the media and with
    /// the privacy levels the app itself declared.
    case claims

    /// The part a finding belongs to. Most codes belong to one part by their area; a custody
    /// finding about an event imported from the capture app's log is about the app's claims
    /// (the app wrote it), not about rial's links.
    /// - Parameters:
    ///   - code: the finding's code.
    ///   - isImportedEvent: whether the finding is about a custody event imported from the app.
    public init(_ code: CheckResult.Code, isImportedEvent: Bool = false) {
        self.init(code, status: .pass, isImportedEvent: isImportedEvent)
    }

    /// The part of `check`: as its code's, except that an event that is not signed (NOT PRESENT
    /// `custody.signature`) lacks provenance, not integrity: nothing says who recorded it.
    /// - Parameter isImportedEvent: whether the finding is about a custody event imported from the app.
    public init(_ check: CheckResult, isImportedEvent: Bool = false) {
        self.init(check.code, status: check.status, isImportedEvent: isImportedEvent)
    }

    private init(_ code: CheckResult.Code, status: CheckStatus, isImportedEvent: Bool) {
        if status == .notPresent && Self.provenanceWhenAbsent.contains(code) {
            self = .provenance
        } else if Self.provenanceFamilies.contains(where: code.isIn) || Self.provenanceCodes.contains(code) {
            self = .provenance
        } else if Self.claimsFamilies.contains(where: code.isIn) {
            self = .claims
        } else if isImportedEvent && Self.importedEventClaims.contains(where: code.isIn) {
            self = .claims
        } else {
            self = .integrity
        }
    }

    /// Families about trust and time: who vouches, and when. A signature's validity over its
    /// bytes is integrity; whether its signer is anyone the examiner trusts is provenance.
    static let provenanceFamilies: [CheckResult.Code.Family] = [
        .sealSigner, .sealCertificate, .timestampTsa, .timestampTime, .custodySigner, .custodyCertificate,
        .sealRevocation, .timestampRevocation, .custodyRevocation,
    ]

    /// Codes of provenance outside those families: the trust findings, what was required, a
    /// custody signature's time, the capture app's untrusted token; `seal` and `timestamp` say
    /// only that there is no seal or timestamp (nothing says who or when); `app.timestamp` passes
    /// for a capture-time token that is valid and trusted, while its other findings (a token over
    /// other bytes, dated before the recording ended) are the app's claims. A renewal's archive
    /// timestamps vouch for when: who stamped them and whether each was made in time is
    /// provenance; a hash that does not match is integrity.
    static let provenanceCodes: Set<CheckResult.Code> = [
        .sealTrust, .sealRequired, .timestampTrust, .timestampRequired, .custodyTrust, .custodySigningTime,
        .appTimestampUntrusted, .timestampRenewalTokenInvalid, .timestampRenewalGap, .timestampRenewalExpired,
        .seal, .timestamp, .appTimestamp, .timestampRenewal,
    ]

    /// Codes whose NOT PRESENT says who is unknown: a signature's absence, not a broken byte.
    static let provenanceWhenAbsent: Set<CheckResult.Code> = [.custodySignature]

    /// Families of the capture app's claims, and of what rial derived from them at packing.
    static let claimsFamilies: [CheckResult.Code.Family] = [.app, .metadata, .media, .chain, .depth, .privacy, .custodyImport]

    /// Custody findings that, on an event imported from the app's log, judge the app's log.
    static let importedEventClaims: [CheckResult.Code.Family] = [.custodyTime]
}
