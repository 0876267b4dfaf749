import RialCrypto

/// The outcomes of OpenSSL's operations on one RFC 3161 token whose imprint is settled: its
/// signer, its signature, OpenSSL's own RFC 3161 verification short of trust, the TSA's chain
/// to the TSA anchors at genTime, and OpenSSL's verification with those anchors. Each is
/// established only when the one before it holds, so a failure on the machine stops there
/// and reads NOT CHECKED, never as a verdict.
///
/// The seal's token (``TimestampFacts``) and the capture app's (``AppTokenFacts``) are judged
/// by the same operations in the same order; only what their imprints must be differs.
struct TokenSignatureFacts {
    /// The TSA's certificate, looked up among the token's own certificates first.
    let signer: Result<Certificate?, CryptoError>
    /// Whether the token's signature verifies under the signer's key.
    private(set) var signatureVerifies: Result<Bool, CryptoError>?
    /// OpenSSL's RFC 3161 verification short of trust (signature and ESS binding): its reason to reject.
    private(set) var signerOnlyProblem: Result<String?, CryptoError>?
    /// The TSA's chain to the TSA anchors at genTime, for time stamping; `nil` without anchors.
    private(set) var tsaChain: Result<TrustStore.Outcome, CryptoError>?
    /// OpenSSL's RFC 3161 verification with the anchors, once the chain is trusted.
    private(set) var anchoredProblem: Result<String?, CryptoError>?

    /// - Parameters:
    ///   - extra: certificates beside the token that may be its signer or complete its chain;
    ///     never anchors.
    ///   - anchors: the TSA anchors the verifier gave (`--tsa-trust`).
    ///   - imprint: what OpenSSL compares the token's imprint with.
    init(_ response: TimeStampResponse, extra: [Certificate], anchors: [Certificate], imprint: [UInt8], crypto: any VerifierCrypto) {
        signer = Result { () throws(CryptoError) -> Certificate? in try crypto.signer(of: response, extra: extra) }
        guard case .success(let tsa?) = signer else { return }
        signatureVerifies = Result { () throws(CryptoError) -> Bool in try crypto.signatureVerifies(response, extra: extra) }
        guard case .success(true)? = signatureVerifies else { return }
        let intermediates = response.embeddedCertificates + extra
        signerOnlyProblem = Result { () throws(CryptoError) -> String? in
            try crypto.problem(with: response, anchors: [tsa], intermediates: intermediates, imprint: imprint, signerOnly: true)
        }
        guard case .success(nil)? = signerOnlyProblem, !anchors.isEmpty else { return }
        tsaChain = Result { () throws(CryptoError) -> TrustStore.Outcome in
            try crypto.validate(tsa, in: TrustStore(anchors: anchors), intermediates: intermediates, at: response.genTime, purpose: .timeStamping)
        }
        guard case .success(.trusted)? = tsaChain else { return }
        anchoredProblem = Result { () throws(CryptoError) -> String? in
            try crypto.problem(with: response, anchors: anchors, intermediates: intermediates, imprint: imprint, signerOnly: false)
        }
    }
}
