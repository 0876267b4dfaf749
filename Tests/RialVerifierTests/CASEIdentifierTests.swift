import Testing
@testable import RialVerifier
@testable import RialReport

/// The export's IRIs are RFC 9562 version-5 UUIDs that a stock library derives alike: the
/// vectors are Python's `uuid.uuid5(uuid.NAMESPACE_URL, "urn:rial:case:<id>:<kind> <role>")`.
@Suite("CASE identifiers")
struct CASEIdentifierTests {
    @Test func matchesPythonsUUID5() throws {
        let ids = CASEIdentifier(packageID: "case-2026-117")
        #expect(try ids.iri("package", "package") == "kb:package-9a4adc65-8bb3-587b-be66-3a3086ad6949")
        #expect(try ids.iri("file", "file data/media/capture.mov") == "kb:file-520b41b3-e522-5be9-9518-7513285d97b3")
    }

    @Test func differsByPackageKindAndRole() throws {
        let one = CASEIdentifier(packageID: "a"), other = CASEIdentifier(packageID: "b")
        #expect(try one.uuid("package") != other.uuid("package"))
        #expect(try one.iri("file-facet", "x") != one.iri("content-data-facet", "x").replacingOccurrences(of: "content-data-facet", with: "file-facet"))
        #expect(try one.uuid("x") == one.uuid("x"))
    }
}
