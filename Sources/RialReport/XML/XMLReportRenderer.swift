import RialVerifier
import RialFormat
import RialXML

/// The report as XML (`schema/report.xsd`), for tools that ingest XML. It is the JSON report
/// (`schema/report.schema.json`) element for element: each member becomes an element of the
/// same name, in the same order; a list becomes repeated elements of the singular name
/// (`checks` holds `check` elements); `null` members are left out. One source, so the two
/// formats cannot drift apart.
public enum XMLReportRenderer {
    /// The namespace of `schema/report.xsd`.
    public static let namespace = "https://rial.example/schema/report.xsd"

    /// The element name of one item of each list in the report.
    static let itemNames = [
        "checks": "check", "warnings": "warning", "events": "event", "problems": "problem",
        "fields": "field", "trust_anchors": "trust_anchor", "libraries": "library",
        "revocation_evidence": "evidence",
    ]

    /// - Throws: ``RialXML/XMLError`` when libxml2 fails.
    public static func bytes(_ report: VerificationReport) throws -> [UInt8] {
        let writer = try XMLDocumentWriter()
        writer.start("report", namespace: namespace)
        if case .object(let object) = JSONReportRenderer.jsonValue(report) {
            for (key, value) in object.entries { write(key, value, into: writer) }
        }
        writer.end()
        return try writer.finish()
    }

    // Recursion over the report this program built (at most five levels), never over input.
    private static func write(_ name: String, _ value: JSONValue, into writer: XMLDocumentWriter) {
        switch value {
        case .null:
            return
        case .bool(let flag):
            writer.element(name, flag ? "true" : "false")
        case .integer(let number):
            writer.element(name, String(number))
        case .number(let number):
            writer.element(name, JSONWriter.formatDouble(number))
        case .string(let text):
            writer.element(name, text)
        case .object(let object):
            writer.start(name)
            for (key, member) in object.entries { write(key, member, into: writer) }
            writer.end()
        case .array(let elements):
            writer.start(name)
            for element in elements { write(itemNames[name] ?? "item", element, into: writer) }
            writer.end()
        }
    }
}
