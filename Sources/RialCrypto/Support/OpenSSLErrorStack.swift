internal import CRialOpenSSL

/// OpenSSL's per-thread error queue, drained into a value: the cause of a ``CryptoError``
/// from a failed OpenSSL call (swift-nio-ssl's `buildErrorStack`).
package struct OpenSSLErrorStack: Error, CustomStringConvertible, Sendable, Equatable {
    /// OpenSSL's messages (`error:0480006C:PEM routines::no start line`), oldest first.
    package let messages: [String]

    /// - Parameter messages: the messages, oldest first.
    package init(messages: [String]) {
        self.messages = messages
    }

    /// The messages joined by `; `.
    package var description: String { messages.joined(separator: "; ") }

    /// Empties the calling thread's queue.
    /// - Returns: what it held, oldest first.
    static func drain() -> OpenSSLErrorStack {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return OpenSSLErrorStack(messages: messages)
    }
}
