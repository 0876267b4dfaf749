import RialVerifier
import RialFormat
import RialXML

/// A verified package's files as DFXML, the Digital Forensics XML that fiwalk, hashdeep and
/// ewfinfo write, so forensic tools can ingest the package: one `fileobject` per file with
/// `filename` (as in the archive, top-level directory included), `filesize` and
/// `hashdigest type="sha256"` / `"sha512"`.
package enum DFXMLRenderer {
    package static let namespace = "http://www.forensicswiki.org/wiki/Category:Digital_Forensics_XML"

    /// - Parameters:
    ///   - source: the package file as named on the command line.
    ///   - commandLine: how the list was made.
    /// - Throws: ``RialXML/XMLError`` when libxml2 fails.
    package static func bytes(_ contents: VerifiedContents, source: String, commandLine: String) throws -> [UInt8] {
        let writer = try XMLDocumentWriter()
        writer.start("dfxml", namespace: namespace)
        writer.attribute("xmlns:dc", "http://purl.org/dc/elements/1.1/")
        writer.attribute("version", "1.2.0")
        writer.start("metadata")
        writer.element("dc:type", "Evidence package contents (verified)")
        writer.element("dc:identifier", contents.packageID ?? contents.root)
        writer.end()
        writer.start("creator")
        writer.attribute("version", "1.0")
        writer.element("program", RialToolkit.name)
        writer.element("version", RialToolkit.version)
        writer.start("execution_environment")
        writer.element("command_line", commandLine)
        writer.end()
        writer.end()
        writer.start("source")
        writer.element("image_filename", source)
        writer.end()
        for file in contents.files {
            writer.start("fileobject")
            writer.element("filename", contents.root + "/" + file.path)
            writer.element("filesize", String(file.size))
            writer.element("name_type", "r")
            hash(writer, "sha256", file.sha256)
            hash(writer, "sha512", file.sha512)
            writer.end()
        }
        writer.end()
        return try writer.finish()
    }

    private static func hash(_ writer: XMLDocumentWriter, _ type: String, _ value: String) {
        writer.start("hashdigest")
        writer.attribute("type", type)
        writer.text(value)
        writer.end()
    }
}
