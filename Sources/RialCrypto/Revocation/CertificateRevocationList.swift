internal import CRialOpenSSL

/// An X.509 CRL (RFC 5280 §5), parsed by OpenSSL, and what it says about one certificate.
///
/// Owns its OpenSSL object, freed in `deinit`. Nothing here trusts the CRL: ``isIssued(by:)``
/// says whether the certificate's issuer signed it, and callers use nothing else.
public final class CertificateRevocationList: @unchecked Sendable {
    // Immutable after init. OpenSSL sorts the revoked list on the first lookup under the CRL's
    // own lock, so lookups from several threads (a batch's jobs) are safe.
    private let handle: OpaquePointer

    private init(owning handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { X509_CRL_free(handle) }

    /// Every CRL in `bytes`: one DER CRL, or PEM text holding one or more.
    /// - Parameter source: the file, for messages.
    /// - Throws: ``CryptoError`` `.malformed` when the bytes hold no CRL, or a broken one.
    public static func load(_ bytes: [UInt8], source: String) throws -> [CertificateRevocationList] {
        ERR_clear_error()
        guard PEMText.looksLikePEM(bytes) else {
            let handle = try OpenSSLBytes.parseDER(bytes, "\(source): CRL") { cursor, count in d2i_X509_CRL(nil, cursor, count) }
            return [CertificateRevocationList(owning: handle)]
        }
        var lists: [CertificateRevocationList] = []
        try OpenSSLBytes.withReadBIO(bytes) { bio in
            while let handle = PEM_read_bio_X509_CRL(bio, nil, nil, nil) {
                lists.append(CertificateRevocationList(owning: handle))
            }
            try PEMText.expectEnd("\(source) holds a CRL that cannot be read")
        }
        guard !lists.isEmpty else { throw CryptoError(.malformed, "\(source) holds no CRL (PEM X509 CRL or DER)") }
        return lists
    }

    /// The issuer's name, RFC 2253.
    public var issuer: String { Certificate.text(of: X509_CRL_get_issuer(handle)) }

    /// thisUpdate, seconds since 1970.
    public var thisUpdate: Int64? { OpenSSLBytes.seconds(of: X509_CRL_get0_lastUpdate(handle)) }

    /// nextUpdate, seconds since 1970; `nil` when the CRL states none.
    public var nextUpdate: Int64? { OpenSSLBytes.seconds(of: X509_CRL_get0_nextUpdate(handle)) }

    /// Whether the CRL names `issuer`'s subject as its issuer: whether it claims to speak for
    /// the certificates `issuer` issued.
    package func names(_ issuer: Certificate) -> Bool {
        X509_NAME_cmp(X509_CRL_get_issuer(handle), X509_get_subject_name(issuer.handle)) == 0
    }

    /// Whether `issuer` issued this CRL: the CRL names it as issuer, the certificate may sign
    /// CRLs (cRLSign, when it states key usages), and the CRL's signature verifies under its key
    /// (`X509_CRL_verify`).
    package func isIssued(by issuer: Certificate) -> Bool {
        defer { _ = CryptoError.drainQueue() }
        guard names(issuer), X509_get_key_usage(issuer.handle) & UInt32(KU_CRL_SIGN) != 0,
            let key = X509_get0_pubkey(issuer.handle)
        else { return false }
        return X509_CRL_verify(handle, key) == 1
    }

    /// What the CRL says about `certificate` (matched by issuer name and serial number, as
    /// `X509_CRL_get0_by_cert` matches), with the CRL's window; `nil` when the CRL's dates
    /// cannot be read.
    package func statement(about certificate: Certificate) -> RevocationStatement? {
        guard let thisUpdate else { return nil }
        var entry: OpaquePointer?
        let found = X509_CRL_get0_by_cert(handle, &entry, certificate.handle)
        _ = CryptoError.drainQueue()
        // 1: listed; 2: listed as removeFromCRL (a delta CRL's lifted hold), which is not a revocation.
        guard found == 1, let entry, let revokedAt = OpenSSLBytes.seconds(of: X509_REVOKED_get0_revocationDate(entry)) else {
            return RevocationStatement(status: .good, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
        }
        return RevocationStatement(
            status: .revoked(at: revokedAt, reason: Self.reason(of: entry)), thisUpdate: thisUpdate, nextUpdate: nextUpdate,
            invalidSince: Self.invalidityDate(of: entry))
    }

    /// The entry's invalidityDate extension (what `openssl ca -crl_compromise TIME` writes).
    private static func invalidityDate(of entry: OpaquePointer) -> Int64? {
        var critical: Int32 = 0
        guard let raw = X509_REVOKED_get_ext_d2i(entry, NID_invalidity_date, &critical, nil) else {
            _ = CryptoError.drainQueue()
            return nil
        }
        let time = raw.assumingMemoryBound(to: ASN1_GENERALIZEDTIME.self)
        defer { ASN1_GENERALIZEDTIME_free(time) }
        return OpenSSLBytes.seconds(of: time)
    }

    /// The entry's CRLReason extension, when it has one OpenSSL reads.
    private static func reason(of entry: OpaquePointer) -> RevocationReason? {
        var critical: Int32 = 0
        guard let raw = X509_REVOKED_get_ext_d2i(entry, NID_crl_reason, &critical, nil) else {
            _ = CryptoError.drainQueue()
            return nil
        }
        let enumerated = raw.assumingMemoryBound(to: ASN1_ENUMERATED.self)
        defer { ASN1_ENUMERATED_free(enumerated) }
        return RevocationReason(rawValue: ASN1_ENUMERATED_get(enumerated))
    }
}
