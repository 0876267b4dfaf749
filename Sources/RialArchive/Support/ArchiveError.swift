import RialErrors

/// An error from reading or writing archives and files.
package struct ArchiveError: RialError {
    package struct Code: RialErrorCode {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }

        /// The bytes are not a tar archive this reader accepts.
        package static let notAnArchive = Code("archive.not-an-archive")
        /// libarchive reported a problem (`ARCHIVE_WARN` included) while reading.
        package static let readFailed = Code("archive.read-failed")
        /// libarchive reported a problem while writing.
        package static let writeFailed = Code("archive.write-failed")
        /// An entry's data was shorter or longer than its header says.
        package static let sizeMismatch = Code("archive.size-mismatch")
        /// An entry is not a regular file or a directory.
        package static let unsupportedEntryType = Code("archive.entry.unsupported-type")
        /// An entry's name breaks the naming rules (not UTF-8 or NFC, absolute, `..`, control
        /// or bidi characters, a NUL in a pax path, ...).
        package static let invalidName = Code("archive.entry.invalid-name")
        /// The archive ends before its end-of-archive marker (mid-header, mid-data), or an
        /// entry declares data beyond the end of the file.
        package static let truncated = Code("archive.truncated")
        /// Bytes other than zero padding follow the end-of-archive marker.
        package static let trailingData = Code("archive.trailing-data")
        /// A header is not a POSIX ustar/pax header (GNU, v7, ...).
        package static let headerFormat = Code("archive.header.format")
        /// A header's checksum does not match its bytes.
        package static let headerChecksum = Code("archive.header.checksum")
        /// A numeric header field is not plain octal (base-256, negative, garbage).
        package static let headerNumber = Code("archive.header.number")
        /// A header is well-formed but says something the profile forbids (a directory with data).
        package static let headerMalformed = Code("archive.header.malformed")
        /// libarchive's view of an entry differs from the raw header's.
        package static let headerMismatch = Code("archive.header.mismatch")
        /// A pax extended header holds a key outside the allow-list.
        package static let paxKey = Code("archive.pax.key")
        /// A pax extended header's records are malformed.
        package static let paxMalformed = Code("archive.pax.malformed")
        /// A global pax header (`typeflag 'g'`).
        package static let paxGlobal = Code("archive.pax.global")
        /// A pax `size` differs from the ustar header's size.
        package static let paxSizeMismatch = Code("archive.pax.size-mismatch")
        /// A pax extended header larger than ``ArchiveLimits/maxPaxHeaderBytes``.
        package static let paxHeaderTooLarge = Code("archive.limit.pax-header")
        /// A sparse entry (GNU `S` type or `GNU.sparse.*` pax keys).
        package static let sparseEntry = Code("archive.entry.sparse")
        /// More entries than ``ArchiveLimits/maxEntries``.
        package static let tooManyEntries = Code("archive.limit.entries")
        /// A name longer than ``ArchiveLimits/maxPathBytes``.
        package static let pathTooLong = Code("archive.limit.path-length")
        /// An entry larger than the archive (or ``ArchiveLimits/maxFileBytes``).
        package static let fileTooLarge = Code("archive.limit.file-size")
        /// Entries larger in total than ``ArchiveLimits/maxTotalBytes`` (archive size unknown).
        package static let totalTooLarge = Code("archive.limit.total-size")
        /// The same path twice.
        package static let duplicateEntry = Code("archive.entry.duplicate")
        /// Two names equal after NFC and case folding, or a file where a directory must be.
        package static let nameCollision = Code("archive.entry.name-collision")
        /// Entries under more than one top-level directory.
        package static let multipleRoots = Code("archive.layout.multiple-roots")
        /// A file beside the top-level directory.
        package static let fileAtRoot = Code("archive.layout.file-at-root")
        /// A system call on a file failed.
        package static let io = Code("io.failed")
        /// A file changed size while being read.
        package static let fileChanged = Code("io.file-changed")
        /// The destination of an extraction is not new and empty, or a path would leave it.
        package static let unsafeDestination = Code("extract.unsafe-destination")
        /// The UTF-8 locale libarchive needs is missing.
        package static let localeUnavailable = Code("archive.locale-unavailable")
    }

    package let code: Code
    package let reason: String
    /// The error underneath: a failed system call, a libarchive message.
    package let cause: (any Error)?
    /// Where in the archive: an entry's path, or "header at byte N" before a name is known.
    package let location: String?
    package let file: String
    package let line: Int

    package init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
                file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }
}
