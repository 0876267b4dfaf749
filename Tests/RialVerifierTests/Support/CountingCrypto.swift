import RialCrypto
@testable import RialVerifier

/// OpenSSL as the verifier uses it, counting every operation: the laziness tests read the count
/// to see that a check which does not need a signature makes OpenSSL verify none.
struct CountingCrypto: VerifierCrypto {
    /// The count, shared by every copy of the crypto the context holds.
    final class Count {
        private(set) var value = 0
        func add() { value += 1 }
    }

    let count = Count()
    private let real = OpenSSLCrypto()

    /// How many operations were run so far.
    var calls: Int { count.value }

    func verifies(_ signature: DetachedSignature, content: [UInt8]) throws(CryptoError) -> Bool {
        count.add()
        return try real.verifies(signature, content: content)
    }

    func validate(
        _ leaf: Certificate, in store: TrustStore, intermediates: [Certificate], at time: Int64,
        purpose: TrustStore.Purpose
    ) throws(CryptoError) -> TrustStore.Outcome {
        count.add()
        return try real.validate(leaf, in: store, intermediates: intermediates, at: time, purpose: purpose)
    }

    func signer(of response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Certificate? {
        count.add()
        return try real.signer(of: response, extra: extra)
    }

    func signatureVerifies(_ response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Bool {
        count.add()
        return try real.signatureVerifies(response, extra: extra)
    }

    func problem(
        with response: TimeStampResponse, anchors: [Certificate], intermediates: [Certificate],
        imprint: [UInt8], signerOnly: Bool
    ) throws(CryptoError) -> String? {
        count.add()
        return try real.problem(with: response, anchors: anchors, intermediates: intermediates, imprint: imprint, signerOnly: signerOnly)
    }
}
