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

    /// What went wrong and why, for a person reading a terminal: `location: reason: cause:
    /// cause… [code]` with the outermost code only, and nothing said twice. A cause whose text
    /// was already said (a reason repeated as its own cause, an OpenSSL message repeated in
    /// the queue) is left out, and so is the subject a short cause starts with when it was
    /// already named ("cannot read X: cannot open X: No such file" becomes
    /// "cannot read X: No such file"). ``description`` keeps every word, for reports.
    public var conciseDescription: String {
        Self.concise(said: [], chain: [self] + causes) + " [\(code)]"
    }

    /// ``conciseDescription`` after `context`, which says what was being done:
    /// `context: reason: cause… [code]`, nothing repeated, `context` included
    /// ("--trust x.pem: cannot read it" and "cannot open x.pem: No such file" give
    /// "--trust x.pem: cannot read it: No such file [io.failed]").
    public func conciseDescription(after context: String) -> String {
        Self.concise(said: [context], chain: [self] + causes) + " [\(code)]"
    }

    /// The texts of `chain` after those `said`, joined by `: `, each without what was said.
    private static func concise(said: [String], chain: [any Error]) -> String {
        var parts = said
        for (index, error) in chain.enumerated() {
            var text: String
            if let error = error as? any RialError {
                let location = error.location.flatMap { location in parts.contains { $0.contains(location) } ? nil : location }
                text = (location.map { "\($0): " } ?? "") + error.reason
            } else {
                text = uniqueClauses("\(error)")
            }
            if index > 0 || !said.isEmpty { text = droppingNamedSubject(text, alreadySaid: parts) }
            guard !text.isEmpty, !parts.contains(where: { $0.contains(text) }) else { continue }
            parts.append(text)
        }
        return parts.joined(separator: ": ")
    }

    /// `text` without the clauses (`; `-separated) it repeats.
    private static func uniqueClauses(_ text: String) -> String {
        var seen: [Substring] = []
        for clause in text.split(separator: "; ", omittingEmptySubsequences: false) where !seen.contains(clause) {
            seen.append(clause)
        }
        return seen.joined(separator: "; ")
    }

    /// "VERB [WORDS] SUBJECT: rest" becomes "rest" when SUBJECT was already said: a short
    /// head (at most five words) that only names again what the outer error named.
    private static func droppingNamedSubject(_ text: String, alreadySaid: [String]) -> String {
        guard let colon = text.indices.first(where: { text[$0] == ":" && text[text.index(after: $0)...].first == " " }) else { return text }
        let words = text[..<colon].split(separator: " ")
        guard words.count >= 2, words.count <= 5, let subject = words.last else { return text }
        let said = alreadySaid.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { $0.trimmingSuffix(":,;") } }
        return said.contains(subject) ? String(text[text.index(colon, offsetBy: 2)...]) : text
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

extension Substring {
    /// Without trailing characters from `characters`.
    fileprivate func trimmingSuffix(_ characters: String) -> Substring {
        var result = self
        while let last = result.last, characters.contains(last) { result = result.dropLast() }
        return result
    }
}
