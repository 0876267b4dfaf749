public import RialErrors

/// Raised only when an input cannot be evaluated at all (not a package, unreadable,
/// unsupported version, or an archive the strict reader refuses as unsafe: then the code is
/// the reader's, `archive.*`). Anything that can be judged is judged in the report instead.
public typealias VerifierError = CodedError<VerifierErrorCode>

/// A stable dotted code (`input.…`, or the strict reader's `archive.…`); programs match on it.
public struct VerifierErrorCode: RialErrorCode {
    /// The code as reports print it.
    public let rawValue: String
    /// A code with this raw value; the verifier's own are the constants.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    // The constants are in Report/Codes/VerifierError.Code+Input.swift, with the check codes.
}
