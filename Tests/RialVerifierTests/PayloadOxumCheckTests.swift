import Testing
import RialFormat
@testable import RialVerifier

/// `Payload-Oxum` in `bag-info.txt` against the payload's bytes and file count: required once
/// in a package, optional in a plain bag.
@Suite("Payload-Oxum check")
struct PayloadOxumCheckTests {
    private typealias Builder = InventoryBuilder
    private let subject = "bag-info.txt: Payload-Oxum"

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        PayloadOxumCheck().run(builder.context(profile: profile)).findings
    }

    /// The payload's size and count as the builder holds them.
    private func oxum(_ builder: Builder) -> PayloadOxum {
        let payload = builder.files.filter { $0.key.hasPrefix("data/") }
        return PayloadOxum(octets: payload.values.reduce(0) { $0 + UInt64($1.count) }, fileCount: UInt64(payload.count))
    }

    @Test func matchingOxumPasses() throws {
        #expect(run(try Builder.package()) == [Finding(.bagPayloadOxum, .pass, subject)])
        #expect(run(try Builder.plainBag(), profile: .bag) == [Finding(.bagPayloadOxum, .pass, subject)])
    }

    @Test func removedPayloadFile() throws {
        var builder = try Builder.package()
        try builder.remove(Builder.mediaPath)
        #expect(run(builder) == [Finding(.bagPayloadOxumMismatch, .fail, subject)])
        // Stated again for the payload as it is, it passes.
        try builder.recomputeManifests([.payload])
        #expect(run(builder) == [Finding(.bagPayloadOxum, .pass, subject)])
    }

    @Test func mismatchedOctetsOrCount() throws {
        var builder = try Builder.package()
        let actual = oxum(builder)
        try builder.setBagInfo("Payload-Oxum", [PayloadOxum(octets: actual.octets + 1, fileCount: actual.fileCount).description])
        #expect(run(builder) == [Finding(.bagPayloadOxumMismatch, .fail, subject)])
        try builder.setBagInfo("Payload-Oxum", [PayloadOxum(octets: actual.octets, fileCount: actual.fileCount + 1).description])
        #expect(run(builder) == [Finding(.bagPayloadOxumMismatch, .fail, subject)])
        // A file of the same size swapped in keeps the oxum: the manifests are what catch it.
        try builder.setBagInfo("Payload-Oxum", [actual.description])
        try builder.put(Builder.mediaPath, (builder.files[Builder.mediaPath] ?? []).map { $0 ^ 0xFF })
        #expect(run(builder) == [Finding(.bagPayloadOxum, .pass, subject)])
    }

    @Test func missingOxumFailsAPackageNotAPlainBag() throws {
        var builder = try Builder.package()
        try builder.setBagInfo("Payload-Oxum", [])
        #expect(run(builder) == [Finding(.bagPayloadOxumMissing, .fail, subject)])
        var bag = try Builder.plainBag()
        try bag.setBagInfo("Payload-Oxum", [])
        #expect(run(bag, profile: .bag) == [Finding(.bagPayloadOxum, .notPresent, subject)])
    }

    @Test(arguments: [["37"], ["37.2.1"], ["a.b"], ["-1.2"], [""], ["37.2", "37.2"]])
    func malformedOxum(_ values: [String]) throws {
        var builder = try Builder.package()
        try builder.setBagInfo("Payload-Oxum", values)
        #expect(run(builder) == [Finding(.bagPayloadOxumMalformed, .fail, subject)])
        #expect(run(builder, profile: .bag) == [Finding(.bagPayloadOxumMalformed, .fail, subject)])
    }

    @Test func withoutBagInfoItIsNotChecked() throws {
        var builder = try Builder.package()
        try builder.remove(PackageLayout.bagInfo)
        #expect(run(builder) == [Finding(.bagPayloadOxum, .notChecked, subject)])
        #expect(run(builder, profile: .bag) == [Finding(.bagPayloadOxum, .notPresent, subject)])
        builder.files[PackageLayout.bagInfo] = Array("no colon on this line\n".utf8)
        #expect(run(builder) == [Finding(.bagPayloadOxum, .notChecked, subject)])
    }
}
