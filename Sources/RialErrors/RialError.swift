/// An error from one of rial's modules: a code to act on, a reason for people, the error
/// underneath when there is one, where in the input, and where in the source it was thrown.
///
/// Each module keeps its own error struct and codes (`FormatError`, `ArchiveError`, ...); this
/// protocol writes their shared behaviour once. Tests assert on ``code``, never on ``reason``.
public protocol RialError: Error, CustomStringConvertible, Sendable {
    associatedtype Code: RialErrorCode

    /// What went wrong, stable across releases.
    var code: Code { get }
    /// A human explanation, without the cause's text: ``description`` adds that.
    var reason: String { get }
    /// The lower-level error this one reports, if any (an OpenSSL error stack, a parse error).
    var cause: (any Error)? { get }
    /// Where in the input: an archive entry's path, "header at byte N", a line and column.
    var location: String? { get }
    /// The source file that threw, as `#fileID`.
    var file: String { get }
    /// The source line that threw.
    var line: Int { get }

    /// - Parameters:
    ///   - code: what went wrong.
    ///   - reason: a human explanation.
    ///   - cause: the error underneath, if any.
    ///   - location: where in the input, if known.
    ///   - file: the throwing source file; leave the default.
    ///   - line: the throwing source line; leave the default.
    init(_ code: Code, _ reason: String, cause: (any Error)?, location: String?, file: String, line: Int)
}

extension RialError {
    /// `location: reason: cause [code]`, each part only when present. Report and console text
    /// is built from this, so its shape is fixed.
    public var description: String {
        var text = ""
        if let location { text += "\(location): " }
        text += reason
        if let cause { text += ": \(cause)" }
        return text + " [\(code)]"
    }

    /// The same error at another place in the input: a lower layer knows what failed, the
    /// caller knows where (a header's byte offset, an entry's path).
    /// - Parameter location: where in the input.
    /// - Returns: a copy with `location` set and everything else kept.
    public func located(at location: String) -> Self {
        Self(code, reason, cause: cause, location: location, file: file, line: line)
    }

    /// The chain of causes below this error, nearest first.
    public var causes: [any Error] {
        var chain: [any Error] = []
        var next = cause
        // A cause chain is built by code, not input; the cap only guards against a cycle.
        while let error = next, chain.count < 64 {
            chain.append(error)
            next = (error as? any RialError)?.cause
        }
        return chain
    }
}
