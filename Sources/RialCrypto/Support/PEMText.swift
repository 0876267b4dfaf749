internal import CRialOpenSSL

/// Reading PEM with OpenSSL's `PEM_read_bio_…` loops, shared by certificates, CRLs and OCSP
/// responses, so each tells "no more blocks" from "a broken block" the same way.
enum PEMText {
    /// Whether `bytes` are PEM text rather than DER: they hold a `-----BEGIN ` line. DER
    /// starts with a SEQUENCE tag (0x30), never with text.
    static func looksLikePEM(_ bytes: [UInt8]) -> Bool {
        let marker = Array("-----BEGIN ".utf8)
        guard bytes.first != 0x30, bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { start in bytes[start..<(start + marker.count)].elementsEqual(marker) }
    }

    /// After a `PEM_read_bio_…` loop has stopped: it must have stopped at the end of the text
    /// ("no start line"), not on a block it could not read.
    /// - Parameter problem: the reason to throw, naming the source.
    /// - Throws: ``CryptoError`` `.malformed` with OpenSSL's queue when a block was broken.
    static func expectEnd(_ problem: String) throws(CryptoError) {
        let last = ERR_peek_last_error()
        let isEnd = ERR_GET_REASON(last) == PEM_R_NO_START_LINE
        let messages = CryptoError.drainQueue()
        if !isEnd && !messages.isEmpty {
            throw CryptoError(.malformed, problem, openSSLErrors: messages)
        }
    }
}
