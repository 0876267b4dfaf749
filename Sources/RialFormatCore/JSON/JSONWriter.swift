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
    // Fixed pieces are appended from their UTF-8 views: no array is made per token, which was
    // most of the cost of writing the many small documents of a batch.
    private static func write(_ value: JSONValue, indent: Int, escaping: Escaping, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .number(let number): out.append(contentsOf: formatDouble(number).utf8)
        case .string(let text): writeString(text, escaping: escaping, into: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                write(element, indent: indent + 1, escaping: escaping, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.entries.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (position, entry) in object.entries.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, into: &out)
                writeString(entry.key, escaping: escaping, into: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
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
        for _ in 0..<indent * 2 { out.append(0x20) }
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
        // Most strings (digests, paths, names) need no escape: copied whole.
        var text = text
        text.withUTF8 { bytes in
            if !bytes.contains(where: needsEscape) {
                out.append(contentsOf: bytes)
            } else {
                for byte in bytes { writeByte(byte, into: &out) }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether minimal escaping writes `byte` as something other than itself.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func writeByte(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        case 0x00..<0x20, 0x7F:
            out.append(contentsOf: "\\u00".utf8)
            out.append(Hex.digit(byte >> 4))
            out.append(Hex.digit(byte & 0x0F))
        default: out.append(byte)
        }
    }

    /// Invisible characters beyond what minimal escaping already covers (C0 and DEL).
    private static func isEscapedInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && InvisibleCharacters.contains(scalar)
    }
}
