import Testing
import RialErrors
import RialFormat

/// FormatError on the shared error shape: its codes keep their strings, equality ignores
/// diagnostics, and a cause shows in the description.
@Suite("FormatError")
struct FormatErrorTests {
    struct LowerError: Error, CustomStringConvertible {
        var description: String { "the disk said no" }
    }

    @Test func codesKeepTheirStrings() {
        #expect(FormatError.Code.invalidJSON.rawValue == "json.invalid")
        #expect(FormatError.Code.duplicateKey.description == "json.duplicate-key")
        #expect(FormatError.Code("json.invalid") == .invalidJSON)
    }

    @Test func callShapesStayTheSame() {
        let error = FormatError(.invalidJSON, "unexpected end at line 1, column 2")
        #expect(error.description == "unexpected end at line 1, column 2 [json.invalid]")
        #expect(error.cause == nil && error.location == nil)
    }

    @Test func carriesACause() {
        let error = FormatError(.invalidField, "manifest.json cannot be read", cause: LowerError())
        #expect(error.description == "manifest.json cannot be read: the disk said no [field.invalid]")
        #expect(error.cause is LowerError)
        #expect(error.reason == "manifest.json cannot be read")
    }

    @Test func wrapsAnotherFormatError() throws {
        let inner = try #require(throwing { try StrictJSONParser.parse(Array("{\"a\": 1, \"a\": 2}".utf8)) })
        let outer = FormatError(.invalidField, "rial/manifest.json", cause: inner, location: "rial/manifest.json")
        #expect((outer.cause as? FormatError)?.code == .duplicateKey)
        #expect(outer.description.hasSuffix("[json.duplicate-key] [field.invalid]"))
        #expect(outer.description.hasPrefix("rial/manifest.json: "))
    }

    @Test func equalityIsCodeAndReason() {
        #expect(FormatError(.invalidHex, "odd length") == FormatError(.invalidHex, "odd length", cause: LowerError()))
        #expect(FormatError(.invalidHex, "odd length") != FormatError(.invalidUTF8, "odd length"))
        #expect(Set([FormatError(.invalidHex, "x"), FormatError(.invalidHex, "x")]).count == 1)
    }

    private func throwing(_ body: () throws -> Any) -> FormatError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? FormatError
        }
    }
}
