public import RialErrors

/// An error raised while reading or writing one of the package's byte formats.
///
/// Tests assert on ``code``, never on ``reason``: the reason is for people and may be reworded.
/// Equal when code and reason are: the cause and source location are diagnostics.
public typealias FormatError = CodedError<FormatErrorCode>

/// A stable, extensible identifier of what went wrong.
public struct FormatErrorCode: RialErrorCode {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let invalidJSON = Self("json.invalid")
    public static let duplicateKey = Self("json.duplicate-key")
    /// An integer beyond ±(2^53 - 1), read differently by parsers that use doubles.
    public static let integerOutOfRange = Self("json.integer-out-of-range")
    /// A frame chain larger than ``FrameChain/maxFrames``.
    public static let tooManyFrames = Self("chain.limit.frames")
    public static let limitExceeded = Self("json.limit-exceeded")
    /// The input's JSON documents, parsed, would take more memory than its ``JSONBudget``.
    public static let budgetExceeded = Self("json.budget-exceeded")
    public static let invalidUTF8 = Self("text.invalid-utf8")
    public static let invalidTimestamp = Self("time.invalid")
    public static let invalidHex = Self("hex.invalid")
    public static let invalidField = Self("field.invalid")
    public static let missingField = Self("field.missing")
    public static let invalidLine = Self("text.invalid-line")
    public static let invalidPath = Self("path.invalid")
    public static let invalidPackageID = Self("package-id.invalid")
    public static let unsupportedVersion = Self("format.unsupported-version")
}
