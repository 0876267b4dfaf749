internal import CRialOpenSSL

/// Signs bytes as a detached CMS SignedData (RFC 5652), DER: SHA-256, ECDSA P-256, the
/// signer's certificate and chain embedded, signed attributes contentType, signingTime and
/// messageDigest. The content itself is not embedded: the signature covers the exact bytes of
/// a file that travels beside it.
///
/// `openssl cms -verify -binary -inform DER -in SIG -content FILE -CAfile ROOT -purpose any`
/// checks the output.
public struct DetachedSigner: Sendable {
    public let key: SigningKey
    public let certificate: Certificate
    /// Intermediate certificates to embed, leaf first; never the trust anchor's job.
    public let chain: [Certificate]

    /// - Throws: ``CryptoError`` `.unusable` when the key is not the certificate's, or the
    ///   certificate's key is not P-256.
    public init(key: SigningKey, certificate: Certificate, chain: [Certificate]) throws {
        guard certificate.hasP256Key else {
            throw CryptoError(.unusable, "the certificate's key is not ECDSA P-256; seals use P-256 only")
        }
        guard certificate.matches(key) else {
            _ = CryptoError.drainQueue()
            throw CryptoError(.unusable, "the private key does not belong to the certificate \(certificate.subject)")
        }
        self.key = key
        self.certificate = certificate
        self.chain = chain
    }

    /// The DER SignedData over `content`, its ECDSA signature in low-S form
    /// (``ECDSASignatureValue``).
    /// - Throws: ``CryptoError`` when OpenSSL refuses a step.
    public func sign(_ content: [UInt8]) throws -> [UInt8] {
        let extra = try Certificate.makeStack(chain)
        defer { crial_sk_X509_pop_free(extra) }
        let flags = UInt32(CMS_DETACHED | CMS_BINARY | CMS_PARTIAL | CMS_NOSMIMECAP)
        guard let cms = CMS_sign(nil, nil, extra, nil, flags) else { throw CryptoError.openSSL("CMS_sign") }
        defer { CMS_ContentInfo_free(cms) }
        guard let signerInfo = CMS_add1_signer(cms, certificate.handle, key.handle, EVP_sha256(), flags) else {
            throw CryptoError.openSSL("CMS_add1_signer")
        }
        let finished = try OpenSSLBytes.withReadBIO(content) { bio in CMS_final(cms, bio, nil, flags) }
        guard finished == 1 else { throw CryptoError.openSSL("CMS_final") }
        guard let signature = CMS_SignerInfo_get0_signature(signerInfo) else { throw CryptoError.openSSL("CMS_SignerInfo_get0_signature") }
        let value = OpenSSLBytes.bytes(of: signature)
        let canonical = try ECDSASignatureValue.lowS(value)
        if canonical != value {
            let replaced = canonical.withUnsafeBufferPointer { ASN1_STRING_set(signature, $0.baseAddress, Int32($0.count)) }
            guard replaced == 1 else { throw CryptoError.openSSL("ASN1_STRING_set") }
        }
        return try OpenSSLBytes.der("i2d_CMS_ContentInfo") { i2d_CMS_ContentInfo(cms, $0) }
    }
}
