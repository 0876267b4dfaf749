internal import CRialOpenSSL

/// A throwaway RFC 3161 time-stamping authority, made on the spot: a self-signed root and the
/// TSA certificate it issues, both with P-256 keys that exist only in memory and are gone when
/// it is. `rial sample --kind app-export` uses it to give its synthetic export the capture-time
/// token a real export carries, writing the root beside the export so that `openssl ts -verify`
/// and `rial verify --tsa-trust` can check the token. It attests nothing: it is a sample's
/// authority, and nobody's trust should ever hold its root.
package final class LocalTimeStampAuthority: @unchecked Sendable {
    // Immutable after init.
    /// The self-signed root: the anchor to verify its tokens with.
    package let root: Certificate
    /// The TSA's certificate, issued by ``root``; every token carries it.
    package let certificate: Certificate
    private let key: SigningKey

    /// The policy its tokens name: under the unassigned private enterprise number 99999, as
    /// the test PKI's (`examples/pki`), so that it can never be mistaken for a real TSA's.
    package static let policy = "1.3.6.1.4.1.99999.1.2"

    /// - Parameters:
    ///   - name: what the certificates' common names start with.
    ///   - notBefore: when both certificates become valid (seconds since 1970), before any
    ///     token time asked for.
    ///   - days: how long they stay valid.
    /// - Throws: ``CryptoError`` when OpenSSL refuses a step.
    package init(name: String, notBefore: Int64, days: Int) throws {
        let rootKey = try SigningKey.generateP256()
        root = try CertificateIssuer.issue(
            key: rootKey, subject: DistinguishedName(parsing: "CN=\(name) root,O=rial sample - not a real authority"),
            issuer: nil, profile: .authority, notBefore: notBefore, days: days)
        key = try SigningKey.generateP256()
        certificate = try CertificateIssuer.issue(
            key: key, subject: DistinguishedName(parsing: "CN=\(name) TSA,O=rial sample - not a real authority"),
            issuer: (root, rootKey), profile: .timeStamping, notBefore: notBefore, days: days)
    }

    /// A granted TimeStampResp, DER, over `sha256Imprint` (the SHA-256 of the bytes stamped),
    /// with genTime `seconds` (since 1970), accuracy 1 s, the TSA's certificate included.
    /// - Throws: ``CryptoError`` when OpenSSL refuses a step or does not grant the request.
    package func respond(sha256Imprint imprint: [UInt8], at seconds: Int64) throws -> [UInt8] {
        let request = try TimeStampRequest(sha256Imprint: imprint)
        guard let context = TS_RESP_CTX_new() else { throw CryptoError.openSSL("TS_RESP_CTX_new") }
        defer { TS_RESP_CTX_free(context) }
        guard let policy = OBJ_txt2obj(Self.policy, 1) else { throw CryptoError.openSSL("OBJ_txt2obj") }
        defer { ASN1_OBJECT_free(policy) }
        guard TS_RESP_CTX_set_signer_cert(context, certificate.handle) == 1,
            TS_RESP_CTX_set_signer_key(context, key.handle) == 1,
            TS_RESP_CTX_set_signer_digest(context, EVP_sha256()) == 1,
            TS_RESP_CTX_set_ess_cert_id_digest(context, EVP_sha256()) == 1,
            TS_RESP_CTX_set_def_policy(context, policy) == 1,
            TS_RESP_CTX_add_md(context, EVP_sha256()) == 1,
            TS_RESP_CTX_set_accuracy(context, 1, 0, 0) == 1
        else { throw CryptoError.openSSL("TS_RESP_CTX_set_…") }
        // The time the token states is the one asked for, not the clock's: a sample's capture time.
        var time = seconds
        return try withUnsafeMutablePointer(to: &time) { timePointer in
            TS_RESP_CTX_set_time_cb(
                context,
                { _, data, sec, usec in
                    guard let data, let sec, let usec else { return 0 }
                    sec.pointee = Int(data.assumingMemoryBound(to: Int64.self).pointee)
                    usec.pointee = 0
                    return 1
                }, timePointer)
            TS_RESP_CTX_set_serial_cb(
                context,
                { _, _ in
                    guard let serial = ASN1_INTEGER_new(), let number = BN_new() else { return nil }
                    defer { BN_free(number) }
                    guard BN_rand(number, 63, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1, BN_to_ASN1_INTEGER(number, serial) != nil else {
                        ASN1_INTEGER_free(serial)
                        return nil
                    }
                    return serial
                }, nil)
            let response = try OpenSSLBytes.withReadBIO(request.der) { bio in TS_RESP_create_response(context, bio) }
            guard let response else { throw CryptoError.openSSL("TS_RESP_create_response") }
            defer { TS_RESP_free(response) }
            guard ASN1_INTEGER_get(TS_STATUS_INFO_get0_status(TS_RESP_get_status_info(response))) == 0 else {
                throw CryptoError(.unusable, "the sample TSA did not grant its own request", openSSLErrors: CryptoError.drainQueue())
            }
            return try OpenSSLBytes.der("i2d_TS_RESP") { i2d_TS_RESP(response, $0) }
        }
    }
}
