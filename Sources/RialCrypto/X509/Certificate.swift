internal import CRialOpenSSL

/// An X.509 certificate, parsed by OpenSSL, with the few facts a seal's report names.
///
/// Owns one reference to the OpenSSL object, dropped in `deinit`.
public final class Certificate: @unchecked Sendable {
    // Immutable after init; OpenSSL's X509 is safe to read from several threads.
    let handle: OpaquePointer

    /// The SHA-256 of the DER encoding, lower-case hex: the fingerprint people compare.
    /// Computed once, because reports name it many times.
    public let fingerprintSHA256: String

    /// Takes ownership of one reference (released when this throws).
    /// - Throws: ``CryptoError`` when OpenSSL cannot encode the certificate to take its
    ///   fingerprint (out of memory): a certificate is never named by an empty fingerprint.
    init(owning handle: OpaquePointer) throws(CryptoError) {
        guard let der = try? OpenSSLBytes.der("i2d_X509", { i2d_X509(handle, $0) }),
            let digest = try? StreamingDigest.digest(.sha256, of: der)
        else {
            X509_free(handle)
            throw CryptoError.openSSL("i2d_X509")
        }
        self.handle = handle
        fingerprintSHA256 = hex(digest)
    }

    /// Adds a reference to a certificate owned elsewhere.
    convenience init(borrowing handle: OpaquePointer) throws(CryptoError) {
        X509_up_ref(handle)
        try self.init(owning: handle)
    }

    deinit { X509_free(handle) }

    /// Parses one DER certificate, with nothing after it.
    /// - Throws: ``CryptoError`` `.malformed`.
    public convenience init(der: [UInt8]) throws {
        let handle = try OpenSSLBytes.parseDER(der, "certificate") { cursor, count in d2i_X509(nil, cursor, count) }
        try self.init(owning: handle)
    }

    /// Every certificate in PEM text, in order.
    /// - Throws: ``CryptoError`` `.malformed` when the text holds no certificate or a broken one.
    public static func load(pem: [UInt8], source: String) throws -> [Certificate] {
        var certificates: [Certificate] = []
        try OpenSSLBytes.withReadBIO(pem) { bio in
            while let handle = PEM_read_bio_X509(bio, nil, nil, nil) {
                certificates.append(try Certificate(owning: handle))
            }
            try PEMText.expectEnd("\(source) holds a certificate that cannot be read")
        }
        guard !certificates.isEmpty else { throw CryptoError(.malformed, "\(source) holds no PEM certificate") }
        return certificates
    }

    /// The DER encoding.
    package func der() throws -> [UInt8] {
        try OpenSSLBytes.der("i2d_X509") { i2d_X509(handle, $0) }
    }

    /// The PEM encoding.
    package func pem() throws -> [UInt8] {
        try OpenSSLBytes.collect("PEM_write_bio_X509") { PEM_write_bio_X509($0, handle) }
    }

    /// The subject as RFC 2253 text, most specific first (`CN=…,O=…`).
    public var subject: String { Self.text(of: X509_get_subject_name(handle)) }

    /// The subject's common name (CN), UTF-8; `nil` when it has none or several.
    public var subjectCommonName: String? { Self.attribute(NID_commonName, of: X509_get_subject_name(handle)) }

    /// The subject's organisation (O), UTF-8; `nil` when it has none or several.
    public var subjectOrganization: String? { Self.attribute(NID_organizationName, of: X509_get_subject_name(handle)) }

    /// The issuer as RFC 2253 text.
    public var issuer: String { Self.text(of: X509_get_issuer_name(handle)) }

    /// Whether subject and issuer are the same name (a root or a self-signed certificate).
    public var isSelfIssued: Bool { X509_NAME_cmp(X509_get_subject_name(handle), X509_get_issuer_name(handle)) == 0 }

    /// The serial number in upper-case hex.
    public var serialHex: String { OpenSSLBytes.hex(of: X509_get0_serialNumber(handle)) ?? "" }

    /// Start of validity, seconds since 1970.
    public var notBefore: Int64? { OpenSSLBytes.seconds(of: X509_get0_notBefore(handle)) }

    /// End of validity, seconds since 1970.
    public var notAfter: Int64? { OpenSSLBytes.seconds(of: X509_get0_notAfter(handle)) }

    /// Whether the certificate's public key is an EC key on P-256.
    public var hasP256Key: Bool {
        guard let key = X509_get0_pubkey(handle) else { return false }
        return SigningKey.isP256(key)
    }

    /// Whether the certificate carries an extended key usage extension, marked critical, that
    /// allows time stamping and nothing else: what RFC 3161 §2.3 asks of a TSA certificate.
    package var hasCriticalTimeStampingUsageOnly: Bool {
        guard X509_get_extension_flags(handle) & UInt32(EXFLAG_XKUSAGE) != 0,
            X509_get_extended_key_usage(handle) == UInt32(XKU_TIMESTAMP)
        else { return false }
        let index = X509_get_ext_by_NID(handle, NID_ext_key_usage, -1)
        guard index >= 0, let extensionHandle = X509_get_ext(handle, index) else { return false }
        return X509_EXTENSION_get_critical(extensionHandle) == 1
    }

    /// Whether `key` is this certificate's private key.
    package func matches(_ key: SigningKey) -> Bool {
        X509_check_private_key(handle, key.handle) == 1
    }

    /// The one attribute of type `nid` in `name`; `nil` when there is none or more than one,
    /// so a name cannot be matched by whichever of two CNs a reader happens to pick.
    private static func attribute(_ nid: Int32, of name: OpaquePointer?) -> String? {
        guard let name else { return nil }
        let index = X509_NAME_get_index_by_NID(name, nid, -1)
        guard index >= 0, X509_NAME_get_index_by_NID(name, nid, index) < 0,
            let entry = X509_NAME_get_entry(name, index), let data = X509_NAME_ENTRY_get_data(entry)
        else { return nil }
        var out: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&out, data)
        guard length >= 0, let out else { return nil }
        defer { crial_OPENSSL_free(out) }
        return String(decoding: UnsafeBufferPointer(start: out, count: Int(length)), as: UTF8.self)
    }

    /// A name as RFC 2253 text, UTF-8 kept as is (certificates' and CRLs' names alike).
    static func text(of name: OpaquePointer?) -> String {
        guard let name else { return "" }
        let flags = crial_name_flags()
        let bytes = try? OpenSSLBytes.collect("X509_NAME_print_ex") { bio in
            X509_NAME_print_ex(bio, name, 0, flags) >= 0 ? 1 : 0
        }
        return String(decoding: bytes ?? [], as: UTF8.self)
    }
}
