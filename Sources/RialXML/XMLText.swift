import RialFormat

/// Text made safe for an XML 1.0 document. XML 1.0 cannot hold most C0 control characters
/// at all, not even as character references, and a report must not let bidirectional
/// overrides or other invisible characters from a package act on the reader's display: they
/// are written as the text `\u{…}`, as in the text report. The JSON report keeps them exactly.
package enum XMLText {
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16) + "}").unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Every invisible character (RialFormat's rule) but tab, LF and CR, and U+FFFE/U+FFFF,
    /// which XML 1.0 excludes.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x09 || value == 0x0A || value == 0x0D { return false }
        return InvisibleCharacters.contains(scalar) || value == 0xFFFE || value == 0xFFFF
    }
}
