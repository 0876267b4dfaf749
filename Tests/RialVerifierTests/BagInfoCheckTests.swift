import Testing
import RialFormat
@testable import RialVerifier

/// `bag-info.txt`: present and parsed, in a package with its required fields, once each, and
/// an `External-Identifier` naming the package's directory.
@Suite("Bag info check")
struct BagInfoCheckTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.bagInfo

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        BagInfoCheck().run(builder.context(profile: profile)).findings
    }

    @Test func untouchedPackageAndBagPass() throws {
        #expect(run(try Builder.package()) == [Finding(.bagInfo, .pass, path)])
        #expect(run(try Builder.plainBag(), profile: .bag) == [Finding(.bagInfo, .pass, path)])
    }

    @Test func missingInfoFailsAPackageNotAPlainBag() throws {
        var builder = try Builder.package()
        try builder.remove(path)
        #expect(run(builder) == [Finding(.bagInfoMissing, .fail, path)])
        var bag = try Builder.plainBag()
        try bag.remove(path)
        #expect(run(bag, profile: .bag) == [Finding(.bagInfo, .notPresent, path)])
    }

    @Test func externalIdentifierMustNameTheDirectory() throws {
        var builder = try Builder.package()
        builder.rootName = "other-pkg"
        #expect(run(builder) == [Finding(.bagInfoExternalIdentifierMismatch, .fail, "bag-info.txt: External-Identifier")])
    }

    @Test func requiredFieldsOnceEach() throws {
        var builder = try Builder.package()
        try builder.setBagInfo("Bag-Software-Agent", [])
        try builder.setBagInfo("Bagging-Date", ["2026-01-15", "2026-01-15"])
        #expect(
            run(builder) == [
                Finding(.bagInfoFieldRepeated, .fail, "bag-info.txt: Bagging-Date"),
                Finding(.bagInfoFieldMissing, .fail, "bag-info.txt: Bag-Software-Agent"),
            ])
    }

    @Test func baggingDateMustBeADay() throws {
        var builder = try Builder.package()
        try builder.setBagInfo("Bagging-Date", ["15 January 2026"])
        #expect(run(builder) == [Finding(.bagInfoBaggingDateInvalid, .fail, "bag-info.txt: Bagging-Date")])
    }

    @Test func malformedInfo() throws {
        var builder = try Builder.package()
        builder.files[path] = Array("no colon on this line\n".utf8)
        #expect(run(builder) == [Finding(.bagInfoMalformed, .fail, path)])
    }

    @Test("a bag-info.txt too large to read: bag.info.unreadable")
    func unreadable() throws {
        var builder = try Builder.package()
        builder.unkept.insert(path)
        #expect(run(builder) == [Finding(.bagInfoUnreadable, .fail, path)])
    }
}
