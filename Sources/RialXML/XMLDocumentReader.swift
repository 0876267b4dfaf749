internal import CRialXML

/// Parses XML with libxml2 for checking only: no network, no DTD loading, no entity
/// expansion, nothing printed to standard error.
package enum XMLDocumentReader {
    /// Options for every parse: libxml2 reports problems through the context, not stderr.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Checks that `bytes` is one well-formed XML document.
    /// - Parameter bytes: the document.
    /// - Throws: ``XMLError`` `.malformed` with libxml2's message, line and column.
    package static func checkWellFormed(_ bytes: [UInt8]) throws(XMLError) {
        xmlFreeDoc(try parse(bytes))
    }

    /// Parses `bytes`; the caller frees the document with `xmlFreeDoc`.
    static func parse(_ bytes: [UInt8]) throws(XMLError) -> xmlDocPtr {
        guard !bytes.isEmpty, let count = Int32(exactly: bytes.count) else {
            throw XMLError(.malformed, "not well-formed XML: \(bytes.isEmpty ? "no bytes" : "larger than 2 GiB")")
        }
        guard let parser = xmlNewParserCtxt() else { throw XMLError(.libraryFailure, "xmlNewParserCtxt failed") }
        defer { xmlFreeParserCtxt(parser) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlCtxtReadMemory(parser, $0, count, "document.xml", nil, options)
                }
            }
        }
        // libxml2 may return a document it recovered from errors; well-formed means neither.
        guard let document, parser.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            var diagnostics: XMLDiagnostics?
            if let last = xmlCtxtGetLastError(parser) {
                let collector = XMLDiagnosticsCollector()
                collector.withContext { XMLDiagnosticsCollector.callback($0, last) }
                diagnostics = collector.diagnostics
            }
            throw XMLError(.malformed, "not well-formed XML", cause: diagnostics, location: diagnostics?.firstLocation)
        }
        return document
    }
}
