import RialCrypto
@testable import RialVerifier

/// OpenSSL as the verifier uses it, except for the answers a test chooses: what OpenSSL says
/// of a token without its signer, a token signature that does not verify, or a chain it
/// rejects. The checks' wording of each answer is then tested over a real package and token,
/// without forging one per answer (the answers themselves are RialCryptoTests').
struct AnsweringCrypto: VerifierCrypto {
    /// The TSA signer OpenSSL finds: `.some(nil)` for none; `nil` asks OpenSSL.
    var tsaSigner: Certificate?? = nil
    /// Whether the token's signature verifies; `nil` asks OpenSSL.
    var tsaSignatureVerifies: Bool? = nil
    /// Every chain's outcome; `nil` asks OpenSSL.
    var chain: TrustStore.Outcome? = nil
    private let real = OpenSSLCrypto()

    func verifies(_ signature: DetachedSignature, content: [UInt8]) throws(CryptoError) -> Bool {
        try real.verifies(signature, content: content)
    }

    func validate(
        _ leaf: Certificate, in store: TrustStore, intermediates: [Certificate], at time: Int64,
        purpose: TrustStore.Purpose
    ) throws(CryptoError) -> TrustStore.Outcome {
        if let chain { return chain }
        return try real.validate(leaf, in: store, intermediates: intermediates, at: time, purpose: purpose)
    }

    func signer(of response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Certificate? {
        if let tsaSigner { return tsaSigner }
        return try real.signer(of: response, extra: extra)
    }

    func signatureVerifies(_ response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Bool {
        if let tsaSignatureVerifies { return tsaSignatureVerifies }
        return try real.signatureVerifies(response, extra: extra)
    }

    func problem(
        with response: TimeStampResponse, anchors: [Certificate], intermediates: [Certificate],
        imprint: [UInt8], signerOnly: Bool
    ) throws(CryptoError) -> String? {
        try real.problem(with: response, anchors: anchors, intermediates: intermediates, imprint: imprint, signerOnly: signerOnly)
    }
}
