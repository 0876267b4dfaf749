import RialFormat

/// JSON as the capture app writes it: Swift's `JSONEncoder` with `[.prettyPrinted,
/// .sortedKeys]`, that is two-space indentation, `" : "` between key and value, keys sorted,
/// `/` escaped as `\/`, and no final newline. rial's own files use ``JSONWriter``; a sample of
/// the app's export uses this, so that it is byte for byte what the app's would be.
enum AppStyleJSON {
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var out = ""
        write(value, indent: 0, into: &out)
        return Array(out.utf8)
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let number): out += JSONWriter.formatDouble(number)
        case .string(let text): out += quoted(text)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (position, element) in elements.enumerated() {
                out += pad
                write(element, indent: indent + 1, into: &out)
                out += position == elements.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let object):
            let entries = object.entries.sorted { $0.key < $1.key }
            guard !entries.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (position, entry) in entries.enumerated() {
                out += pad + quoted(entry.key) + " : "
                write(entry.value, indent: indent + 1, into: &out)
                out += position == entries.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
