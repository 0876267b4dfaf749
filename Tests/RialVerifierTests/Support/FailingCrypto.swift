import RialCrypto
@testable import RialVerifier

/// OpenSSL as the verifier uses it, except that the chosen operations fail as OpenSSL does on
/// a machine that cannot allocate a store or set a context up: they throw ``CryptoError``.
/// Such a failure is the machine's, not the package's, so it must read NOT CHECKED.
struct FailingCrypto: VerifierCrypto {
    enum Operation: Hashable { case signature, chain, tsaSigner, tsaSignature, tsaVerification }

    let failing: Set<Operation>
    private let real = OpenSSLCrypto()

    init(_ failing: Set<Operation>) { self.failing = failing }

    private func fail(_ operation: Operation) throws(CryptoError) {
        if failing.contains(operation) { throw CryptoError(.openSSLFailure, "X509_STORE_new failed") }
    }

    func verifies(_ signature: DetachedSignature, content: [UInt8]) throws(CryptoError) -> Bool {
        try fail(.signature)
        return try real.verifies(signature, content: content)
    }

    func validate(
        _ leaf: Certificate, in store: TrustStore, intermediates: [Certificate], at time: Int64,
        purpose: TrustStore.Purpose
    ) throws(CryptoError) -> TrustStore.Outcome {
        try fail(.chain)
        return try real.validate(leaf, in: store, intermediates: intermediates, at: time, purpose: purpose)
    }

    func signer(of response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Certificate? {
        try fail(.tsaSigner)
        return try real.signer(of: response, extra: extra)
    }

    func signatureVerifies(_ response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Bool {
        try fail(.tsaSignature)
        return try real.signatureVerifies(response, extra: extra)
    }

    func problem(
        with response: TimeStampResponse, anchors: [Certificate], intermediates: [Certificate],
        imprint: [UInt8], signerOnly: Bool
    ) throws(CryptoError) -> String? {
        try fail(.tsaVerification)
        return try real.problem(with: response, anchors: anchors, intermediates: intermediates, imprint: imprint, signerOnly: signerOnly)
    }
}
