internal import CRialXML

/// Writes an XML document with libxml2's text writer: UTF-8, indented, every text and
/// attribute value escaped by libxml2. Text is made safe for XML 1.0 first (see ``XMLText``).
package final class XMLDocumentWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    /// The first libxml2 call that failed; later calls still run, and ``finish()`` throws.
    private var firstFailure: String?

    /// - Throws: ``XMLError`` when libxml2 cannot make the writer.
    package init() throws {
        guard let buffer = xmlBufferCreate() else { throw XMLError(.libraryFailure, "xmlBufferCreate failed") }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw XMLError(.libraryFailure, "xmlNewTextWriterMemory failed")
        }
        self.buffer = buffer
        self.writer = writer
        check(xmlTextWriterSetIndent(writer, 1), "xmlTextWriterSetIndent")
        check(xmlTextWriterSetIndentString(writer, "  "), "xmlTextWriterSetIndentString")
        check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
        if let firstFailure { throw XMLError(.writeFailed, "\(firstFailure) failed") }
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// Opens an element, with a namespace declaration when `namespace` is given.
    package func start(_ name: String, namespace: String? = nil) {
        check(xmlTextWriterStartElement(writer, name), "xmlTextWriterStartElement", name)
        if let namespace { attribute("xmlns", namespace) }
    }

    package func end() {
        check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
    }

    package func attribute(_ name: String, _ value: String) {
        check(xmlTextWriterWriteAttribute(writer, name, XMLText.safe(value)), "xmlTextWriterWriteAttribute", name)
    }

    package func text(_ value: String) {
        check(xmlTextWriterWriteString(writer, XMLText.safe(value)), "xmlTextWriterWriteString")
    }

    /// `<name>value</name>`.
    package func element(_ name: String, _ value: String) {
        start(name)
        text(value)
        end()
    }

    /// Ends the document.
    /// - Returns: its bytes.
    /// - Throws: ``XMLError`` `.writeFailed` naming the first libxml2 call that failed (an
    ///   element name that is not an XML name, an end without a start, ...).
    package func finish() throws -> [UInt8] {
        check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
        check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
        if let firstFailure { throw XMLError(.writeFailed, "libxml2 could not write the document: \(firstFailure) failed") }
        let count = xmlBufferLength(buffer)
        guard count >= 0, let content = xmlBufferContent(buffer) else {
            throw XMLError(.libraryFailure, "libxml2's buffer holds no document")
        }
        return Array(UnsafeBufferPointer(start: content, count: Int(count)))
    }

    /// Records a failed call (libxml2's writer returns a negative number); the element and
    /// attribute methods do not throw, so one failure surfaces once, from ``finish()``.
    private func check(_ result: Int32, _ call: String, _ name: String? = nil) {
        guard result < 0, firstFailure == nil else { return }
        firstFailure = name.map { "\(call) for \"\($0)\"" } ?? call
    }
}
