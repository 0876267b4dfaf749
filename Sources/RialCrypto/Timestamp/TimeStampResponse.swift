internal import CRialOpenSSL

/// An RFC 3161 TimeStampResp read from hostile bytes, and the facts of its token: when,
/// by whom, over what.
///
/// Nothing here decides trust; ``TrustStore`` does, at ``genTime``.
package final class TimeStampResponse {
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a DER TimeStampResp, bytes after it, or a token without TSTInfo.
        case malformed(String)
        /// The TSA did not grant the request; there is no token.
        case notGranted(String)

        /// The reason, for messages.
        package var description: String {
            switch self {
            case .malformed(let why): why
            case .notGranted(let why): "the TSA did not grant it: \(why)"
            }
        }
    }

    /// The token's accuracy.
    package enum Accuracy: Sendable, Equatable {
        /// The token states none (RFC 3161 leaves it optional).
        case absent
        case microseconds(Int64)
        /// A part out of its range; the reason.
        case unreadable(String)
    }

    // OpenSSL objects used by one thread at a time; not Sendable.
    private let response: OpaquePointer
    private let token: UnsafeMutablePointer<PKCS7>
    private let info: OpaquePointer

    /// The token's genTime, seconds since 1970 (fractions dropped).
    package let genTime: Int64
    /// The fraction of a second genTime states, in nanoseconds (0 when it states none); a
    /// verdict "no later than genTime" must not round the TSA's time down.
    package let genTimeNanoseconds: Int32
    /// genTime as the token states it (GeneralizedTime text, e.g. `20261122101500Z`).
    package let genTimeText: String
    /// The token's serial number, upper-case hex.
    package let serialHex: String
    /// The TSA's policy, dotted.
    package let policy: String
    /// The nonce, upper-case hex, when the request had one.
    package let nonceHex: String?
    /// The message imprint's hash algorithm, dotted (SHA-256 is `2.16.840.1.101.3.4.2.1`).
    package let imprintAlgorithm: String
    /// Whether the imprint's hash algorithm is SHA-256.
    package let imprintIsSHA256: Bool
    /// The imprint's hash algorithm, when it is one rial computes; `nil` for any other.
    package let imprintDigest: DigestAlgorithm?
    /// The TSTInfo's accuracy (RFC 3161 §2.4.2: the time is genTime ± accuracy).
    package let accuracy: Accuracy
    /// The imprint itself: the hash the TSA signed.
    package let imprint: [UInt8]
    /// The certificates the token carries.
    package let embeddedCertificates: [Certificate]

    /// - Throws: ``Problem``.
    package init(der: [UInt8]) throws(Problem) {
        ERR_clear_error()
        let response: OpaquePointer
        do {
            response = try OpenSSLBytes.parseDER(der, "timestamp response") { cursor, count in d2i_TS_RESP(nil, cursor, count) }
        } catch {
            throw .malformed("\(error)")
        }
        func fail(_ problem: Problem) -> Problem {
            TS_RESP_free(response)
            _ = CryptoError.drainQueue()
            return problem
        }
        let status = TS_RESP_get_status_info(response).flatMap { TS_STATUS_INFO_get0_status($0) }.map { ASN1_INTEGER_get($0) } ?? -1
        // 0 granted, 1 grantedWithMods (RFC 3161 §2.4.2); anything else carries no token.
        guard status == 0 || status == 1 else { throw fail(.notGranted("the TSA's status is \(status), not granted")) }
        guard let token = TS_RESP_get_token(response), let info = TS_RESP_get_tst_info(response) else {
            throw fail(.malformed("the response holds no timestamp token"))
        }
        guard let time = TS_TST_INFO_get_time(info), let seconds = OpenSSLBytes.seconds(of: time),
            let messageImprint = TS_TST_INFO_get_msg_imprint(info)
        else {
            throw fail(.malformed("the token's genTime or message imprint cannot be read"))
        }
        self.response = response
        self.token = token
        self.info = info
        genTime = seconds
        genTimeText = String(decoding: OpenSSLBytes.bytes(of: time), as: UTF8.self)
        genTimeNanoseconds = Self.fractionNanoseconds(of: genTimeText)
        accuracy = Self.accuracy(of: TS_TST_INFO_get_accuracy(info))
        serialHex = OpenSSLBytes.hex(of: TS_TST_INFO_get_serial(info)) ?? ""
        policy = OpenSSLBytes.dotted(TS_TST_INFO_get_policy_id(info))
        nonceHex = TS_TST_INFO_get_nonce(info).flatMap { OpenSSLBytes.hex(of: $0) }
        let algorithm = TS_MSG_IMPRINT_get_algo(messageImprint).map { UnsafePointer($0) }
        imprintIsSHA256 = DetachedSignature.algorithmNID(algorithm) == NID_sha256
        imprintDigest = DigestAlgorithm(nid: DetachedSignature.algorithmNID(algorithm))
        var object: OpaquePointer?
        if let algorithm { X509_ALGOR_get0(&object, nil, nil, algorithm) }
        imprintAlgorithm = OpenSSLBytes.dotted(object)
        imprint = TS_MSG_IMPRINT_get_msg(messageImprint).map { OpenSSLBytes.bytes(of: $0) } ?? []
        do { embeddedCertificates = try Certificate.all(in: crial_pkcs7_certificates(token)) } catch {
            throw .malformed("a certificate in the token cannot be encoded again: \(error.reason)")
        }
    }

    deinit { TS_RESP_free(response) }

    /// The largest accuracy read, in seconds (some 31 700 years): any sum of it with a time
    /// in microseconds stays far inside `Int64`.
    static let maxAccuracySeconds: Int64 = 1_000_000_000_000

    /// RFC 3161's `Accuracy {seconds, millis 1..999, micros 1..999}`, all optional, in
    /// microseconds. A part out of its range is reported, not thrown: the seal's token is
    /// judged without its accuracy, the capture app's with it.
    private static func accuracy(of accuracy: OpaquePointer?) -> Accuracy {
        guard let accuracy else { return .absent }
        func part(_ integer: UnsafePointer<ASN1_INTEGER>?, _ range: ClosedRange<Int64>) -> Int64? {
            guard let integer else { return 0 }
            var value: Int64 = 0
            guard ASN1_INTEGER_get_int64(&value, integer) == 1, range.contains(value) else {
                _ = CryptoError.drainQueue()
                return nil
            }
            return value
        }
        guard let seconds = part(TS_ACCURACY_get_seconds(accuracy), 0...maxAccuracySeconds),
            let millis = part(TS_ACCURACY_get_millis(accuracy), 0...999),
            let micros = part(TS_ACCURACY_get_micros(accuracy), 0...999)
        else {
            return .unreadable("the token's accuracy is not seconds in 0…\(maxAccuracySeconds), millis and micros in 0…999")
        }
        return .microseconds(seconds * 1_000_000 + millis * 1_000 + micros)
    }

    /// The fraction of a GeneralizedTime such as `20261122101500.25Z`, in nanoseconds; digits
    /// past the ninth are dropped.
    private static func fractionNanoseconds(of text: String) -> Int32 {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }.prefix(9)
        guard !digits.isEmpty, let value = Int32(digits + String(repeating: "0", count: 9 - digits.count)) else { return 0 }
        return value
    }

    /// The TSA's signing certificate: from the token's own certificates first, and only when
    /// the token carries none that matches, from `extra` (OpenSSL would look in `extra` first,
    /// letting a look-alike certificate beside the token stand in for the TSA's).
    /// - Parameter extra: certificates beside the token (`rial/seal/tsa-chain.pem`).
    /// - Returns: the signer, or `nil` when no certificate matches the token's signer.
    /// - Throws: ``CryptoError`` when OpenSSL cannot build the certificate stack, so a failed
    ///   allocation never reads as a missing signer.
    package func signerCertificate(extra: [Certificate]) throws(CryptoError) -> Certificate? {
        let lookup = { (candidates: [Certificate], flags: Int32) throws(CryptoError) -> Certificate? in
            try self.withStack(candidates) { (stack) throws(CryptoError) -> Certificate? in
                // NULL here means no matching certificate, OpenSSL's "signer not found".
                guard let signers = PKCS7_get0_signers(self.token, stack, flags) else { return nil }
                defer { crial_sk_X509_free(signers) }
                guard crial_sk_X509_num(signers) == 1, let handle = crial_sk_X509_value(signers, 0) else { return nil }
                return try Certificate(borrowing: handle)
            }
        }
        if let own = try lookup([], 0) { return own }
        return try lookup(extra, Int32(PKCS7_NOINTERN))
    }

    /// Whether the token's signature over its TSTInfo verifies under the signer's key.
    /// - Parameter extra: certificates beside the token.
    /// - Returns: whether `PKCS7_verify` accepts the signature.
    /// - Throws: ``CryptoError`` when OpenSSL cannot make the store or stack it needs.
    package func checkSignature(extra: [Certificate]) throws(CryptoError) -> Bool {
        guard let store = X509_STORE_new() else { throw CryptoError.openSSL("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        return try withStack(extra) { stack in
            let flags = Int32(PKCS7_NOVERIFY | PKCS7_BINARY)
            return PKCS7_verify(token, stack, store, nil, nil, flags) == 1
        }
    }

    /// OpenSSL's own RFC 3161 verification (`TS_RESP_verify_response`): version, signature,
    /// the ESS signing-certificate binding, and the TSA's chain to `anchors` for time
    /// stamping, judged at genTime. The imprint is compared to `expected` byte for byte; its
    /// algorithm is not (OpenSSL 3.0 does not check it), which callers do themselves.
    ///
    /// With `signerOnly`, `anchors` is the signer's own certificate and partial chains are
    /// allowed: OpenSSL then checks the signature and the ESS signing-certificate binding
    /// without any trust decision, for a verifier that was given no TSA anchor.
    /// - Parameters:
    ///   - anchors: the trust anchors (with `signerOnly`, the signer's own certificate).
    ///   - intermediates: certificates that may complete the chain.
    ///   - expected: the imprint the token must carry.
    ///   - signerOnly: check signature and ESS binding only, with partial chains and no dates.
    /// - Returns: `nil` when it verifies, else OpenSSL's reason.
    /// - Throws: ``CryptoError`` when the verification context cannot be set up (every
    ///   `TS_VERIFY_CTX_set_*`, `X509_STORE_*` and stack call is checked), so a setup failure
    ///   never reads as a rejected token.
    package func verificationProblem(
        anchors: [Certificate], intermediates: [Certificate], imprint expected: [UInt8],
        signerOnly: Bool = false
    ) throws(CryptoError) -> String? {
        ERR_clear_error()
        guard let context = TS_VERIFY_CTX_new() else { throw CryptoError.openSSL("TS_VERIFY_CTX_new") }
        defer { TS_VERIFY_CTX_free(context) }  // Frees the store, stack and imprint handed to it.
        guard let store = X509_STORE_new() else { throw CryptoError.openSSL("X509_STORE_new") }
        // The setters return what they were given; the context owns it from here.
        guard TS_VERIFY_CTX_set_store(context, store) == store else {
            X509_STORE_free(store)
            throw CryptoError.openSSL("TS_VERIFY_CTX_set_store")
        }
        for anchor in anchors {
            try CryptoError.check(X509_STORE_add_cert(store, anchor.handle), "X509_STORE_add_cert")
        }
        // Signature and ESS binding only: the certificate's dates are judged with its chain.
        if signerOnly {
            try CryptoError.check(X509_STORE_set_flags(store, UInt(X509_V_FLAG_PARTIAL_CHAIN | X509_V_FLAG_NO_CHECK_TIME)), "X509_STORE_set_flags")
        }
        guard let parameters = X509_STORE_get0_param(store) else { throw CryptoError.openSSL("X509_STORE_get0_param") }
        X509_VERIFY_PARAM_set_time(parameters, time_t(genTime))
        let stack = try Certificate.makeStack(intermediates)
        guard TS_VERIFY_CTX_set_certs(context, stack) == stack else {
            crial_sk_X509_pop_free(stack)
            throw CryptoError.openSSL("TS_VERIFY_CTX_set_certs")
        }
        guard let copy = crial_OPENSSL_malloc(max(1, expected.count))?.assumingMemoryBound(to: UInt8.self) else {
            throw CryptoError.openSSL("OPENSSL_malloc")
        }
        for (index, byte) in expected.enumerated() { copy[index] = byte }
        guard TS_VERIFY_CTX_set_imprint(context, copy, Int(expected.count)) == copy else {
            crial_OPENSSL_free(copy)
            throw CryptoError.openSSL("TS_VERIFY_CTX_set_imprint")
        }
        let flags = Int32(TS_VFY_VERSION | TS_VFY_SIGNATURE | TS_VFY_IMPRINT)
        guard TS_VERIFY_CTX_set_flags(context, flags) == flags else { throw CryptoError.openSSL("TS_VERIFY_CTX_set_flags") }
        let verified = TS_RESP_verify_response(context, response)
        let messages = CryptoError.drainQueue()
        return verified == 1 ? nil : (messages.isEmpty ? "TS_RESP_verify_response failed" : messages.joined(separator: "; "))
    }

    /// Runs `body` with a stack of `certificates`, leaving OpenSSL's queue empty after a
    /// negative answer so it does not show under a later failure.
    private func withStack<T>(_ certificates: [Certificate], _ body: (OpaquePointer) throws(CryptoError) -> T) throws(CryptoError) -> T {
        let result = try Certificate.withStack(certificates, body)
        _ = CryptoError.drainQueue()
        return result
    }
}
