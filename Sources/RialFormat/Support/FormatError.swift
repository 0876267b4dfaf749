public import RialErrors

/// An error raised while reading or writing one of the package's byte formats.
///
/// Tests assert on ``code``, never on ``reason``: the reason is for people and may be reworded.
/// Equal when code and reason are: the cause and source location are diagnostics.
public struct FormatError: RialError, Hashable {
    /// A stable, extensible identifier of what went wrong.
    public struct Code: RialErrorCode {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let invalidJSON = Code("json.invalid")
        public static let duplicateKey = Code("json.duplicate-key")
        /// An integer beyond ±(2^53 - 1), read differently by parsers that use doubles.
        public static let integerOutOfRange = Code("json.integer-out-of-range")
        /// A frame chain larger than ``FrameChain/maxFrames``.
        public static let tooManyFrames = Code("chain.limit.frames")
        public static let limitExceeded = Code("json.limit-exceeded")
        public static let invalidUTF8 = Code("text.invalid-utf8")
        public static let invalidTimestamp = Code("time.invalid")
        public static let invalidHex = Code("hex.invalid")
        public static let invalidField = Code("field.invalid")
        public static let missingField = Code("field.missing")
        public static let invalidLine = Code("text.invalid-line")
        public static let invalidPath = Code("path.invalid")
        public static let invalidPackageID = Code("package-id.invalid")
        public static let unsupportedVersion = Code("format.unsupported-version")
    }

    public let code: Code
    /// A human explanation, with the location (line, column, key) when there is one.
    public let reason: String
    public let cause: (any Error)?
    public let location: String?
    public let file: String
    public let line: Int

    public init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
                file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }

    public static func == (lhs: FormatError, rhs: FormatError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(reason)
    }
}
