internal import CRialOpenSSL

/// Trust anchors chosen by the person verifying, and RFC 5280 path validation against them.
///
/// Anchors come only from the verifier's side (`--trust`, `--tsa-trust`): certificates that
/// travel inside a package are offered as intermediates, never as anchors, so a package
/// cannot vouch for itself.
public struct TrustStore: Sendable {
    public enum Purpose: Sendable {
        /// Any purpose, as `openssl cms -verify -purpose any`: a seal's signer.
        case any
        /// RFC 3161 time stamping: the TSA's certificate must carry the critical
        /// timeStamping extended key usage.
        case timeStamping
    }

    /// The outcome of building and checking a chain.
    public enum Outcome: Sendable {
        /// The chain reaches an anchor; `chain` runs from the leaf to the anchor.
        case trusted(chain: [Certificate])
        /// No chain reaches an anchor.
        case untrusted(reason: String)
        /// A chain was found, but a certificate on it was not valid at the time asked.
        case expired(reason: String)
        /// Not yet valid at the time asked.
        case notYetValid(reason: String)
        /// Any other failure: a bad signature on a certificate, a wrong purpose, a CA flag
        /// missing, a path too long.
        case invalid(reason: String)
    }

    public let anchors: [Certificate]

    public init(anchors: [Certificate]) {
        self.anchors = anchors
    }

    /// Validates `leaf` at `time` (seconds since 1970), building its chain from `intermediates`.
    ///
    /// Every certificate on the chain must be valid at `time`, the anchor included. Partial
    /// chains are not accepted: an anchor must be a root (or the self-signed leaf itself), so
    /// `openssl cms -verify -CAfile` gives the same answer.
    public func validate(_ leaf: Certificate, intermediates: [Certificate], at time: Int64, purpose: Purpose) -> Outcome {
        guard !anchors.isEmpty else { return .untrusted(reason: "no trust anchor was given") }
        guard let store = X509_STORE_new() else { return .invalid(reason: "X509_STORE_new failed") }
        defer { X509_STORE_free(store) }
        for anchor in anchors where X509_STORE_add_cert(store, anchor.handle) != 1 {
            _ = CryptoError.drainQueue()  // A duplicate anchor is harmless.
        }
        guard let untrusted = try? Certificate.makeStack(intermediates) else { return .invalid(reason: "sk_X509_new failed") }
        defer { crial_sk_X509_pop_free(untrusted) }
        guard let context = X509_STORE_CTX_new() else { return .invalid(reason: "X509_STORE_CTX_new failed") }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf.handle, untrusted) == 1 else {
            return .invalid(reason: "X509_STORE_CTX_init failed")
        }
        if let parameters = X509_STORE_CTX_get0_param(context) {
            X509_VERIFY_PARAM_set_time(parameters, time_t(time))
        }
        if purpose == .timeStamping {
            _ = X509_STORE_CTX_set_purpose(context, X509_PURPOSE_TIMESTAMP_SIGN)
        }
        let verified = X509_verify_cert(context)
        let error = X509_STORE_CTX_get_error(context)
        let depth = X509_STORE_CTX_get_error_depth(context)
        _ = CryptoError.drainQueue()
        if verified == 1 {
            let stack = X509_STORE_CTX_get1_chain(context)
            let chain = Certificate.all(in: stack)
            if let stack { crial_sk_X509_pop_free(stack) }
            return .trusted(chain: chain)
        }
        let text = X509_verify_cert_error_string(Int(error)).map { String(cString: $0) } ?? "error \(error)"
        let reason = "\(text) (certificate at depth \(depth))"
        switch error {
        case X509_V_ERR_CERT_HAS_EXPIRED: return .expired(reason: reason)
        case X509_V_ERR_CERT_NOT_YET_VALID: return .notYetValid(reason: reason)
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
             X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
             X509_V_ERR_CERT_UNTRUSTED, X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            return .untrusted(reason: reason)
        default: return .invalid(reason: reason)
        }
    }
}
