/// A module's error: the fields of ``RialError``, written once. Each module names its own by
/// its code type (`public typealias FormatError = CodedError<FormatErrorCode>`), so a
/// `catch let error as FormatError` still tells the modules apart.
///
/// Equal when code and reason are: the cause and the source location are diagnostics.
public struct CodedError<Code: RialErrorCode>: RialError, Hashable {
    /// What went wrong, stable for programs and tests.
    public let code: Code
    /// What went wrong, for people; may be reworded.
    public let reason: String
    /// The error underneath, when there is one.
    public let cause: (any Error)?
    /// Where in the input: a path, a key, "header at byte N"; `nil` when the error is not about one place.
    public let location: String?
    /// The source file that raised it.
    public let file: String
    /// The source line that raised it.
    public let line: Int

    /// An error; `file` and `line` are filled in by the compiler.
    public init(
        _ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }

    /// Code and reason decide; the cause and the source location do not.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(reason)
    }
}
