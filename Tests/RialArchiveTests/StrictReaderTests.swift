import Testing
import RialArchive

/// The strict reader refuses every archive outside the `.rialpkg` profile with the code of
/// the rule it breaks and where, and reads a well-formed one identically in any chunking.
@Suite("Strict tar reader")
struct StrictReaderTests {
    /// Reads every entry and its data; returns (path, bytes) pairs.
    static func readAll(_ bytes: [UInt8], limits: ArchiveLimits = .default, chunkSize: Int = 1 << 20) throws -> [(String, [UInt8])] {
        let reader = try TarReader(bytes: bytes, limits: limits, chunkSize: chunkSize)
        var out: [(String, [UInt8])] = []
        while let header = try reader.nextEntry() {
            var data: [UInt8] = []
            try reader.readData { data += $0 }
            out.append((header.path, data))
        }
        return out
    }

    /// The error reading `bytes` raises.
    static func refusal(_ bytes: [UInt8], limits: ArchiveLimits = .default) -> ArchiveError? {
        do {
            _ = try readAll(bytes, limits: limits)
            return nil
        } catch {
            return error as? ArchiveError
        }
    }

    @Test("a well-formed archive reads the same in any chunking, zero padding after the marker allowed")
    func wellFormed() throws {
        let archive =
            RawTar.archive(
                RawTar.directory("p/data/"), RawTar.file("p/data/a.txt", String(repeating: "abc", count: 300)),
                RawTar.pax([("path", Array("p/data/é.txt".utf8))]), RawTar.file("p/data/e.txt", "é"))
            + [UInt8](repeating: 0, count: 10240)
        let expected = try Self.readAll(archive)
        #expect(expected.map(\.0) == ["p/", "p/data/", "p/data/a.txt", "p/data/é.txt"])
        #expect(expected[2].1 == Array(String(repeating: "abc", count: 300).utf8))
        for chunk in [1, 7, 511, 512, 513, 4096] {
            let read = try Self.readAll(archive, chunkSize: chunk)
            #expect(read.map(\.0) == expected.map(\.0) && read.map(\.1) == expected.map(\.1), "chunk size \(chunk)")
        }
        // Padding up to the limit, to the byte, is still padding.
        #expect(throws: Never.self) { try Self.readAll(archive + [UInt8](repeating: 0, count: (1 << 20) - 10240)) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let code: ArchiveError.Code
        let location: String?
        var limits = ArchiveLimits.default
        var testDescription: String { name }
    }

    static let file = RawTar.file("p/a.txt")
    static let cases: [Case] = {
        var small = ArchiveLimits.default
        small.maxEntries = 3
        var shortNames = ArchiveLimits.default
        shortNames.maxPathBytes = 20
        var shortPadding = ArchiveLimits.default
        shortPadding.maxPaddingBytes = 4096
        let good = RawTar.archive(file)
        return [
            Case(name: "gzip data", bytes: [0x1F, 0x8B, 0x08] + [UInt8](repeating: 0, count: 600), code: .notAnArchive, location: "byte 0"),
            Case(name: "empty file", bytes: [], code: .notAnArchive, location: "byte 0"),
            Case(
                name: "first header's checksum wrong", bytes: RawTar.header(Array("p/".utf8), type: "5", checksumDelta: 1) + file + RawTar.end,
                code: .notAnArchive, location: "byte 0"),
            Case(
                name: "later header's checksum wrong", bytes: RawTar.archive(RawTar.header(Array("p/a".utf8), checksumDelta: 1)),
                code: .headerChecksum, location: "header at byte 512"),
            Case(
                name: "GNU magic", bytes: RawTar.archive(RawTar.header(Array("p/a".utf8), magic: Array("ustar  \u{0}".utf8))),
                code: .headerFormat, location: "header at byte 512"),
            Case(
                name: "base-256 size", bytes: RawTar.archive(RawTar.header(Array("p/a".utf8), sizeField: [0x80] + [UInt8](repeating: 0, count: 10) + [1])),
                code: .headerNumber, location: "header at byte 512"),
            Case(
                name: "negative size", bytes: RawTar.archive(RawTar.header(Array("p/a".utf8), sizeField: [UInt8](repeating: 0xFF, count: 12))),
                code: .headerNumber, location: "header at byte 512"),
            Case(
                name: "garbage in the size field", bytes: RawTar.archive(RawTar.header(Array("p/a".utf8), sizeField: Array("12x4\u{0}".utf8))),
                code: .headerNumber, location: "header at byte 512"),
            Case(name: "symbolic link", bytes: RawTar.archive(RawTar.header(Array("p/l".utf8), type: "2")), code: .unsupportedEntryType, location: "p/l"),
            Case(name: "hard link", bytes: RawTar.archive(RawTar.header(Array("p/h".utf8), type: "1")), code: .unsupportedEntryType, location: "p/h"),
            Case(name: "character device", bytes: RawTar.archive(RawTar.header(Array("p/c".utf8), type: "3")), code: .unsupportedEntryType, location: "p/c"),
            Case(name: "FIFO", bytes: RawTar.archive(RawTar.header(Array("p/f".utf8), type: "6")), code: .unsupportedEntryType, location: "p/f"),
            Case(
                name: "GNU long name", bytes: RawTar.archive(RawTar.header(Array("././@LongLink".utf8), type: "L")), code: .unsupportedEntryType,
                location: "././@LongLink"),
            Case(name: "sparse type S", bytes: RawTar.archive(RawTar.header(Array("p/s".utf8), type: "S")), code: .sparseEntry, location: "header at byte 512"),
            Case(
                name: "pax GNU sparse keys declaring 60 GiB", bytes: RawTar.archive(RawTar.pax([("GNU.sparse.size", Array("64424509440".utf8))]), file),
                code: .sparseEntry, location: "pax header at byte 512"),
            Case(
                name: "global pax header", bytes: RawTar.archive(RawTar.pax([("comment", Array("x".utf8))], type: "g"), file), code: .paxGlobal,
                location: "header at byte 512"),
            Case(
                name: "pax key outside the allow-list", bytes: RawTar.archive(RawTar.pax([("linkpath", Array("/etc".utf8))]), file), code: .paxKey,
                location: "pax header at byte 512"),
            Case(
                name: "pax key twice", bytes: RawTar.archive(RawTar.pax([("path", Array("p/b".utf8)), ("path", Array("p/c".utf8))]), file),
                code: .paxMalformed, location: "pax header at byte 512"),
            Case(
                name: "pax record length wrong",
                bytes: RawTar.archive(RawTar.header(Array("p/x".utf8), type: "x", size: 12) + RawTar.padded(Array("99 path=p/b\n".utf8)), file),
                code: .paxMalformed, location: "pax header at byte 512"),
            Case(
                name: "pax header followed by the end", bytes: RawTar.archive(RawTar.pax([("path", Array("p/b".utf8))])), code: .paxMalformed,
                location: "byte 1536"),
            Case(
                name: "NUL in a pax path", bytes: RawTar.archive(RawTar.pax([("path", Array("p/ok.txt".utf8) + [0] + Array("/../../evil".utf8))]), file),
                code: .invalidName, location: "pax header at byte 512"),
            Case(
                name: "pax path overriding a harmless ustar name with ..", bytes: RawTar.archive(RawTar.pax([("path", Array("p/../../evil".utf8))]), file),
                code: .invalidName, location: "p/../../evil"),
            Case(
                name: "pax size disagreeing with the ustar size", bytes: RawTar.archive(RawTar.pax([("size", Array("0".utf8))]), file),
                code: .paxSizeMismatch, location: "p/a.txt"),
            Case(
                name: "pax header over the limit (a 1 MiB name)", bytes: RawTar.archive(RawTar.pax([("path", [UInt8](repeating: 0x61, count: 1 << 20))]), file),
                code: .paxHeaderTooLarge, location: "header at byte 512"),
            Case(
                name: "name over the path limit", bytes: RawTar.archive(RawTar.file("p/" + String(repeating: "n", count: 30))), code: .pathTooLong,
                location: "header at byte 512", limits: shortNames),
            Case(
                name: "entry count over the limit", bytes: RawTar.archive(RawTar.file("p/1"), RawTar.file("p/2"), RawTar.file("p/3")), code: .tooManyEntries,
                location: "header at byte 2560", limits: small),
            Case(
                name: "entry larger than the archive (60 GiB)", bytes: RawTar.archive(RawTar.header(Array("p/big".utf8), size: 60 << 30)), code: .fileTooLarge,
                location: "p/big"),
            Case(
                name: "directory with data", bytes: RawTar.archive(RawTar.header(Array("p/d/".utf8), type: "5", size: 1) + RawTar.padded([1])),
                code: .headerMalformed, location: "p/d"),
            Case(name: "truncated mid-header", bytes: Array(good.prefix(700)), code: .truncated, location: "byte 512"),
            Case(name: "truncated mid-data", bytes: Array(good.prefix(1030)), code: .truncated, location: "p/a.txt"),
            Case(name: "no end-of-archive marker", bytes: Array(good.prefix(1536)), code: .truncated, location: "byte 1536"),
            Case(name: "one zero block only", bytes: Array(good.prefix(2048)), code: .truncated, location: "byte 2048"),
            Case(name: "trailing data after the marker", bytes: good + [0, 0, 0x41], code: .trailingData, location: "byte 2562"),
            Case(
                name: "zero padding over the limit", bytes: good + [UInt8](repeating: 0, count: 4097), code: .paddingTooLong,
                location: "byte \(good.count + 4096)", limits: shortPadding),
            Case(
                name: "non-zero byte within the padding limit", bytes: good + [UInt8](repeating: 0, count: 4095) + [1], code: .trailingData,
                location: "byte \(good.count + 4095)", limits: shortPadding),
            Case(
                name: "a header after a lone zero block", bytes: RawTar.directory("p/") + [UInt8](repeating: 0, count: 512) + file + RawTar.end,
                code: .trailingData, location: "byte 1024"),
            Case(name: ".. component", bytes: RawTar.archive(RawTar.file("p/../evil")), code: .invalidName, location: "p/../evil"),
            Case(name: "absolute name", bytes: RawTar.archive(RawTar.file("/etc/evil")), code: .invalidName, location: "/etc/evil"),
            Case(name: "backslash", bytes: RawTar.archive(RawTar.file("p/a\\b")), code: .invalidName, location: "p/a\\b"),
            Case(name: "control character", bytes: RawTar.archive(RawTar.file("p/a\u{1B}[2Jb")), code: .invalidName, location: "p/a\u{1B}[2Jb"),
            Case(name: "bidi override", bytes: RawTar.archive(RawTar.file("p/gpj.\u{202E}exe")), code: .invalidName, location: "p/gpj.\u{202E}exe"),
            Case(name: "NFD name", bytes: RawTar.archive(RawTar.file("p/e\u{301}.txt")), code: .invalidName, location: "p/e\u{301}.txt"),
            Case(
                name: "invalid UTF-8", bytes: RawTar.archive(RawTar.header(Array("p/".utf8) + [0xC3, 0x28], size: 0)), code: .invalidName,
                location: "header at byte 512"),
            Case(name: "duplicate entry", bytes: RawTar.archive(file, file), code: .duplicateEntry, location: "p/a.txt"),
            Case(name: "case collision", bytes: RawTar.archive(RawTar.file("p/A.txt"), file), code: .nameCollision, location: "p/a.txt"),
            Case(
                name: "file where a directory must be", bytes: RawTar.archive(RawTar.file("p/d"), RawTar.file("p/d/x")), code: .nameCollision, location: "p/d/x"
            ),
            Case(
                name: "directory after a file inside it", bytes: RawTar.archive(RawTar.file("p/d/x"), RawTar.file("p/d")), code: .nameCollision, location: "p/d"
            ),
            Case(name: "second top-level directory", bytes: RawTar.archive(RawTar.file("q/a.txt")), code: .multipleRoots, location: "q/a.txt"),
            Case(name: "file beside the top-level directory", bytes: RawTar.file("a.txt") + RawTar.end, code: .fileAtRoot, location: "a.txt"),
        ]
    }()

    @Test("an archive outside the profile is refused with its code and location", arguments: cases)
    func refused(_ hostile: Case) {
        let error = Self.refusal(hostile.bytes, limits: hostile.limits)
        #expect(error?.code == hostile.code, "\(String(describing: error))")
        #expect(error?.location == hostile.location, "\(String(describing: error))")
    }

    @Test("every refusal reads the same in one-byte chunks (the raw parser holds state across chunks)", arguments: cases.filter { $0.bytes.count < 1 << 16 })
    func refusedInTinyChunks(_ hostile: Case) {
        var refusal: ArchiveError?
        do {
            let reader = try TarReader(bytes: hostile.bytes, limits: hostile.limits, chunkSize: 1)
            while try reader.nextEntry() != nil { try reader.readData { _ in } }
        } catch {
            refusal = error as? ArchiveError
        }
        #expect(refusal?.code == hostile.code, "\(String(describing: refusal))")
    }
}
