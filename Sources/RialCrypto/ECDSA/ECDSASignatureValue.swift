internal import CRialOpenSSL

/// The bytes of an ECDSA P-256 signature (`Ecdsa-Sig-Value ::= SEQUENCE { r, s }`, DER), judged
/// before any key is involved.
///
/// Policy on high S: for every valid signature (r, s) the pair (r, n − s) is valid too, so
/// anyone can turn a seal into a second, different seal over the same bytes without the key.
/// Because a trusted timestamp covers the exact signature bytes, a seal is only allowed in its
/// one canonical form, s ≤ n/2 ("low S", as in BIP 62 and RFC 6979 deployments). `rial` signs
/// only low-S and the verifier fails a high-S signature (`seal.signature.high-s`), although
/// `openssl cms -verify` accepts it.
package struct ECDSASignatureValue: Sendable {
    package enum Problem: Sendable, Equatable {
        /// Zero bytes.
        case empty
        /// Not a DER `SEQUENCE { INTEGER r, INTEGER s }` in canonical form, r or s out of
        /// range, or a filler (every byte the same): a placeholder, not a signature.
        case placeholder(String)
        /// Valid, but s > n/2.
        case highS
    }

    /// The P-256 group order n, halved and rounded down.
    private static let halfOrderHex = "7FFFFFFF800000007FFFFFFFFFFFFFFFDE737D56D38BCF4279DCE5617E3192A8"
    private static let orderHex = "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551"

    /// What is wrong with `bytes` as a P-256 signature value, or `nil` when it is canonical.
    package static func problem(with bytes: [UInt8]) -> Problem? {
        if bytes.isEmpty { return .empty }
        if let first = bytes.first, bytes.allSatisfy({ $0 == first }) {
            return .placeholder("all \(bytes.count) bytes are 0x\(hex([first]))")
        }
        let signature: OpaquePointer
        do {
            signature = try OpenSSLBytes.parseDER(bytes, "ECDSA signature") { cursor, count in d2i_ECDSA_SIG(nil, cursor, count) }
        } catch {
            return .placeholder("not a DER ECDSA signature value")
        }
        defer { ECDSA_SIG_free(signature) }
        // DER is canonical: a different re-encoding means a BER variant, another malleability.
        let reencoded: [UInt8]
        do {
            reencoded = try OpenSSLBytes.der("i2d_ECDSA_SIG") { i2d_ECDSA_SIG(signature, $0) }
        } catch {
            // Said apart from a BER variant: OpenSSL parsed the value but cannot write it back.
            return .placeholder("OpenSSL cannot re-encode it to check its DER: \(error)")
        }
        guard reencoded == bytes else {
            return .placeholder("not in canonical DER")
        }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        guard let r, let s, let order = bignum(orderHex), let half = bignum(halfOrderHex) else {
            return .placeholder("r and s cannot be read")
        }
        defer { BN_free(order); BN_free(half) }
        for (name, value) in [("r", r), ("s", s)] {
            if BN_is_zero(value) == 1 || BN_is_negative(value) == 1 || BN_cmp(value, order) >= 0 {
                return .placeholder("\(name) is outside 1…n−1")
            }
        }
        return BN_cmp(s, half) > 0 ? .highS : nil
    }

    /// Replaces a high-S signature by its low-S twin (r, n − s); a low-S one is returned as is.
    static func lowS(_ bytes: [UInt8]) throws -> [UInt8] {
        guard problem(with: bytes) == .highS else { return bytes }
        let signature = try OpenSSLBytes.parseDER(bytes, "ECDSA signature") { cursor, count in d2i_ECDSA_SIG(nil, cursor, count) }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        guard let r, let s, let order = bignum(orderHex) else { throw CryptoError.openSSL("BN_hex2bn") }
        defer { BN_free(order) }
        guard let newR = BN_dup(r) else { throw CryptoError.openSSL("BN_dup") }
        guard let newS = BN_new() else {
            BN_free(newR)
            throw CryptoError.openSSL("BN_new")
        }
        guard BN_sub(newS, order, s) == 1, ECDSA_SIG_set0(signature, newR, newS) == 1 else {
            BN_free(newR); BN_free(newS)
            throw CryptoError.openSSL("ECDSA_SIG_set0")
        }
        return try OpenSSLBytes.der("i2d_ECDSA_SIG") { i2d_ECDSA_SIG(signature, $0) }
    }

    private static func bignum(_ hexText: String) -> OpaquePointer? {
        var number: OpaquePointer?
        guard BN_hex2bn(&number, hexText) > 0 else { return nil }
        return number
    }
}
