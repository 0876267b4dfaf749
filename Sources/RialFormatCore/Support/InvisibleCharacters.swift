/// Characters that act on a display instead of showing: C0 and C1 controls, DEL, bidirectional
/// controls (the "Trojan Source" overrides and isolates), line and paragraph separators and the
/// byte order mark. Every report escapes them in strings taken from a package.
package enum InvisibleCharacters {
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || isBidiControl(scalar)
            || value == 0x2028 || value == 0x2029 || value == 0xFEFF
    }

    /// The bidirectional formatting characters: embeddings and overrides (U+202A–202E),
    /// isolates (U+2066–2069) and the marks LRM, RLM and ALM.
    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }
}
