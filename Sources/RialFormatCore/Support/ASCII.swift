/// Whether text is all ASCII, read over the string's own UTF-8 storage: the check that lets
/// names, paths and keys take the byte-level fast paths (see `FastPathTests`).
package enum ASCII {
    /// Whether every byte of `text` is below 0x80.
    package static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
    }
}
