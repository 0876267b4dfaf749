/// An error from reading or writing archives and files.
public struct ArchiveError: Error, CustomStringConvertible, Sendable {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are not a tar archive this reader accepts.
        public static let notAnArchive = Code("archive.not-an-archive")
        /// libarchive reported a problem (`ARCHIVE_WARN` included) while reading.
        public static let readFailed = Code("archive.read-failed")
        /// libarchive reported a problem while writing.
        public static let writeFailed = Code("archive.write-failed")
        /// An entry's data was shorter or longer than its header says.
        public static let sizeMismatch = Code("archive.size-mismatch")
        /// An entry is not a regular file or a directory.
        public static let unsupportedEntryType = Code("archive.unsupported-entry-type")
        /// An entry's name could not be read as UTF-8.
        public static let invalidName = Code("archive.invalid-name")
        /// A system call on a file failed.
        public static let io = Code("io.failed")
        /// A file changed size while being read.
        public static let fileChanged = Code("io.file-changed")
        /// The destination of an extraction is not new and empty, or a path would leave it.
        public static let unsafeDestination = Code("extract.unsafe-destination")
        /// The UTF-8 locale libarchive needs is missing.
        public static let localeUnavailable = Code("archive.locale-unavailable")
    }

    public let code: Code
    public let reason: String
    public let file: String
    public let line: Int

    public init(_ code: Code, _ reason: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    public var description: String { "\(reason) [\(code)]" }
}
