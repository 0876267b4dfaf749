internal import CRialOpenSSL

/// An OCSP response (RFC 6960), parsed by OpenSSL: whether its signer may speak for a
/// certificate's issuer, and what it says about the certificate.
///
/// Owns its OpenSSL objects, freed in `deinit`.
public final class OCSPResponse: @unchecked Sendable {
    // Immutable after init; read only.
    private let response: OpaquePointer
    private let basic: OpaquePointer

    /// Reads one OCSP response: DER, or PEM (`-----BEGIN OCSP RESPONSE-----`).
    /// - Parameter source: the file, for messages.
    /// - Throws: ``CryptoError`` `.malformed` when the bytes are not one OCSP response, or it is
    ///   not a successful basic response (a responder's error carries no status).
    public init(_ bytes: [UInt8], source: String) throws {
        ERR_clear_error()
        let der = PEMText.looksLikePEM(bytes) ? try Self.pemBlock(bytes, source: source) : bytes
        let response = try OpenSSLBytes.parseDER(der, "\(source): OCSP response") { cursor, count in d2i_OCSP_RESPONSE(nil, cursor, count) }
        let status = OCSP_response_status(response)
        guard status == OCSP_RESPONSE_STATUS_SUCCESSFUL else {
            OCSP_RESPONSE_free(response)
            throw CryptoError(.malformed, "\(source): the OCSP responder answered \(String(cString: OCSP_response_status_str(Int(status)))), not a status")
        }
        guard let basic = OCSP_response_get1_basic(response) else {
            OCSP_RESPONSE_free(response)
            throw CryptoError(.malformed, "\(source): not a basic OCSP response", openSSLErrors: CryptoError.drainQueue())
        }
        self.response = response
        self.basic = basic
    }

    deinit {
        OCSP_BASICRESP_free(basic)
        OCSP_RESPONSE_free(response)
    }

    /// The DER inside the one PEM block labelled `OCSP RESPONSE`.
    private static func pemBlock(_ bytes: [UInt8], source: String) throws -> [UInt8] {
        try OpenSSLBytes.withReadBIO(bytes) { bio in
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            guard PEM_bytes_read_bio(&data, &length, nil, PEM_STRING_OCSP_RESPONSE, bio, nil, nil) == 1, let data else {
                throw CryptoError(.malformed, "\(source) holds no PEM OCSP RESPONSE", openSSLErrors: CryptoError.drainQueue())
            }
            defer { crial_OPENSSL_free(data) }
            return Array(UnsafeBufferPointer(start: data, count: max(0, length)))
        }
    }

    /// What the response says about `certificate`, whose issuer is `issuer`, with its window;
    /// `nil` when it says nothing about it (no single response with its CertID, by SHA-1 or
    /// SHA-256) or its dates cannot be read.
    package func statement(about certificate: Certificate, issuer: Certificate) -> RevocationStatement? {
        defer { _ = CryptoError.drainQueue() }
        for digest in [EVP_sha1(), EVP_sha256()] {
            guard let id = OCSP_cert_to_id(digest, certificate.handle, issuer.handle) else { continue }
            defer { OCSP_CERTID_free(id) }
            var status: Int32 = -1, reason: Int32 = -1
            var revokedAt: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
            var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
            var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
            guard OCSP_resp_find_status(basic, id, &status, &reason, &revokedAt, &thisUpdate, &nextUpdate) == 1 else { continue }
            guard let from = OpenSSLBytes.seconds(of: thisUpdate) else { return nil }
            let until = OpenSSLBytes.seconds(of: nextUpdate)
            switch status {
            case V_OCSP_CERTSTATUS_GOOD:
                return RevocationStatement(status: .good, thisUpdate: from, nextUpdate: until)
            case V_OCSP_CERTSTATUS_REVOKED:
                guard let at = OpenSSLBytes.seconds(of: revokedAt) else { return nil }
                return RevocationStatement(status: .revoked(at: at, reason: RevocationReason(rawValue: Int(reason))), thisUpdate: from, nextUpdate: until)
            default:
                return RevocationStatement(status: .unknown, thisUpdate: from, nextUpdate: until)
            }
        }
        return nil
    }

    /// Why the response may not speak for `certificate`'s issuer, or `nil` when it may:
    /// OpenSSL's `OCSP_basic_verify`, judged at `time`, accepts its signature, and its signer is
    /// the issuer itself or a delegated responder (id-kp-OCSPSigning) the issuer certified,
    /// chaining to `anchors` (RFC 6960 §4.2.2.2). A root merely trusted for OCSP signing is not
    /// enough (`OCSP_NOEXPLICIT`): only the issuer can delegate.
    /// - Parameters:
    ///   - anchors: the verifier's trust anchors.
    ///   - chain: the certificate's chain (the issuer and any CA above it), which may complete
    ///     the responder's.
    ///   - time: when the responder's certificates must be valid.
    /// - Throws: ``CryptoError`` when OpenSSL cannot set the check up, so a setup failure never
    ///   reads as a verdict on the response.
    package func authorityProblem(anchors: [Certificate], chain: [Certificate], at time: Int64) throws(CryptoError) -> String? {
        ERR_clear_error()
        guard let store = X509_STORE_new() else { throw CryptoError.openSSL("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        for anchor in anchors {
            try CryptoError.check(X509_STORE_add_cert(store, anchor.handle), "X509_STORE_add_cert")
        }
        guard let parameters = X509_STORE_get0_param(store) else { throw CryptoError.openSSL("X509_STORE_get0_param") }
        X509_VERIFY_PARAM_set_time(parameters, time_t(time))
        let verified = try Certificate.withStack(chain) { stack in
            OCSP_basic_verify(basic, stack, store, UInt(OCSP_NOEXPLICIT))
        }
        let messages = CryptoError.drainQueue()
        // Below 1 either way: -1 is also what a response with no single response gets, and both
        // leave the evidence unused (NOT CHECKED), never a verdict.
        return verified == 1
            ? nil
            : (messages.isEmpty
                ? "its signer is neither the issuer nor a responder the issuer certified for OCSP signing (OCSP_basic_verify)"
                : messages.joined(separator: "; "))
    }
}
