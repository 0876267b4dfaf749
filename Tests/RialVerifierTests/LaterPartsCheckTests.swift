import Testing
import RialFormat
@testable import RialVerifier

/// Files appended after packing that no check of this verifier reads: NOT CHECKED, never PASS.
/// The seal, its timestamp and the custody log are recognised, so a package with nothing
/// else appended has no finding here.
@Suite("Later parts check")
struct LaterPartsCheckTests {
    private typealias Builder = InventoryBuilder

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        LaterPartsCheck().run(builder.context(profile: profile)).findings
    }

    @Test func untouchedPackageHasNothingUnrecognised() throws {
        #expect(run(try Builder.package()) == [])
        let sealer = try TestIdentity()
        var sealed = try Builder.package(sealedBy: sealer)
        try sealed.appendEvent(at: Timestamp(seconds: Builder.created.seconds + 86_400), by: sealer)
        try sealed.put(PackageLayout.sealTimestamp, Array("a token".utf8))
        try sealed.put(PackageLayout.sealTimestampChain, Array("a chain".utf8))
        #expect(run(sealed) == [])
    }

    @Test func unknownAppendedFilesAreReportedNotChecked() throws {
        var builder = try Builder.package()
        try builder.put("rial/seal/extra.bin", [0x00])
        #expect(run(builder) == [Finding(.appendedUnrecognised, .notChecked, "rial/seal/extra.bin")])
        // Sorted by bytes, one finding each.
        try builder.put("rial/seal/another.bin", [0x00])
        #expect(
            run(builder) == [
                Finding(.appendedUnrecognised, .notChecked, "rial/seal/another.bin"),
                Finding(.appendedUnrecognised, .notChecked, "rial/seal/extra.bin"),
            ])
    }

    @Test func sealTooLargeToKeepIsStillRecognised() throws {
        var builder = try Builder.package()
        try builder.put(PackageLayout.seal, [0x41])
        builder.unkept.insert(PackageLayout.seal)
        #expect(run(builder) == [])
    }

    @Test func plainBagHasNoLaterPartsUnlessItHasARialManifest() throws {
        var bag = try Builder.plainBag()
        try bag.put("rial/seal/extra.bin", [0x00])
        #expect(run(bag, profile: .bag) == [])
        var stripped = try Builder.package()
        try stripped.put("rial/seal/extra.bin", [0x00])
        #expect(run(stripped, profile: .bag) == [Finding(.appendedUnrecognised, .notChecked, "rial/seal/extra.bin")])
    }
}
