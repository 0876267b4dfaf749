import RialCrypto

/// The verifier's cryptography as RialCrypto does it, with OpenSSL; the throwing variants, so
/// that OpenSSL failing on the machine is told apart from a package that fails.
struct OpenSSLCrypto: VerifierCrypto {
    func verifies(_ signature: DetachedSignature, content: [UInt8]) throws(CryptoError) -> Bool {
        guard signature.signatureVerifies() else { return false }
        return try signature.opensslCheck(content: content)
    }

    func validate(
        _ leaf: Certificate, in store: TrustStore, intermediates: [Certificate], at time: Int64,
        purpose: TrustStore.Purpose
    ) throws(CryptoError) -> TrustStore.Outcome {
        try store.evaluate(leaf, intermediates: intermediates, at: time, purpose: purpose)
    }

    func signer(of response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Certificate? {
        try response.signerCertificate(extra: extra)
    }

    func signatureVerifies(_ response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Bool {
        try response.checkSignature(extra: extra)
    }

    func problem(
        with response: TimeStampResponse, anchors: [Certificate], intermediates: [Certificate],
        imprint: [UInt8], signerOnly: Bool
    ) throws(CryptoError) -> String? {
        try response.verificationProblem(anchors: anchors, intermediates: intermediates, imprint: imprint, signerOnly: signerOnly)
    }
}
