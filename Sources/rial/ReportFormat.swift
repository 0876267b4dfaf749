/// The format of a report file, named by its extension (`--report FILE`).
enum ReportFormat: String, CaseIterable {
    case text, json, xml, html

    /// The format `path`'s extension names (`.txt`, `.json`, `.xml`, `.html` or `.htm`, in any
    /// case), or `nil`.
    init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "txt", "text": self = .text
        case "json": self = .json
        case "xml": self = .xml
        case "html", "htm": self = .html
        default: return nil
        }
    }
}
