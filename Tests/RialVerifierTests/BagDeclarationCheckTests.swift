import Testing
import RialFormat
@testable import RialVerifier

/// `bagit.txt`: present, BagIt 1.0 in a package (0.97 too in a plain bag), UTF-8.
@Suite("Bag declaration check")
struct BagDeclarationCheckTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.bagDeclaration

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        BagDeclarationCheck().run(builder.context(profile: profile)).findings
    }

    private func declaring(_ version: String, _ encoding: String = "UTF-8") throws -> Builder {
        var builder = try Builder.package()
        builder.files[path] = Array("BagIt-Version: \(version)\nTag-File-Character-Encoding: \(encoding)\n".utf8)
        return builder
    }

    @Test func untouchedPackageAndBagPass() throws {
        #expect(run(try Builder.package()) == [Finding(.bagDeclaration, .pass, path)])
        #expect(run(try Builder.plainBag(), profile: .bag) == [Finding(.bagDeclaration, .pass, path)])
    }

    @Test func missingDeclaration() throws {
        var builder = try Builder.package()
        try builder.remove(path)
        #expect(run(builder) == [Finding(.bagDeclarationMissing, .fail, path)])
        #expect(run(builder, profile: .bag) == [Finding(.bagDeclarationMissing, .fail, path)])
    }

    @Test func tooLargeToRead() throws {
        var builder = try Builder.package()
        builder.unkept.insert(path)
        #expect(run(builder) == [Finding(.bagDeclarationUnreadable, .fail, path)])
    }

    @Test func olderVersionOnlyInAPlainBag() throws {
        let builder = try declaring("0.97")
        #expect(run(builder) == [Finding(.bagDeclarationVersion, .fail, path)])
        #expect(run(builder, profile: .bag) == [Finding(.bagDeclaration, .pass, path)])
    }

    @Test func otherEncodingAndGarbage() throws {
        #expect(run(try declaring("1.0", "ISO-8859-1")) == [Finding(.bagDeclarationEncoding, .fail, path)])
        var builder = try Builder.package()
        builder.files[path] = Array("not a declaration\n".utf8)
        #expect(run(builder) == [Finding(.bagDeclarationMalformed, .fail, path)])
    }
}
