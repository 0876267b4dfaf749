public import RialErrors
internal import CRialOpenSSL

/// An error from the cryptography layer, carrying OpenSSL's error queue as its cause when it
/// has one.
public typealias CryptoError = CodedError<CryptoErrorCode>

public struct CryptoErrorCode: RialErrorCode {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let unsupportedAlgorithm = Self("crypto.unsupported-algorithm")
    public static let openSSLFailure = Self("crypto.openssl-failure")
    /// Bytes that should hold a DER structure, a PEM file or a key do not.
    public static let malformed = Self("crypto.malformed")
    /// A key, certificate or option that parses but cannot be used as asked.
    public static let unusable = Self("crypto.unusable")
}

extension CryptoError {
    /// An error whose cause is OpenSSL's queued messages (none: no cause).
    /// - Parameters:
    ///   - code: what went wrong.
    ///   - reason: a human explanation.
    ///   - openSSLErrors: the drained queue, oldest first.
    public init(
        _ code: Code, _ reason: String, openSSLErrors: [String], location: String? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        self.init(
            code, reason, cause: openSSLErrors.isEmpty ? nil : OpenSSLErrorStack(messages: openSSLErrors),
            location: location, file: file, line: line)
    }

    /// OpenSSL's queued errors at the time of failure, oldest first.
    public var openSSLErrors: [String] {
        (cause as? OpenSSLErrorStack)?.messages ?? []
    }

    /// Builds an error from a failed OpenSSL call and drains the thread's error queue, so a
    /// stale entry never shows up under a later, unrelated failure.
    static func openSSL(_ call: String, file: String = #fileID, line: Int = #line) -> CryptoError {
        CryptoError(.openSSLFailure, "\(call) failed", openSSLErrors: drainQueue(), file: file, line: line)
    }

    /// Throws ``openSSL(_:file:line:)`` unless `result` is OpenSSL's success value 1: most
    /// OpenSSL calls return 1 on success and 0 or a negative number on failure.
    /// - Parameters:
    ///   - result: what the call returned.
    ///   - call: the C function's name, for the message.
    static func check(_ result: Int32, _ call: String, file: String = #fileID, line: Int = #line) throws(CryptoError) {
        guard result == 1 else { throw openSSL(call, file: file, line: line) }
    }

    /// Empties the thread's OpenSSL error queue and returns its messages, oldest first.
    static func drainQueue() -> [String] {
        OpenSSLErrorStack.drain().messages
    }
}
