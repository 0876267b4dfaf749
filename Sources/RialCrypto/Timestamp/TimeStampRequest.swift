internal import CRialOpenSSL

/// An RFC 3161 TimeStampReq, DER: a SHA-256 message imprint, a random 64-bit nonce, and a
/// request for the TSA's certificate in the token.
public struct TimeStampRequest: Sendable {
    /// The DER bytes to hand to the TSA.
    public let der: [UInt8]
    /// The nonce, upper-case hex; the reply must repeat it.
    public let nonceHex: String

    /// - Parameter imprint: the SHA-256 of the bytes to timestamp (32 bytes).
    /// - Throws: ``CryptoError``.
    public init(sha256Imprint imprint: [UInt8]) throws {
        try self.init(imprint: imprint, algorithm: .sha256)
    }

    /// - Parameters:
    ///   - imprint: the hash of the bytes to timestamp, `algorithm.byteCount` bytes.
    ///   - algorithm: SHA-256, SHA-384 or SHA-512 (an archive timestamp may need a stronger hash).
    /// - Throws: ``CryptoError``.
    package init(imprint: [UInt8], algorithm: DigestAlgorithm) throws {
        let nid: Int32
        switch algorithm {
        case .sha256: nid = NID_sha256
        case .sha384: nid = NID_sha384
        case .sha512: nid = NID_sha512
        case .md5, .sha1, .sha224: throw CryptoError(.unsupportedAlgorithm, "\(algorithm.displayName) is not taken for a timestamp request")
        }
        guard imprint.count == algorithm.byteCount else {
            throw CryptoError(.unusable, "a \(algorithm.displayName) imprint is \(algorithm.byteCount) bytes, not \(imprint.count)")
        }
        guard let request = TS_REQ_new(), let messageImprint = TS_MSG_IMPRINT_new(), let algorithmIdentifier = X509_ALGOR_new(),
            let nonce = BN_new()
        else { throw CryptoError.openSSL("TS_REQ_new") }
        defer { TS_REQ_free(request); TS_MSG_IMPRINT_free(messageImprint); X509_ALGOR_free(algorithmIdentifier); BN_free(nonce) }
        guard X509_ALGOR_set0(algorithmIdentifier, OBJ_nid2obj(nid), V_ASN1_NULL, nil) == 1,
            TS_MSG_IMPRINT_set_algo(messageImprint, algorithmIdentifier) == 1,
            imprint.withUnsafeBufferPointer({ TS_MSG_IMPRINT_set_msg(messageImprint, UnsafeMutablePointer(mutating: $0.baseAddress), Int32($0.count)) }) == 1,
            TS_REQ_set_version(request, 1) == 1,
            TS_REQ_set_msg_imprint(request, messageImprint) == 1,
            BN_rand(nonce, 64, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1,
            TS_REQ_set_cert_req(request, 1) == 1
        else { throw CryptoError.openSSL("TS_REQ_set_…") }
        guard let nonceInteger = BN_to_ASN1_INTEGER(nonce, nil) else { throw CryptoError.openSSL("BN_to_ASN1_INTEGER") }
        defer { ASN1_INTEGER_free(nonceInteger) }
        guard TS_REQ_set_nonce(request, nonceInteger) == 1 else { throw CryptoError.openSSL("TS_REQ_set_nonce") }
        der = try OpenSSLBytes.der("i2d_TS_REQ") { i2d_TS_REQ(request, $0) }
        nonceHex = OpenSSLBytes.hex(of: nonceInteger) ?? ""
    }

    /// The nonce of a request read back from DER, upper-case hex, or `nil` if it has none.
    /// - Throws: ``CryptoError`` `.malformed` when the bytes are not a TimeStampReq.
    public static func nonceHex(ofRequest der: [UInt8]) throws -> String? {
        let request = try OpenSSLBytes.parseDER(der, "timestamp request") { cursor, count in d2i_TS_REQ(nil, cursor, count) }
        defer { TS_REQ_free(request) }
        return TS_REQ_get_nonce(request).flatMap { OpenSSLBytes.hex(of: $0) }
    }
}
