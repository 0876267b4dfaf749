import Testing
import RialFormat
@testable import RialVerifier

/// The structural findings the scanner made (links, special files, unsafe or duplicate
/// names), reported as they are, or one pass; a package needs its top-level directory.
@Suite("Layout check")
struct LayoutCheckTests {
    private typealias Builder = InventoryBuilder

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        LayoutCheck().run(builder.context(profile: profile)).findings
    }

    @Test func untouchedPackageAndBagPass() throws {
        #expect(run(try Builder.package()) == [Finding(.archiveLayout, .pass, "test-pkg/")])
        #expect(run(try Builder.plainBag(), profile: .bag) == [Finding(.bagLayout, .pass, "bag")])
    }

    @Test func layoutFindingsAreReported() throws {
        var builder = try Builder.package()
        builder.findings.append(.fail(.bagEntryUnsupportedType, "data/media/link", "a link"))
        #expect(run(builder) == [Finding(.bagEntryUnsupportedType, .fail, "data/media/link")])
    }

    @Test func packageWithoutATopLevelDirectory() throws {
        var builder = try Builder.package()
        builder.rootName = nil
        #expect(run(builder) == [Finding(.archiveLayoutNoRoot, .fail, "archive")])
    }
}
