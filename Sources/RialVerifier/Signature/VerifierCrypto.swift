import RialCrypto

/// The OpenSSL operations whose outcome the verification context records as facts.
///
/// A protocol, so that a test can stand in for OpenSSL failing on the machine (a store it
/// cannot allocate, a context it cannot set up) and see that such a failure becomes a NOT
/// CHECKED finding, never a verdict on the package. ``OpenSSLCrypto`` is the real one.
protocol VerifierCrypto {
    /// Whether `signature` verifies over `content`: rial's own check of the signed attributes
    /// and OpenSSL's `CMS_verify`, which must agree.
    func verifies(_ signature: DetachedSignature, content: [UInt8]) throws(CryptoError) -> Bool
    /// RFC 5280 path validation of `leaf` against `store`'s anchors at `time`.
    func validate(
        _ leaf: Certificate, in store: TrustStore, intermediates: [Certificate], at time: Int64,
        purpose: TrustStore.Purpose
    ) throws(CryptoError) -> TrustStore.Outcome
    /// The TSA's signing certificate, or `nil` when none matches the token's signer.
    func signer(of response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Certificate?
    /// Whether the token's signature verifies under its signer's key.
    func signatureVerifies(_ response: TimeStampResponse, extra: [Certificate]) throws(CryptoError) -> Bool
    /// OpenSSL's RFC 3161 verification: `nil` when it accepts the token, else its reason.
    func problem(
        with response: TimeStampResponse, anchors: [Certificate], intermediates: [Certificate],
        imprint: [UInt8], signerOnly: Bool
    ) throws(CryptoError) -> String?
}
