public import RialErrors

/// Raised only when an input cannot be evaluated at all (not a package, unreadable,
/// unsupported version, or an archive the strict reader refuses as unsafe: then the code is
/// the reader's, `archive.*`). Anything that can be judged is judged in the report instead.
public struct VerifierError: RialError {
    /// A stable dotted code (`input.…`, or the strict reader's `archive.…`); programs match on it.
    public struct Code: RialErrorCode {
        /// The code as reports print it.
        public let rawValue: String
        /// A code with this raw value; the verifier's own are the constants.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        // The constants are in Report/Codes/VerifierError.Code+Input.swift, with the check codes.
    }

    /// What went wrong, stable for programs and tests.
    public let code: Code
    /// What went wrong, for people; may be reworded.
    public let reason: String
    /// The error underneath, when there is one.
    public let cause: (any Error)?
    /// Where in the input: an archive entry's path, or "header at byte N".
    public let location: String?
    /// The source file that raised it.
    public let file: String
    /// The source line that raised it.
    public let line: Int

    /// An error; `file` and `line` are filled in by the compiler.
    public init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }
}
