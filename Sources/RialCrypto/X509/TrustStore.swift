internal import CRialOpenSSL

/// Trust anchors chosen by the person verifying, and RFC 5280 path validation against them.
///
/// Anchors come only from the verifier's side (`--trust`, `--tsa-trust`): certificates that
/// travel inside a package are offered as intermediates, never as anchors, so a package
/// cannot vouch for itself.
package struct TrustStore: Sendable {
    package enum Purpose: Sendable {
        /// Any purpose, as `openssl cms -verify -purpose any`: a seal's signer.
        case any
        /// RFC 3161 time stamping: the TSA's certificate must carry the critical
        /// timeStamping extended key usage.
        case timeStamping
    }

    /// The outcome of building and checking a chain.
    package enum Outcome: Sendable {
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

    package let anchors: [Certificate]

    package init(anchors: [Certificate]) {
        self.anchors = anchors
    }

    /// Validates `leaf` at `time`, building its chain from `intermediates`.
    ///
    /// Every certificate on the chain must be valid at `time`, the anchor included. Partial
    /// chains are not accepted: an anchor must be a root (or the self-signed leaf itself), so
    /// `openssl cms -verify -CAfile` gives the same answer.
    /// - Parameters:
    ///   - leaf: the certificate to validate.
    ///   - intermediates: certificates that may complete its chain; never anchors.
    ///   - time: seconds since 1970 at which every certificate must be valid.
    ///   - purpose: what the leaf must be usable for.
    /// - Returns: the outcome of path validation.
    /// - Throws: ``CryptoError`` when OpenSSL cannot set the check up (a store, stack or
    ///   context it cannot make, an anchor it cannot add, a purpose it cannot set), so a
    ///   setup failure never reads as a verdict on the certificate.
    package func evaluate(_ leaf: Certificate, intermediates: [Certificate], at time: Int64, purpose: Purpose) throws(CryptoError) -> Outcome {
        guard !anchors.isEmpty else { return .untrusted(reason: "no trust anchor was given") }
        ERR_clear_error()
        guard let store = X509_STORE_new() else { throw CryptoError.openSSL("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        // OpenSSL 1.1.1 and later accept a duplicate anchor, so any failure here is real.
        for anchor in anchors {
            try CryptoError.check(X509_STORE_add_cert(store, anchor.handle), "X509_STORE_add_cert")
        }
        let untrusted = try Certificate.makeStack(intermediates)
        defer { crial_sk_X509_pop_free(untrusted) }
        guard let context = X509_STORE_CTX_new() else { throw CryptoError.openSSL("X509_STORE_CTX_new") }
        defer { X509_STORE_CTX_free(context) }
        try CryptoError.check(X509_STORE_CTX_init(context, store, leaf.handle, untrusted), "X509_STORE_CTX_init")
        guard let parameters = X509_STORE_CTX_get0_param(context) else { throw CryptoError.openSSL("X509_STORE_CTX_get0_param") }
        X509_VERIFY_PARAM_set_time(parameters, time_t(time))
        if purpose == .timeStamping {
            // Unchecked, a failure here would validate the TSA's chain for any purpose.
            try CryptoError.check(X509_STORE_CTX_set_purpose(context, X509_PURPOSE_TIMESTAMP_SIGN), "X509_STORE_CTX_set_purpose")
        }
        let verified = X509_verify_cert(context)
        let error = X509_STORE_CTX_get_error(context)
        let depth = X509_STORE_CTX_get_error_depth(context)
        // Negative: OpenSSL could not run the check at all (no context, an internal error).
        guard verified >= 0 else { throw CryptoError.openSSL("X509_verify_cert") }
        _ = CryptoError.drainQueue()
        if verified == 1 {
            guard let stack = X509_STORE_CTX_get1_chain(context) else { throw CryptoError.openSSL("X509_STORE_CTX_get1_chain") }
            defer { crial_sk_X509_pop_free(stack) }
            return .trusted(chain: try Certificate.all(in: stack))
        }
        let text = X509_verify_cert_error_string(Int(error)).map { String(cString: $0) } ?? "error \(error)"
        let reason = "\(text) (certificate at depth \(depth))"
        // Out of memory, or a failure OpenSSL does not name: this machine, not the chain.
        if error == X509_V_ERR_OUT_OF_MEM || error == X509_V_ERR_UNSPECIFIED {
            throw CryptoError(.openSSLFailure, "X509_verify_cert could not complete: \(reason)")
        }
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
