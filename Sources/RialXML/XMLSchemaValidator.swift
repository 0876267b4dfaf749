internal import CRialXML

/// Validates XML documents against an XSD with libxml2 (`xmlSchemaValidateDoc`), collecting
/// libxml2's messages. The network is never used: external entities and DTD loading are off.
public final class XMLSchemaValidator {
    private let schema: xmlSchemaPtr

    /// Loads the XSD at `path`.
    /// - Throws: ``XMLError`` when it cannot be read or is not a valid schema.
    public init(schemaPath path: String) throws {
        guard let context = xmlSchemaNewParserCtxt(path) else { throw XMLError("cannot read the schema \(path)") }
        defer { xmlSchemaFreeParserCtxt(context) }
        guard let schema = xmlSchemaParse(context) else { throw XMLError("\(path) is not a valid XML Schema") }
        self.schema = schema
    }

    deinit {
        xmlSchemaFree(schema)
    }

    /// - Returns: `nil` when `bytes` is well formed and valid, else why not.
    public func problems(_ bytes: [UInt8]) -> String? {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlReadMemory($0, Int32(clamping: buffer.count), "document.xml", nil, options) }
            }
        }
        guard let document = parsed else { return "not well-formed XML" }
        defer { xmlFreeDoc(document) }
        guard let context = xmlSchemaNewValidCtxt(schema) else { return "cannot make a validation context" }
        defer { xmlSchemaFreeValidCtxt(context) }
        xmlSchemaSetValidStructuredErrors(context, nil, nil)
        let result = xmlSchemaValidateDoc(context, document)
        return result == 0 ? nil : "not valid against the schema (libxml2 result \(result))"
    }
}
