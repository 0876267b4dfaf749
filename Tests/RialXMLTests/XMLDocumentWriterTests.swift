import Testing
import RialErrors
@testable import RialXML

/// The writer's output is well formed whatever text goes in, and reads back the same.
@Suite("XMLDocumentWriter")
struct XMLDocumentWriterTests {
    private func document(_ build: (XMLDocumentWriter) -> Void) throws -> [UInt8] {
        let writer = try XMLDocumentWriter()
        build(writer)
        return try writer.finish()
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func writesADeclarationAndIndentedElements() throws {
        let bytes = try document { writer in
            writer.start("report", namespace: "urn:example:rial")
            writer.attribute("version", "1")
            writer.element("status", "PASS")
            writer.end()
        }
        let xml = text(bytes)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(xml.contains("<report xmlns=\"urn:example:rial\" version=\"1\">\n  <status>PASS</status>\n</report>"))
        try XMLDocumentReader.checkWellFormed(bytes)
        #expect(try XMLLint.isWellFormed(bytes) != false)
    }

    @Test func escapesMarkupCharacters() throws {
        let hostile = "<script>alert(\"x\") & 'y'</script>"
        let bytes = try document { writer in
            writer.start("r")
            writer.attribute("a", hostile)
            writer.element("t", hostile)
            writer.end()
        }
        let xml = text(bytes)
        #expect(!xml.contains("<script>"))
        #expect(xml.contains("&lt;script&gt;"))
        #expect(xml.contains("&amp;"))
        #expect(xml.contains("a=\"&lt;script&gt;alert(&quot;x&quot;) &amp; 'y'&lt;/script&gt;\""))
        try XMLDocumentReader.checkWellFormed(bytes)
        #expect(try XMLLint.isWellFormed(bytes) != false)
    }

    @Test func controlAndInvisibleCharactersStayWellFormed() throws {
        let hostile = "nul\u{0} esc\u{1B} bidi\u{202E} ffff\u{FFFF} ok\ttab"
        let bytes = try document { writer in
            writer.start("r")
            writer.attribute("a", hostile)
            writer.element("t", hostile)
            writer.end()
        }
        let xml = text(bytes)
        #expect(!xml.unicodeScalars.contains { $0.value == 0 || $0.value == 0x1B || $0.value == 0x202E || $0.value == 0xFFFF })
        #expect(xml.contains("nul\\u{0} esc\\u{1b} bidi\\u{202e} ffff\\u{ffff}"))
        try XMLDocumentReader.checkWellFormed(bytes)
        #expect(try XMLLint.isWellFormed(bytes) != false)
    }

    @Test func anEndWithoutAStartIsAnErrorNotACrash() throws {
        let writer = try XMLDocumentWriter()
        writer.end()
        #expect {
            try writer.finish()
        } throws: { error in
            guard let error = error as? XMLError else { return false }
            return error.code == .writeFailed && error.reason.contains("xmlTextWriterEndElement")
        }
    }

    @Test func theReaderRefusesMalformedBytesWithWhere() {
        for bad in ["", "<a>", "<a></b>", "<a x='1' x='2'/>", "text only", "<a>&undefined;</a>"] {
            do {
                try XMLDocumentReader.checkWellFormed(Array(bad.utf8))
                Issue.record("\(bad) read as well formed")
            } catch {
                #expect(error.code == .malformed, "\(bad)")
            }
        }
        do {
            try XMLDocumentReader.checkWellFormed(Array("<a>\n<b></a>".utf8))
        } catch {
            #expect(error.location?.hasPrefix("line 2") == true, "\(error)")
            #expect(error.cause is XMLDiagnostics)
        }
    }
}
