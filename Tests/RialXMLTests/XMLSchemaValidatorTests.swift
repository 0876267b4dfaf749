import Foundation
import Testing
import RialErrors
import RialXML

/// XSD validation: a valid document passes, an invalid one fails saying where and why, and a
/// schema that is not one is an error, never a crash.
@Suite("XMLSchemaValidator")
struct XMLSchemaValidatorTests {
    static let schema = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:element name="report">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="status">
                  <xs:simpleType>
                    <xs:restriction base="xs:string">
                      <xs:enumeration value="PASS"/>
                      <xs:enumeration value="FAIL"/>
                    </xs:restriction>
                  </xs:simpleType>
                </xs:element>
                <xs:element name="count" type="xs:nonNegativeInteger"/>
              </xs:sequence>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """

    private func validator() throws -> XMLSchemaValidator {
        try XMLSchemaValidator(schema: Array(Self.schema.utf8))
    }

    @Test func acceptsAValidDocument() throws {
        let document = Array("<report><status>PASS</status><count>3</count></report>".utf8)
        #expect(try validator().problems(document) == nil)
        try validator().validate(document)
    }

    @Test func acceptsTheWritersOutput() throws {
        let writer = try XMLDocumentWriter()
        writer.start("report")
        writer.element("status", "FAIL")
        writer.element("count", "0")
        writer.end()
        try validator().validate(writer.finish())
    }

    @Test func rejectsAnInvalidDocumentSayingWhereAndWhy() throws {
        let document = Array("<report>\n  <status>MAYBE</status>\n  <count>3</count>\n</report>".utf8)
        let validator = try validator()
        do {
            try validator.validate(document)
            Issue.record("an invalid document validated")
        } catch {
            #expect(error.code == .invalid)
            #expect(error.location == "line 2")
            let diagnostics = try #require(error.cause as? XMLDiagnostics)
            #expect(diagnostics.messages.contains { $0.text.contains("MAYBE") || $0.text.contains("enumeration") })
            let problem = try #require(validator.problems(document))
            #expect(problem.contains("line 2"))
            #expect(problem.contains("[xml.invalid]"))
        }
    }

    @Test func rejectsMissingAndExtraElements() throws {
        for bad in ["<report><status>PASS</status></report>", "<report><status>PASS</status><count>1</count><x/></report>", "<other/>"] {
            #expect(throws: XMLError.self, "\(bad)") { try validator().validate(Array(bad.utf8)) }
        }
    }

    @Test func malformedInputIsMalformedNotInvalid() throws {
        #expect { try validator().validate(Array("<report><status>".utf8)) } throws: { ($0 as? XMLError)?.code == .malformed }
        #expect(try validator().problems([]) != nil)
    }

    @Test(arguments: [
        "", "not xml at all", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element/></xs:schema>",
        "<schema/>", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element name=\"a\" type=\"xs:nope\"/></xs:schema>",
    ])
    func aSchemaThatIsNotOneIsAnError(text: String) {
        #expect {
            try XMLSchemaValidator(schema: Array(text.utf8))
        } throws: { ($0 as? XMLError)?.code == .invalidSchema }
    }

    @Test func aMissingSchemaFileIsAnError() {
        #expect {
            try XMLSchemaValidator(schemaPath: "/nonexistent/rial-\(UUID().uuidString).xsd")
        } throws: { ($0 as? XMLError)?.code == .invalidSchema }
    }
}
