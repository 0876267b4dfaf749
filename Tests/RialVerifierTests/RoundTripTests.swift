import Foundation
import Testing
import RialFormat
import RialPackager
import RialReport
import RialTestSupport
@testable import RialVerifier

/// sample → pack → verify in-process: honest reporting of what is absent, the report naming the
/// package, and determinism. `rial verify`'s happy path, pack's options and names beyond ASCII
/// through every command stay end to end (RialCLITests' RoundTripTests).
@Suite("Round trip (library)")
struct RoundTripTests {
    @Test("unchecked parts are reported honestly: seal is NOT PRESENT, never PASS")
    func honestAboutSeal() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .pass, "\(report.failures)")

            let lines = report.textLines.map(String.init)
            let sealLines = lines.filter { $0.range(of: #"^[A-Z ]+\s+seal\s"#, options: .regularExpression) != nil }
            #expect(sealLines.count == 1, "\(lines)")
            #expect(sealLines.allSatisfy { $0.hasPrefix("NOT PRESENT") }, "\(sealLines)")
            #expect(!lines.contains { $0.range(of: #"^PASS\s+(seal|timestamp|chain)\s"#, options: .regularExpression) != nil })

            #expect(report.checks("seal").map(\.status) == [.notPresent])
            #expect(report.checks("timestamp").allSatisfy { $0.status != .pass })
            #expect(report.count(.notPresent) >= 1)
        }
    }

    @Test("the report's package id and manifest SHA-256 name what is in the archive")
    func reportIdentifiesPackage() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            let report = LibraryFixture.verify(package)

            #expect(report.packageID == bag.lastPathComponent)
            let sum = Subprocess.execute([try OutsideOracle.tool("sha256sum"), "rial/manifest.json"], cwd: bag)
            let digest = sum.output.split(separator: " ").first.map(String.init)
            #expect(digest != nil && report.manifestSHA256 == digest, "\(sum)")
        }
    }

    @Test("two packs of one capture with the same creation time are byte-identical")
    func deterministic() throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir)
            let first = try LibraryFixture.pack(capture, in: dir, name: "first.rialpkg")
            let second = try LibraryFixture.pack(capture, in: dir, name: "second.rialpkg")
            #expect(try Data(contentsOf: first) == Data(contentsOf: second))

            // A copy of the capture elsewhere packs to the same bytes: the id comes from content.
            let copy = dir.appendingPathComponent("elsewhere/capture")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: capture, to: copy)
            let third = try LibraryFixture.pack(copy, in: dir, name: "third.rialpkg")
            #expect(try Data(contentsOf: first) == Data(contentsOf: third))
        }
    }

    @Test("a different creation time gives a different package id")
    func createdChangesID() throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir)
            let first = try LibraryFixture.pack(capture, in: dir, name: "first.rialpkg")
            let later = try LibraryFixture.pack(capture, in: dir, name: "later.rialpkg") { options in
                options.created = try Timestamp(rfc3339: "2026-01-20T00:00:01Z")
            }

            let firstID = LibraryFixture.verify(first).packageID
            let laterID = LibraryFixture.verify(later).packageID
            #expect(firstID != nil && laterID != nil)
            #expect(firstID != laterID)
            #expect(try OutsideOracle.tarList(later).first?.hasPrefix(try #require(laterID) + "/") == true)
        }
    }

    @Test("a different capture gives a different package id")
    func contentChangesID() throws {
        try TemporaryDirectory.with { dir in
            let one = try LibraryFixture.pack(try LibraryFixture.sample(in: dir, name: "one", seed: 1), in: dir, name: "one.rialpkg")
            let two = try LibraryFixture.pack(try LibraryFixture.sample(in: dir, name: "two", seed: 2), in: dir, name: "two.rialpkg")
            #expect(LibraryFixture.verify(one).packageID != LibraryFixture.verify(two).packageID)
        }
    }

    @Test("a sample capture is deterministic for a seed")
    func sampleDeterministic() throws {
        try TemporaryDirectory.with { dir in
            let a = try LibraryFixture.sample(in: dir, name: "a", seed: 7)
            let b = try LibraryFixture.sample(in: dir, name: "b", seed: 7)
            let c = try LibraryFixture.sample(in: dir, name: "c", seed: 8)
            let files = TemporaryDirectory.listing(a)
            #expect(files.contains("media/capture.mov"))
            #expect(files.contains("depth/depth_000001.f32") && files.contains("depth/depth_000004.f32"))
            #expect(!files.contains("depth/depth_000002.f32"))
            #expect(files.contains("app/metadata.json") && files.contains("app/custody_log.json"))
            #expect(files == TemporaryDirectory.listing(b))
            for file in TemporaryDirectory.regularFiles(a) {
                #expect(try Data(contentsOf: a.appendingPathComponent(file)) == Data(contentsOf: b.appendingPathComponent(file)), "\(file)")
            }
            #expect(try Data(contentsOf: a.appendingPathComponent("media/capture.mov")) != Data(contentsOf: c.appendingPathComponent("media/capture.mov")))
        }
    }
}
