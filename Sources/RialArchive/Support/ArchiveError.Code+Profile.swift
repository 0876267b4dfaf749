extension ArchiveErrorCode {
    /// The rules of the strict reading profile (`schema/SPEC.md` §4.4): an archive that breaks
    /// one is refused with this code, which a verifier passes on as its own error code (the
    /// second table of §8.6). The other codes are about this machine or a file being written,
    /// never a property of the archive.
    package static let profileViolations: Set<Self> = [
        .readFailed, .sizeMismatch, .unsupportedEntryType, .invalidName, .truncated, .trailingData, .paddingTooLong,
        .headerFormat, .headerChecksum, .headerNumber, .headerMalformed, .headerMismatch,
        .paxKey, .paxMalformed, .paxGlobal, .paxSizeMismatch, .paxHeaderTooLarge, .sparseEntry,
        .tooManyEntries, .pathTooLong, .fileTooLarge, .totalTooLarge, .duplicateEntry, .nameCollision,
        .multipleRoots, .fileAtRoot,
    ]

    /// Every code, for tests that hold a mapping of them against the SPEC.
    package static let all: [Self] =
        Array(profileViolations) + [
            .notAnArchive, .writeFailed, .io, .fileChanged, .unsafeDestination, .sourceNotAFile, .localeUnavailable,
        ]
}
