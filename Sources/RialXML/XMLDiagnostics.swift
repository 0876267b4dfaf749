internal import CRialXML

/// libxml2's structured error messages, collected from one parse or validation instead of
/// being printed to standard error: the cause of an ``XMLError``.
package struct XMLDiagnostics: Error, CustomStringConvertible, Sendable, Equatable {
    /// One message from libxml2.
    package struct Message: Sendable, Equatable, CustomStringConvertible {
        /// 1-based line, 0 when libxml2 does not know it.
        package let line: Int
        /// 1-based column, 0 when libxml2 does not know it.
        package let column: Int
        /// libxml2's text, trailing newline removed.
        package let text: String

        /// `line L, column C: text`, without the parts libxml2 did not know.
        package var description: String {
            switch (line, column) {
            case (0, _): return text
            case (_, 0): return "line \(line): \(text)"
            default: return "line \(line), column \(column): \(text)"
            }
        }
    }

    /// At most this many messages are kept: a hostile document can raise one per element.
    package static let maxMessages = 20

    /// The messages, in the order libxml2 raised them.
    package let messages: [Message]

    /// The messages joined by `; `.
    package var description: String { messages.map(\.description).joined(separator: "; ") }

    /// The first message's position as `line L, column C`, for an error's location.
    var firstLocation: String? {
        guard let first = messages.first, first.line > 0 else { return nil }
        return first.column > 0 ? "line \(first.line), column \(first.column)" : "line \(first.line)"
    }
}

/// Receives libxml2's structured errors through a C callback; one per parse or validation.
final class XMLDiagnosticsCollector {
    private var messages: [XMLDiagnostics.Message] = []
    private var dropped = 0

    /// What was collected, with a note when messages were dropped.
    var diagnostics: XMLDiagnostics {
        var all = messages
        if dropped > 0 { all.append(.init(line: 0, column: 0, text: "and \(dropped) more")) }
        return XMLDiagnostics(messages: all)
    }

    /// The C callback; `context` is an unretained pointer to a collector.
    static let callback: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        let collector = Unmanaged<XMLDiagnosticsCollector>.fromOpaque(context).takeUnretainedValue()
        collector.record(error.pointee)
    }

    /// Runs `body` with a context pointer for ``callback``; the collector outlives the call.
    func withContext<T>(_ body: (UnsafeMutableRawPointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(Unmanaged.passUnretained(self).toOpaque()) }
    }

    private func record(_ error: xmlError) {
        guard messages.count < XMLDiagnostics.maxMessages else { dropped += 1; return }
        var text = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
        while text.last?.isNewline == true { text.removeLast() }
        messages.append(.init(line: Int(error.line), column: Int(error.int2), text: text))
    }
}
