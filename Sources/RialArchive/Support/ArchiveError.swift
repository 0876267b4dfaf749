public import RialErrors

/// An error from reading or writing archives and files.
public struct ArchiveError: RialError {
    public struct Code: RialErrorCode {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The bytes are not a tar archive this reader accepts.
        public static let notAnArchive = Code("archive.not-an-archive")
        /// libarchive reported a problem (`ARCHIVE_WARN` included) while reading.
        public static let readFailed = Code("archive.read-failed")
        /// libarchive reported a problem while writing.
        public static let writeFailed = Code("archive.write-failed")
        /// An entry's data was shorter or longer than its header says.
        public static let sizeMismatch = Code("archive.size-mismatch")
        /// An entry is not a regular file or a directory.
        public static let unsupportedEntryType = Code("archive.entry.unsupported-type")
        /// An entry's name breaks the naming rules (not UTF-8 or NFC, absolute, `..`, control
        /// or bidi characters, a NUL in a pax path, ...).
        public static let invalidName = Code("archive.entry.invalid-name")
        /// The archive ends before its end-of-archive marker (mid-header, mid-data), or an
        /// entry declares data beyond the end of the file.
        public static let truncated = Code("archive.truncated")
        /// Bytes other than zero padding follow the end-of-archive marker.
        public static let trailingData = Code("archive.trailing-data")
        /// A header is not a POSIX ustar/pax header (GNU, v7, ...).
        public static let headerFormat = Code("archive.header.format")
        /// A header's checksum does not match its bytes.
        public static let headerChecksum = Code("archive.header.checksum")
        /// A numeric header field is not plain octal (base-256, negative, garbage).
        public static let headerNumber = Code("archive.header.number")
        /// A header is well-formed but says something the profile forbids (a directory with data).
        public static let headerMalformed = Code("archive.header.malformed")
        /// libarchive's view of an entry differs from the raw header's.
        public static let headerMismatch = Code("archive.header.mismatch")
        /// A pax extended header holds a key outside the allow-list.
        public static let paxKey = Code("archive.pax.key")
        /// A pax extended header's records are malformed.
        public static let paxMalformed = Code("archive.pax.malformed")
        /// A global pax header (`typeflag 'g'`).
        public static let paxGlobal = Code("archive.pax.global")
        /// A pax `size` differs from the ustar header's size.
        public static let paxSizeMismatch = Code("archive.pax.size-mismatch")
        /// A pax extended header larger than ``ArchiveLimits/maxPaxHeaderBytes``.
        public static let paxHeaderTooLarge = Code("archive.limit.pax-header")
        /// A sparse entry (GNU `S` type or `GNU.sparse.*` pax keys).
        public static let sparseEntry = Code("archive.entry.sparse")
        /// More entries than ``ArchiveLimits/maxEntries``.
        public static let tooManyEntries = Code("archive.limit.entries")
        /// A name longer than ``ArchiveLimits/maxPathBytes``.
        public static let pathTooLong = Code("archive.limit.path-length")
        /// An entry larger than the archive (or ``ArchiveLimits/maxFileBytes``).
        public static let fileTooLarge = Code("archive.limit.file-size")
        /// Entries larger in total than ``ArchiveLimits/maxTotalBytes`` (archive size unknown).
        public static let totalTooLarge = Code("archive.limit.total-size")
        /// The same path twice.
        public static let duplicateEntry = Code("archive.entry.duplicate")
        /// Two names equal after NFC and case folding, or a file where a directory must be.
        public static let nameCollision = Code("archive.entry.name-collision")
        /// Entries under more than one top-level directory.
        public static let multipleRoots = Code("archive.layout.multiple-roots")
        /// A file beside the top-level directory.
        public static let fileAtRoot = Code("archive.layout.file-at-root")
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
    /// The error underneath: a failed system call, a libarchive message.
    public let cause: (any Error)?
    /// Where in the archive: an entry's path, or "header at byte N" before a name is known.
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
}
