internal import CRialXML

/// Writes an XML document with libxml2's text writer: UTF-8, indented, every text and
/// attribute value escaped by libxml2. Text is made safe for XML 1.0 first (see ``XMLText``).
public final class XMLDocumentWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    private var failed = false

    /// - Throws: ``XMLError`` when libxml2 cannot make the writer.
    public init() throws {
        guard let buffer = xmlBufferCreate() else { throw XMLError("xmlBufferCreate failed") }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw XMLError("xmlNewTextWriterMemory failed")
        }
        self.buffer = buffer
        self.writer = writer
        check(xmlTextWriterSetIndent(writer, 1))
        check(xmlTextWriterSetIndentString(writer, "  "))
        check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil))
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// Opens an element, with a namespace declaration when `namespace` is given.
    public func start(_ name: String, namespace: String? = nil) {
        check(xmlTextWriterStartElement(writer, name))
        if let namespace { attribute("xmlns", namespace) }
    }

    public func end() {
        check(xmlTextWriterEndElement(writer))
    }

    public func attribute(_ name: String, _ value: String) {
        check(xmlTextWriterWriteAttribute(writer, name, XMLText.safe(value)))
    }

    public func text(_ value: String) {
        check(xmlTextWriterWriteString(writer, XMLText.safe(value)))
    }

    /// `<name>value</name>`.
    public func element(_ name: String, _ value: String) {
        start(name)
        text(value)
        end()
    }

    /// Ends the document.
    /// - Returns: its bytes.
    /// - Throws: ``XMLError`` when any libxml2 call failed.
    public func finish() throws -> [UInt8] {
        check(xmlTextWriterEndDocument(writer))
        xmlTextWriterFlush(writer)
        guard !failed, let content = xmlBufferContent(buffer) else { throw XMLError("libxml2 could not write the document") }
        let count = Int(xmlBufferLength(buffer))
        return Array(UnsafeBufferPointer(start: content, count: count))
    }

    private func check(_ result: Int32) {
        if result < 0 { failed = true }
    }
}
