import RialErrors

/// An error from reading or writing archives and files.
package typealias ArchiveError = CodedError<ArchiveErrorCode>

package struct ArchiveErrorCode: RialErrorCode {
    package let rawValue: String
    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// The bytes are not a tar archive this reader accepts.
    package static let notAnArchive = Self("archive.not-an-archive")
    /// libarchive reported a problem (`ARCHIVE_WARN` included) while reading.
    package static let readFailed = Self("archive.read-failed")
    /// libarchive reported a problem while writing.
    package static let writeFailed = Self("archive.write-failed")
    /// An entry's data was shorter or longer than its header says.
    package static let sizeMismatch = Self("archive.size-mismatch")
    /// An entry is not a regular file or a directory.
    package static let unsupportedEntryType = Self("archive.entry.unsupported-type")
    /// An entry's name breaks the naming rules (not UTF-8 or NFC, absolute, `..`, control
    /// or bidi characters, a NUL in a pax path, ...).
    package static let invalidName = Self("archive.entry.invalid-name")
    /// The archive ends before its end-of-archive marker (mid-header, mid-data), or an
    /// entry declares data beyond the end of the file.
    package static let truncated = Self("archive.truncated")
    /// Bytes other than zero padding follow the end-of-archive marker.
    package static let trailingData = Self("archive.trailing-data")
    /// More zero padding after the end-of-archive marker than ``ArchiveLimits/maxPaddingBytes``.
    package static let paddingTooLong = Self("archive.limit.padding")
    /// A header is not a POSIX ustar/pax header (GNU, v7, ...).
    package static let headerFormat = Self("archive.header.format")
    /// A header's checksum does not match its bytes.
    package static let headerChecksum = Self("archive.header.checksum")
    /// A numeric header field is not plain octal (base-256, negative, garbage).
    package static let headerNumber = Self("archive.header.number")
    /// A header is well-formed but says something the profile forbids (a directory with data).
    package static let headerMalformed = Self("archive.header.malformed")
    /// libarchive's view of an entry differs from the raw header's.
    package static let headerMismatch = Self("archive.header.mismatch")
    /// A pax extended header holds a key outside the allow-list.
    package static let paxKey = Self("archive.pax.key")
    /// A pax extended header's records are malformed.
    package static let paxMalformed = Self("archive.pax.malformed")
    /// A global pax header (`typeflag 'g'`).
    package static let paxGlobal = Self("archive.pax.global")
    /// A pax `size` differs from the ustar header's size.
    package static let paxSizeMismatch = Self("archive.pax.size-mismatch")
    /// A pax extended header larger than ``ArchiveLimits/maxPaxHeaderBytes``.
    package static let paxHeaderTooLarge = Self("archive.limit.pax-header")
    /// A sparse entry (GNU `S` type or `GNU.sparse.*` pax keys).
    package static let sparseEntry = Self("archive.entry.sparse")
    /// More entries than ``ArchiveLimits/maxEntries``.
    package static let tooManyEntries = Self("archive.limit.entries")
    /// A name longer than ``ArchiveLimits/maxPathBytes``.
    package static let pathTooLong = Self("archive.limit.path-length")
    /// An entry larger than the archive (or ``ArchiveLimits/maxFileBytes``).
    package static let fileTooLarge = Self("archive.limit.file-size")
    /// Entries larger in total than ``ArchiveLimits/maxTotalBytes`` (archive size unknown).
    package static let totalTooLarge = Self("archive.limit.total-size")
    /// The same path twice.
    package static let duplicateEntry = Self("archive.entry.duplicate")
    /// Two names equal after NFC and case folding, or a file where a directory must be.
    package static let nameCollision = Self("archive.entry.name-collision")
    /// Entries under more than one top-level directory.
    package static let multipleRoots = Self("archive.layout.multiple-roots")
    /// A file beside the top-level directory.
    package static let fileAtRoot = Self("archive.layout.file-at-root")
    /// A system call on a file failed.
    package static let io = Self("io.failed")
    /// A file to write exists and was not to be replaced.
    package static let outputExists = Self("io.output-exists")
    /// A file was to be written where a directory or another thing that is not a regular file is.
    package static let outputNotAFile = Self("io.output-not-a-file")
    /// A file changed size while being read.
    package static let fileChanged = Self("io.file-changed")
    /// The destination of an extraction is not new and empty, or a path would leave it.
    package static let unsafeDestination = Self("extract.unsafe-destination")
    /// The package to extract is not a regular file (a pipe, a FIFO, standard input): an
    /// extraction reads it twice, to verify it and then to unpack it, and a stream is gone
    /// after the first read.
    package static let sourceNotAFile = Self("extract.not-a-file")
    /// The destination of an extraction cannot be written: permissions, a read-only file
    /// system, a full disk; the system's reason is in the message.
    package static let destinationUnwritable = Self("extract.write-failed")
    /// The UTF-8 locale libarchive needs is missing.
    package static let localeUnavailable = Self("archive.locale-unavailable")
}
