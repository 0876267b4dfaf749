import Foundation
import Testing
import RialFormat
import RialCrypto
import RialPackager
import RialVerifier
import RialAmender

/// What is amended is what was verified: a package that changes between verification and
/// the rewrite is refused.
@Suite("PackageAmender: changed during verification")
struct PackageAmenderChangeTests {
    /// Appends an unsigned NOTE event through the packager alone, with no verification.
    private static func appendNote(to package: String) throws {
        let tags = try PackageRewriter.tagFiles(of: package)
        let manifest = tags.files[PackageLayout.manifest] ?? []
        let event = try CustodyRecorder.next(
            after: tags.custodyHead, manifestSHA256: Hex.encode(StreamingDigest.digest(.sha256, of: manifest)),
            packageID: PackageID("test-pkg"), time: .now(), action: .note,
            actor: CustodyActor(name: "Someone Else"), details: "meanwhile")
        try PackageRewriter(source: package, destination: package)
            .append(CustodyRecorder(signer: nil).files(for: event), modificationTime: Timestamp.now().seconds)
    }

    @Test("the tag files match the report they were verified by, and stop matching once the custody log grows")
    func comparesTheTagFilesWithTheReport() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let report = try Verifier().verify(path: sample.package)
        #expect(PackageAmender.tagFiles(try PackageRewriter.tagFiles(of: sample.package), areThoseVerifiedBy: report))
        try Self.appendNote(to: sample.package)
        #expect(!PackageAmender.tagFiles(try PackageRewriter.tagFiles(of: sample.package), areThoseVerifiedBy: report))
        let again = try Verifier().verify(path: sample.package)
        #expect(PackageAmender.tagFiles(try PackageRewriter.tagFiles(of: sample.package), areThoseVerifiedBy: again))
    }

    @Test("an event appended by someone else while the package was verified: refused, and their event is kept as they wrote it")
    func refusesAPackageThatChangedWhileVerified() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        var amender = PackageAmender(path: sample.package)
        let package = sample.package
        amender.afterVerifying = { _ in try? Self.appendNote(to: package) }
        #expect(amendmentCode { try amender.seal(with: TestSigner.make(), at: .now()) } == .changedDuringVerification)
        let report = try Verifier().verify(path: sample.package)
        #expect(report.verdict == .pass)
        #expect(try PackageRewriter.tagFiles(of: sample.package).files[PackageLayout.seal] == nil, "not sealed")
        #expect(report.custody?.head?.event?.details == "meanwhile")
    }

    @Test("a seal swapped while the package was verified, manifest and custody head unchanged: the seal must still sign the verified manifest")
    func refusesASealSwappedWhileVerified() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let original = sample.directory + "/original.rialpkg"
        try FileManager.default.copyItem(atPath: sample.package, toPath: original)
        let sealer = try TestSigner.make()
        _ = try PackageAmender(path: sample.package).seal(with: sealer, at: .now())

        // The same package, its SEALED event copied byte for byte, but a seal over other bytes.
        let sealed = try PackageRewriter.tagFiles(of: sample.package).files
        let swapped = sample.directory + "/swapped.rialpkg"
        try PackageRewriter(source: original, destination: swapped).append(
            [
                PackageFile(path: PackageLayout.seal, bytes: try sealer.seal(Array("other bytes".utf8))),
                PackageFile(path: "rial/custody/000007.json", bytes: try #require(sealed["rial/custody/000007.json"])),
                PackageFile(path: "rial/custody/000007.p7s", bytes: try #require(sealed["rial/custody/000007.p7s"])),
            ], modificationTime: Timestamp.now().seconds)

        var amender = PackageAmender(path: sample.package)
        let package = sample.package
        amender.afterVerifying = { _ in
            try? FileManager.default.removeItem(atPath: package)
            try? FileManager.default.copyItem(atPath: swapped, toPath: package)
        }
        #expect(amendmentCode { try amender.makeTimestampRequest() } == .sealMismatch)
    }

    /// The manifest and custody head are the same after the change; only the payload differs.
    @Test(
        "a payload byte changed, or a file added, after verification (by something that takes no lock): refused, nothing added, the changed package left as it is",
        arguments: ["flip", "add"])
    func refusesAPayloadChangedAfterVerification(change: String) throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        var amender = PackageAmender(path: sample.package)
        let package = sample.package
        amender.afterVerifying = { _ in
            if change == "flip" {
                try? sample.flipByte()
            } else {
                // A file the manifests do not list, added without touching them.
                try? PackageRewriter(source: package, destination: package).append(
                    [PackageFile(path: "rial/extra.txt", bytes: Array("meanwhile\n".utf8))], modificationTime: Timestamp.now().seconds)
            }
        }
        #expect(amendmentCode { try amender.seal(with: TestSigner.make(), at: .now()) } == .changedDuringVerification)
        let after = try PackageRewriter.tagFiles(of: package).files
        #expect(!after.keys.contains(PackageLayout.seal), "not sealed")
        if change == "flip" {
            #expect(try Verifier().verify(path: package).failures.map(\.code.rawValue).contains("bag.manifest.sha256.mismatch"), "the changed byte is kept")
        } else {
            #expect(after["rial/extra.txt"] != nil, "their file is kept")
        }
    }
}
