internal import CRialOpenSSL

/// An error from the cryptography layer, carrying OpenSSL's error queue when it has one.
public struct CryptoError: Error, CustomStringConvertible, Sendable {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let unsupportedAlgorithm = Code("crypto.unsupported-algorithm")
        public static let openSSLFailure = Code("crypto.openssl-failure")
        /// Bytes that should hold a DER structure, a PEM file or a key do not.
        public static let malformed = Code("crypto.malformed")
        /// A key, certificate or option that parses but cannot be used as asked.
        public static let unusable = Code("crypto.unusable")
    }

    public let code: Code
    public let reason: String
    /// OpenSSL's queued errors at the time of failure, oldest first.
    public let openSSLErrors: [String]
    public let file: String
    public let line: Int

    public init(_ code: Code, _ reason: String, openSSLErrors: [String] = [], file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.openSSLErrors = openSSLErrors
        self.file = file
        self.line = line
    }

    public var description: String {
        openSSLErrors.isEmpty ? "\(reason) [\(code)]" : "\(reason): \(openSSLErrors.joined(separator: "; ")) [\(code)]"
    }

    /// Builds an error from a failed OpenSSL call and drains the thread's error queue, so a
    /// stale entry never shows up under a later, unrelated failure.
    static func openSSL(_ call: String, file: String = #fileID, line: Int = #line) -> CryptoError {
        CryptoError(.openSSLFailure, "\(call) failed", openSSLErrors: drainQueue(), file: file, line: line)
    }

    /// Empties the thread's OpenSSL error queue and returns its messages, oldest first.
    static func drainQueue() -> [String] {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages
    }
}
