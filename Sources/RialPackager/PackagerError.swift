public import RialErrors

/// An error that stops a package from being written. Nothing is left behind when one is thrown.
public typealias PackagerError = CodedError<PackagerErrorCode>

/// A stable dotted code (`pack.…`); programs match on it.
public struct PackagerErrorCode: RialErrorCode {
    /// The code as printed.
    public let rawValue: String
    /// A code with this raw value; the packager's own are the constants.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The capture directory does not have the layout `schema/SPEC.md` §2 defines.
    public static let invalidCapture = Self("pack.invalid-capture")
    /// The output exists and `--force` was not given.
    public static let outputExists = Self("pack.output-exists")
    /// The output path names a directory or another thing that is not a regular file; not
    /// even `--force` replaces it.
    public static let outputNotAFile = Self("pack.output-not-a-file")
    /// An option's value is not usable.
    public static let invalidOption = Self("pack.invalid-option")
    /// A hash-only payload would not fit the capture app's 10 KiB limit.
    public static let payloadTooLarge = Self("pack.payload-too-large")
    /// Writing the package failed.
    public static let writeFailed = Self("pack.write-failed")
    /// The package being rewritten is not the one it was verified as: a file changed, appeared
    /// or went missing in between (``VerifiedFiles``).
    public static let sourceChanged = Self("pack.source-changed")
    /// Internal consistency check failed; a bug, reported rather than written.
    public static let internalInconsistency = Self("pack.internal")
}
