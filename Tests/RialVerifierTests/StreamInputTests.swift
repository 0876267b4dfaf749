import Foundation
import RialAmender
import RialArchive
import RialExtractor
import RialTestSupport
import Testing
@testable import RialVerifier

/// Packages read from a stream, in process (issue 21): the verifier reads a named pipe once,
/// as it reads `-`, and never waits on what cannot be read twice. The writer is `cat`, an
/// outside process that holds the pipe open before the verifier opens it. `rial verify -`
/// itself (standard input, its report naming `-`, `--files-from`) is an end-to-end test in
/// RialCLITests' StreamInputTests.
@Suite("Packages from a stream (library)", .serialized)
struct StreamInputTests {
    /// A writer feeding `fifo` with `arguments` (`cat` of them), already holding the pipe open
    /// for writing, so no scheduling can make it look writerless to the verifier.
    final class PipeWriter {
        let process = Process()

        init(_ fifo: URL, cat arguments: [String]) throws {
            let fd = open(fifo.path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { throw OutsideOracle.Failed(description: "cannot open \(fifo.path): \(errno)") }
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            process.executableURL = URL(fileURLWithPath: "/bin/cat")
            process.arguments = arguments
            process.standardOutput = handle
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The writer holds its own copy; the pipe ends when it does.
            try handle.close()
        }

        /// Ends the writer (one writing for ever is ended here) and waits for it. SIGKILL, as a
        /// child may inherit a signal mask that blocks SIGTERM; and the writer holds the pipe's
        /// read end too (it was opened read-write), so it never sees SIGPIPE.
        func finish() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// A named pipe `name` in `dir`.
    static func fifo(_ name: String = "pipe.rialpkg", in dir: URL) throws -> URL {
        let fifo = dir.appendingPathComponent(name)
        try #require(mkfifo(fifo.path, 0o600) == 0)
        return fifo
    }

    /// Verifies `fifo` with `policy` while `cat` writes `sources` into it.
    static func verify(_ fifo: URL, feeding sources: [URL], policy: VerificationPolicy = VerificationPolicy()) throws -> VerificationReport {
        let writer = try PipeWriter(fifo, cat: sources.map(\.path))
        defer { writer.finish() }
        return LibraryFixture.verify(fifo, policy: policy)
    }

    static func package(in dir: URL) throws -> URL {
        try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
    }

    @Test("a package read from a pipe passes, with the same checks as from the file with its media not examined")
    func pipedPackage() throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir)
            var noMedia = VerificationPolicy()
            noMedia.examinesMedia = false
            let report = try Self.verify(try Self.fifo(in: dir), feeding: [package], policy: noMedia)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.subjectKind == .package)
            // The same report as from the file with its media not examined, but for the name.
            let fromFile = LibraryFixture.verify(package, policy: noMedia)
            let codes = { (r: VerificationReport) in r.checks.map { "\($0.code.rawValue) \($0.status.rawValue)" } }
            #expect(codes(fromFile) == codes(report))
            #expect(fromFile.manifestSHA256 != nil && fromFile.manifestSHA256 == report.manifestSHA256)
        }
    }

    @Test("examining media, a stream's media is NOT CHECKED, with the reason, never a failure")
    func streamMediaNotChecked() throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir)
            let report = try Self.verify(try Self.fifo(in: dir), feeding: [package])
            #expect(report.verdict == .pass, "\(report.failures)")
            let media = report.checks.filter { $0.code.rawValue.hasPrefix("media.") }
            #expect(!media.isEmpty)
            #expect(media.contains { $0.code.rawValue == "media.probe" })
            // media.probe, and the claims held against the media (media.location, media.device-model):
            // each NOT CHECKED, saying the package came from a stream.
            for check in media {
                #expect(check.status == .notChecked, "\(check)")
                #expect(check.message.contains("stream"), "\(check)")
            }
        }
    }

    @Test(
        "a named pipe with a writer verifies (its media NOT CHECKED, never opened again), media examined or not; with no writer it is refused at once",
        arguments: [true, false])
    func namedPipe(_ examinesMedia: Bool) throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir)
            let fifo = try Self.fifo(in: dir)
            var policy = VerificationPolicy()
            policy.examinesMedia = examinesMedia
            let fed = try Self.verify(fifo, feeding: [package], policy: policy)
            #expect(fed.verdict == .pass, "\(fed.failures)")
            let media = fed.checks("media.probe")
            #expect(media.count == 1 && media.first?.status == .notChecked, "\(media)")
            // No writer: an error at once, saying what to do.
            let started = Date()
            let lonely = LibraryFixture.verify(fifo, policy: policy)
            #expect(lonely.verdict == .error && Date().timeIntervalSince(started) < 60)
            #expect(String(describing: lonely.error.map { "\($0)" } ?? "").contains("a named pipe with no writer"), "\(String(describing: lonely.error))")
        }
    }

    @Test("zeros for ever after a package in a pipe end the reading (archive.limit.padding); a record's padding does not")
    func zerosForEver() throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir)
            let forever = try Self.verify(try Self.fifo(in: dir), feeding: [package, URL(fileURLWithPath: "/dev/zero")])
            #expect(forever.verdict == .error)
            #expect(forever.error?.code.rawValue == "archive.limit.padding", "\(String(describing: forever.error))")

            // 10 GiB of zeros (sparse) after the marker: refused after 1 MiB of them.
            let sparse = dir.appendingPathComponent("sparse.rialpkg")
            try FileManager.default.copyItem(at: package, to: sparse)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: sparse.path)[.size] as? Int)
            #expect(truncate(sparse.path, off_t(size) + (10 << 30)) == 0)
            let long = LibraryFixture.verify(sparse)
            #expect(long.verdict == .error && long.error?.code.rawValue == "archive.limit.padding", "\(String(describing: long.error))")

            // What GNU tar leaves (padding to a 10240-byte record) still verifies.
            let padded = dir.appendingPathComponent("padded.rialpkg")
            try FileManager.default.copyItem(at: package, to: padded)
            #expect(truncate(padded.path, off_t(size + 10240 - size % 10240)) == 0)
            #expect(LibraryFixture.verify(padded).verdict == .pass)
        }
    }

    @Test(
        "the extractor refuses a FIFO and standard input (extract.not-a-file), the amender's seal a FIFO (amend.unverifiable), instead of waiting for a second read"
    )
    func extractFromStream() throws {
        try TemporaryDirectory.with { dir in
            let fifo = try Self.fifo("pkg.fifo", in: dir)
            let out = dir.appendingPathComponent("out")
            // No writer: opening the FIFO would wait for ever. The refusal must come before any open.
            for source in [fifo.path, Verifier.standardInput] {
                let refusal = #expect(throws: ArchiveError.self, "\(source)") { try PackageExtractor().extract(package: source, to: out.path) }
                #expect(refusal?.code.rawValue == "extract.not-a-file", "\(String(describing: refusal))")
                #expect(!FileManager.default.fileExists(atPath: out.path))
            }

            // Sealing reads the package again and replaces it: a FIFO is refused the same way.
            let pki = try TestPKI.make(in: dir)
            let sealed = #expect(throws: AmenderError.self) { try PackageAmender(path: fifo.path).seal(with: pki.sealer(), at: .now()) }
            #expect(sealed?.code.rawValue == "amend.unverifiable", "\(String(describing: sealed))")
        }
    }
}
