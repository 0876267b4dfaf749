import Testing
import RialErrors
import RialArchive

/// ArchiveError on the shared error shape: location first, then reason and cause.
@Suite("ArchiveError")
struct ArchiveErrorTests {
    struct LowerError: Error, CustomStringConvertible {
        var description: String { "No space left on device" }
    }

    @Test func descriptionWithLocation() {
        let error = ArchiveError(.truncated, "the archive ends mid-header", location: "header at byte 1024")
        #expect(error.description == "header at byte 1024: the archive ends mid-header [archive.truncated]")
    }

    @Test func carriesACause() {
        let error = ArchiveError(.writeFailed, "out.rialpkg", cause: LowerError())
        #expect(error.description == "out.rialpkg: No space left on device [archive.write-failed]")
        #expect(error.causes.count == 1)
    }

    @Test func aRefusedHeaderKeepsItsOwnCodeAndSaysWhere() throws {
        let archive = RawTar.archive(RawTar.header(Array("p/a".utf8), checksumDelta: 1))
        let error = try #require(StrictReaderTests.refusal(archive))
        #expect(error.code == .headerChecksum)
        #expect(error.location == "header at byte 512")
        // The line that found the fault, not the one that added where.
        #expect(error.file.hasSuffix("TarHeaderBlock.swift"))
    }
}
