public import RialErrors

/// An error that stops a package from being written. Nothing is left behind when one is thrown.
public struct PackagerError: RialError {
    /// A stable dotted code (`pack.…`); programs match on it.
    public struct Code: RialErrorCode {
        /// The code as printed.
        public let rawValue: String
        /// A code with this raw value; the packager's own are the constants.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The capture directory does not have the layout `schema/SPEC.md` §2 defines.
        public static let invalidCapture = Code("pack.invalid-capture")
        /// The output exists and `--force` was not given.
        public static let outputExists = Code("pack.output-exists")
        /// An option's value is not usable.
        public static let invalidOption = Code("pack.invalid-option")
        /// A hash-only payload would not fit the capture app's 10 KiB limit.
        public static let payloadTooLarge = Code("pack.payload-too-large")
        /// Writing the package failed.
        public static let writeFailed = Code("pack.write-failed")
        /// Internal consistency check failed; a bug, reported rather than written.
        public static let internalInconsistency = Code("pack.internal")
    }

    /// What went wrong, stable for programs and tests.
    public let code: Code
    /// What went wrong, for people; may be reworded.
    public let reason: String
    /// The error underneath, when there is one.
    public let cause: (any Error)?
    /// Which input file, when the failure is about one.
    public let location: String?
    /// The source file that raised it.
    public let file: String
    /// The source line that raised it.
    public let line: Int

    /// An error; `file` and `line` are filled in by the compiler.
    public init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
                file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }
}
