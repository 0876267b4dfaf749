internal import CRialOpenSSL

/// Makes the certificates `rial keygen` writes: a self-signed certificate for a signer without
/// an organisation's CA, or a certificate signing request for one that has a CA.
package enum CertificateIssuer {
    /// A self-signed end-entity certificate for `key`, valid from now for `days` days.
    ///
    /// `CA:FALSE` with digitalSignature and nonRepudiation: the key signs evidence, never
    /// other certificates. A verifier trusts it only when given this very certificate as an
    /// anchor.
    /// - Throws: ``CryptoError`` when OpenSSL refuses a step.
    package static func selfSigned(key: SigningKey, subject: DistinguishedName, days: Int, now: Int64) throws -> Certificate {
        try issue(key: key, subject: subject, issuer: nil, profile: .signer, notBefore: now, days: days)
    }

    /// What a certificate is for: its basic constraints, key usage and extended key usage.
    package enum Profile: Sendable {
        /// `CA:FALSE`, digitalSignature and nonRepudiation: signs evidence.
        case signer
        /// `CA:TRUE`, keyCertSign and cRLSign: a root that issues certificates.
        case authority
        /// `CA:FALSE`, digitalSignature, and the critical extended key usage timeStamping that
        /// RFC 3161 §2.3 requires of a TSA's certificate.
        case timeStamping

        var extensions: [(Int32, String)] {
            switch self {
            case .signer:
                return [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature,nonRepudiation")]
            case .authority:
                return [(NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,keyCertSign,cRLSign")]
            case .timeStamping:
                return [
                    (NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature"),
                    (NID_ext_key_usage, "critical,timeStamping"),
                ]
            }
        }
    }

    /// A certificate for `key`, signed by `issuer` (self-signed when `nil`), valid from
    /// `notBefore` for `days` days.
    /// - Throws: ``CryptoError`` when OpenSSL refuses a step.
    package static func issue(
        key: SigningKey, subject: DistinguishedName, issuer: (certificate: Certificate, key: SigningKey)?,
        profile: Profile, notBefore: Int64, days: Int
    ) throws -> Certificate {
        guard let cert = X509_new() else { throw CryptoError.openSSL("X509_new") }
        // Wrapped only once signed: a Certificate's fingerprint is taken when it is made.
        var isComplete = false
        defer { if !isComplete { X509_free(cert) } }
        let name = try subject.makeX509Name()
        defer { X509_NAME_free(name) }
        guard X509_set_version(cert, 2) == 1, X509_set_subject_name(cert, name) == 1,
            X509_set_issuer_name(cert, issuer.map { X509_get_subject_name($0.certificate.handle) } ?? name) == 1,
            X509_set_pubkey(cert, key.handle) == 1
        else { throw CryptoError.openSSL("X509_set_…") }
        try setRandomSerial(cert)
        var start = time_t(notBefore)
        guard X509_time_adj_ex(X509_getm_notBefore(cert), 0, 0, &start) != nil,
            X509_time_adj_ex(X509_getm_notAfter(cert), Int32(clamping: days), 0, &start) != nil
        else {
            throw CryptoError.openSSL("X509_time_adj_ex")
        }
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer?.certificate.handle ?? cert, cert, nil, nil, 0)
        let identifiers = [(NID_subject_key_identifier, "hash")] + (issuer == nil ? [] : [(NID_authority_key_identifier, "keyid:always")])
        for (nid, value) in profile.extensions + identifiers {
            guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else { throw CryptoError.openSSL("X509V3_EXT_conf_nid") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(cert, ext, -1) == 1 else { throw CryptoError.openSSL("X509_add_ext") }
        }
        guard X509_sign(cert, (issuer?.key ?? key).handle, EVP_sha256()) > 0 else { throw CryptoError.openSSL("X509_sign") }
        isComplete = true
        return try Certificate(owning: cert)
    }

    /// A PKCS#10 certificate signing request for `key`, PEM.
    /// - Throws: ``CryptoError`` when OpenSSL refuses a step.
    package static func signingRequestPEM(key: SigningKey, subject: DistinguishedName) throws -> [UInt8] {
        guard let request = X509_REQ_new() else { throw CryptoError.openSSL("X509_REQ_new") }
        defer { X509_REQ_free(request) }
        let name = try subject.makeX509Name()
        defer { X509_NAME_free(name) }
        guard X509_REQ_set_version(request, 0) == 1, X509_REQ_set_subject_name(request, name) == 1,
            X509_REQ_set_pubkey(request, key.handle) == 1,
            X509_REQ_sign(request, key.handle, EVP_sha256()) > 0
        else { throw CryptoError.openSSL("X509_REQ_sign") }
        return try OpenSSLBytes.collect("PEM_write_bio_X509_REQ") { PEM_write_bio_X509_REQ($0, request) }
    }

    /// 159 random bits, positive, as RFC 5280 §4.1.2.2 allows (at most 20 octets).
    private static func setRandomSerial(_ cert: OpaquePointer) throws {
        guard let number = BN_new() else { throw CryptoError.openSSL("BN_new") }
        defer { BN_free(number) }
        guard BN_rand(number, 159, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY) == 1,
            BN_to_ASN1_INTEGER(number, X509_get_serialNumber(cert)) != nil
        else { throw CryptoError.openSSL("BN_rand") }
    }
}
