import Testing
import RialFormat
@testable import RialVerifier

/// ``BagInfoProvider``: the tag files' encoding and `bag-info.txt`, each computed once when
/// asked, `bag-info.txt` after the encoding it is read in.
@Suite("Bag info provider")
struct BagInfoProviderTests {
    private typealias Builder = InventoryBuilder

    @Test func bagInfoIsParsedWhenAskedInTheDeclaredEncoding() throws {
        let context = try Builder.package().context()
        #expect(context.computedFacts.isEmpty)
        let info = try #require(try context.bagInfo?.get())
        #expect(info.values("External-Identifier") == [Builder.packageID])
        #expect(context.computedFacts == [.bagInfo, .tagEncoding])
        _ = context.bagInfo
        _ = context.tagEncoding
        #expect(context.computedFacts == [.bagInfo, .tagEncoding])
    }

    @Test func absentBagInfoIsNil() throws {
        var builder = try Builder.package()
        builder.files[PackageLayout.bagInfo] = nil
        #expect(builder.context().bagInfo == nil)
    }

    @Test func encodingRialDoesNotReadMakesBagInfoUnreadable() throws {
        var builder = try Builder.plainBag()
        builder.files[PackageLayout.bagDeclaration] = Array("BagIt-Version: 1.0\nTag-File-Character-Encoding: EBCDIC\n".utf8)
        let context = builder.context(profile: .bag)
        #expect(context.tagEncoding == nil)
        guard case .failure(let error)? = context.bagInfo else { Issue.record("bag-info.txt read in an unknown encoding"); return }
        #expect(error.code == .invalidUTF8)
        // A package is read as UTF-8 whatever it declares: check 2 fails any other.
        #expect(builder.context(profile: .package).tagEncoding == .utf8)
    }
}
