/// Splits a BagIt text file into lines: RFC 8493 allows LF, CR LF or CR as terminators.
enum TextLines {
    /// Decodes `bytes` as UTF-8 and splits it into lines (no terminators, no trailing empty line).
    /// - Throws: ``FormatError`` `.invalidUTF8`.
    static func split(_ bytes: [UInt8], file: String) throws(FormatError) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FormatError(.invalidUTF8, "\(file) is not valid UTF-8")
        }
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append(current) }
                current = ""
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append(current)
                current = ""
                previousWasCR = true
            } else {
                current.unicodeScalars.append(scalar)
                previousWasCR = false
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
