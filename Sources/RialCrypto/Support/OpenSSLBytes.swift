#if canImport(Glibc)
import Glibc
#endif
internal import CRialOpenSSL

/// Moving bytes and times across the OpenSSL boundary: memory BIOs, DER encoders, ASN.1 times.
enum OpenSSLBytes {
    /// Runs `body` with a read-only memory BIO over `bytes`; the BIO never outlives the call.
    static func withReadBIO<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { raw in
            // BIO_new_mem_buf needs a non-null pointer even for zero bytes.
            let base = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)
            guard let count = Int32(exactly: raw.count), let bio = BIO_new_mem_buf(base, count) else {
                throw CryptoError.openSSL("BIO_new_mem_buf")
            }
            defer { BIO_free(bio) }
            return try body(bio)
        }
    }

    /// Runs `write` against a fresh memory BIO and returns what it wrote.
    static func collect(_ what: String, _ write: (OpaquePointer) -> Int32) throws -> [UInt8] {
        guard let bio = BIO_new(BIO_s_mem()) else { throw CryptoError.openSSL("BIO_new") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw CryptoError.openSSL(what) }
        var data: UnsafeMutablePointer<CChar>?
        let length = crial_BIO_get_mem_data(bio, &data)
        guard length >= 0 else { throw CryptoError.openSSL("BIO_get_mem_data") }
        guard length > 0, let data else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The DER of an object through its `i2d_…` function.
    static func der(_ what: String, _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32) throws -> [UInt8] {
        let length = encode(nil)
        guard length > 0 else { throw CryptoError.openSSL(what) }
        var out = [UInt8](repeating: 0, count: Int(length))
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encode(&cursor)
        }
        guard written == length else { throw CryptoError.openSSL(what) }
        return out
    }

    /// Parses DER with a `d2i_…` function, rejecting bytes left over after the object: a
    /// signature file is exactly one structure, and trailing data would go unread.
    static func parseDER<T>(
        _ bytes: [UInt8], _ what: String,
        _ decode: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> T?
    ) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress, !buffer.isEmpty else {
                throw CryptoError(.malformed, "\(what): no bytes")
            }
            var cursor: UnsafePointer<UInt8>? = start
            guard let object = decode(&cursor, buffer.count) else {
                throw CryptoError(.malformed, "\(what) is not valid DER", openSSLErrors: CryptoError.drainQueue())
            }
            let consumed = cursor.map { start.distance(to: $0) } ?? 0
            guard consumed == buffer.count else {
                throw CryptoError(.malformed, "\(what) is followed by \(buffer.count - consumed) bytes of trailing data")
            }
            return object
        }
    }

    /// Seconds since 1970 of an ASN.1 UTCTime or GeneralizedTime, fractions dropped.
    static func seconds(of time: UnsafePointer<ASN1_TIME>?) -> Int64? {
        guard let time else { return nil }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Int64(timegm(&parts))
    }

    /// The bytes of an ASN.1 string (OCTET STRING, IA5String, …).
    static func bytes(of string: UnsafePointer<ASN1_STRING>?) -> [UInt8] {
        guard let string, let data = ASN1_STRING_get0_data(string) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(max(0, ASN1_STRING_length(string)))))
    }

    /// An ASN.1 INTEGER as upper-case hex without leading zeros (serial numbers, nonces).
    static func hex(of integer: UnsafePointer<ASN1_INTEGER>?) -> String? {
        guard let integer, let number = ASN1_INTEGER_to_BN(integer, nil) else { return nil }
        defer { BN_free(number) }
        guard let text = BN_bn2hex(number) else { return nil }
        defer { crial_OPENSSL_free(text) }
        return String(cString: text)
    }

    /// An object identifier's dotted form, e.g. `2.16.840.1.101.3.4.2.1`.
    static func dotted(_ object: OpaquePointer?) -> String {
        guard let object else { return "" }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
