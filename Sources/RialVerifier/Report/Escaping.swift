/// Makes strings from a package safe to print: control characters, terminal escapes and
/// bidirectional overrides are shown as `\u{…}` instead of acting on the reader's terminal.
public enum Escaping {
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
            if isControl || isBidi {
                out += "\\u{" + String(value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
