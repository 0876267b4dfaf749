/// Writes JSON deterministically: keys in insertion order, two-space indentation, `\n` line
/// ends, a final newline, and numbers in shortest round-trip form.
///
/// Signatures and digests cover bytes, so the same value must always give the same bytes.
package enum JSONWriter {
    /// Which characters of a string are written as `\uXXXX`.
    package enum Escaping: Sendable {
        /// What JSON requires (C0 controls, DEL, quote, backslash): the canonical form of
        /// files inside a package (schema/SPEC.md §6.6).
        case minimal
        /// Also C1 controls, bidirectional controls, line/paragraph separators and the BOM,
        /// so a report shown on a terminal or in an editor shows strings from a package as
        /// they are instead of acting on the display. Reports use this.
        case invisibles
    }

    /// Serialises `value`.
    /// - Returns: the UTF-8 bytes, ending in a newline.
    package static func bytes(_ value: JSONValue, escaping: Escaping = .minimal) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: 0, escaping: escaping, into: &out)
        out.append(0x0A)
        return out
    }

    // Recursion here is over values this program built, never over a package's bytes.
    private static func write(_ value: JSONValue, indent: Int, escaping: Escaping, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .integer(let number): out += Array(String(number).utf8)
        case .number(let number): out += Array(formatDouble(number).utf8)
        case .string(let text): writeString(text, escaping: escaping, into: &out)
        case .array(let elements):
            if elements.isEmpty { out += Array("[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                write(element, indent: indent + 1, escaping: escaping, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.entries.isEmpty { out += Array("{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (position, entry) in object.entries.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                writeString(entry.key, escaping: escaping, into: &out)
                out += Array(": ".utf8)
                write(entry.value, indent: indent + 1, escaping: escaping, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Shortest text that reads back as the same `Double` (Swift's `description` guarantees
    /// round-tripping); JSON has no spelling for non-finite values, so they become `null`.
    package static func formatDouble(_ value: Double) -> String {
        value.isFinite ? value.description : "null"
    }

    private static func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        out += [UInt8](repeating: 0x20, count: indent * 2)
    }

    private static func writeString(_ text: String, escaping: Escaping, into out: inout [UInt8]) {
        // Every invisible it escapes is beyond ASCII: an ASCII string needs no scalar scan.
        if escaping == .invisibles, text.utf8.contains(where: { $0 >= 0x80 }), text.unicodeScalars.contains(where: isEscapedInvisible) {
            out.append(UInt8(ascii: "\""))
            for scalar in text.unicodeScalars {
                if isEscapedInvisible(scalar) {
                    // Every invisible scalar is below U+10000: four hex digits.
                    let hex = String(scalar.value, radix: 16)
                    out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    var piece: [UInt8] = []
                    writeString(String(scalar), escaping: .minimal, into: &piece)
                    out += piece.dropFirst().dropLast()
                }
            }
            out.append(UInt8(ascii: "\""))
            return
        }
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x00..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Invisible characters beyond what minimal escaping already covers (C0 and DEL).
    private static func isEscapedInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && InvisibleCharacters.contains(scalar)
    }
}
