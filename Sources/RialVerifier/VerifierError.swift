public import RialErrors

/// Raised only when an input cannot be evaluated at all (not a package, unreadable,
/// unsupported version, or an archive the strict reader refuses as unsafe: then the code is
/// the reader's, `archive.*`). Anything that can be judged is judged in the report instead.
public struct VerifierError: RialError {
    public struct Code: RialErrorCode {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        // The constants are in Report/Codes/VerifierError.Code+Input.swift, with the check codes.
    }

    public let code: Code
    public let reason: String
    public let cause: (any Error)?
    /// Where in the input: an archive entry's path, or "header at byte N".
    public let location: String?
    public let file: String
    public let line: Int

    public init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }
}
