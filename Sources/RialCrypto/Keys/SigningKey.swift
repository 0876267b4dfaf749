internal import CRialOpenSSL

/// An ECDSA P-256 private key: the key type a phone's Secure Enclave holds, and the only one
/// a seal may use.
public final class SigningKey: @unchecked Sendable {
    // Immutable after init.
    let handle: OpaquePointer

    private init(owning handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { EVP_PKEY_free(handle) }

    /// A new random P-256 key.
    /// - Throws: ``CryptoError`` when OpenSSL cannot generate one.
    public static func generateP256() throws -> SigningKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw CryptoError.openSSL("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1 else {
            throw CryptoError.openSSL("EVP_PKEY_keygen_init")
        }
        var key: OpaquePointer?
        guard EVP_PKEY_generate(context, &key) == 1, let key else { throw CryptoError.openSSL("EVP_PKEY_generate") }
        return SigningKey(owning: key)
    }

    /// Reads a private key from PEM (PKCS#8 or the traditional EC form), unencrypted.
    /// - Throws: ``CryptoError`` `.malformed` when it is not a key, `.unusable` when it is not P-256.
    public convenience init(pem: [UInt8], source: String) throws {
        let key = try OpenSSLBytes.withReadBIO(pem) { bio in
            // A null password callback with no password: an encrypted key fails instead of prompting.
            PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        }
        guard let key else {
            throw CryptoError(.malformed, "\(source) is not an unencrypted PEM private key", openSSLErrors: CryptoError.drainQueue())
        }
        self.init(owning: key)
        guard Self.isP256(handle) else {
            throw CryptoError(.unusable, "\(source) is not an ECDSA P-256 key; seals use P-256 only")
        }
    }

    /// The key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), unencrypted.
    public func pkcs8PEM() throws -> [UInt8] {
        try OpenSSLBytes.collect("PEM_write_bio_PKCS8PrivateKey") { bio in
            PEM_write_bio_PKCS8PrivateKey(bio, handle, nil, nil, 0, nil, nil)
        }
    }

    /// Whether an OpenSSL key is EC on the P-256 curve.
    static func isP256(_ key: OpaquePointer) -> Bool {
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return false }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1 else { return false }
        let group = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return group == "prime256v1" || group == "P-256"
    }
}
