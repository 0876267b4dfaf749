internal import CRialXML

/// Validates XML documents against an XSD with libxml2 (`xmlSchemaValidateDoc`), collecting
/// libxml2's messages. The network is never used: external entities and DTD loading are off.
package final class XMLSchemaValidator {
    private let schema: xmlSchemaPtr

    /// Loads the XSD at `path`.
    /// - Parameter path: the schema file; `xs:include`s are resolved beside it.
    /// - Throws: ``XMLError`` `.invalidSchema` when it cannot be read or is not a valid schema,
    ///   with libxml2's messages as the cause.
    package convenience init(schemaPath path: String) throws {
        try self.init(parser: xmlSchemaNewParserCtxt(path), what: path)
    }

    /// Loads an XSD from memory.
    /// - Parameter bytes: the schema document.
    /// - Throws: ``XMLError`` `.invalidSchema` when it is not a valid schema.
    package convenience init(schema bytes: [UInt8]) throws {
        guard let count = Int32(exactly: bytes.count), count > 0 else {
            throw XMLError(.invalidSchema, "the schema is empty or larger than 2 GiB")
        }
        let parser = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlSchemaNewMemParserCtxt($0, count) }
            }
        }
        try self.init(parser: parser, what: "the schema")
    }

    private init(parser: xmlSchemaParserCtxtPtr?, what: String) throws {
        guard let parser else { throw XMLError(.libraryFailure, "cannot make a schema parser for \(what)") }
        defer { xmlSchemaFreeParserCtxt(parser) }
        let collector = XMLDiagnosticsCollector()
        let parsed = collector.withContext { context in
            xmlSchemaSetParserStructuredErrors(parser, XMLDiagnosticsCollector.callback, context)
            // Reading the schema document itself reports through the thread's handler, which
            // would print to stderr; nothing else in rial sets it, so it is reset after.
            xmlSetStructuredErrorFunc(context, XMLDiagnosticsCollector.callback)
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            return xmlSchemaParse(parser)
        }
        guard let parsed else {
            let diagnostics = collector.diagnostics
            throw XMLError(
                .invalidSchema, "\(what) is not a valid XML Schema",
                cause: diagnostics.messages.isEmpty ? nil : diagnostics, location: diagnostics.firstLocation)
        }
        schema = parsed
    }

    deinit {
        xmlSchemaFree(schema)
    }

    /// - Parameter bytes: the document.
    /// - Returns: `nil` when `bytes` is well formed and valid, else why not, with libxml2's
    ///   messages and their lines.
    package func problems(_ bytes: [UInt8]) -> String? {
        do {
            try validate(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    /// Checks that `bytes` is well formed and valid against the schema.
    /// - Parameter bytes: the document.
    /// - Throws: ``XMLError`` `.malformed` for bytes that are not XML, `.invalid` for a
    ///   document the schema rejects, with libxml2's messages as the cause.
    package func validate(_ bytes: [UInt8]) throws(XMLError) {
        let document = try XMLDocumentReader.parse(bytes)
        defer { xmlFreeDoc(document) }
        guard let context = xmlSchemaNewValidCtxt(schema) else {
            throw XMLError(.libraryFailure, "cannot make a validation context")
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let collector = XMLDiagnosticsCollector()
        let result = collector.withContext { pointer in
            xmlSchemaSetValidStructuredErrors(context, XMLDiagnosticsCollector.callback, pointer)
            return xmlSchemaValidateDoc(context, document)
        }
        guard result != 0 else { return }
        let diagnostics = collector.diagnostics
        // A negative result is libxml2's own failure, not a verdict on the document.
        let code: XMLError.Code = result < 0 ? .libraryFailure : .invalid
        throw XMLError(
            code, result < 0 ? "libxml2 could not validate the document (result \(result))" : "not valid against the schema",
            cause: diagnostics.messages.isEmpty ? nil : diagnostics, location: diagnostics.firstLocation)
    }
}
