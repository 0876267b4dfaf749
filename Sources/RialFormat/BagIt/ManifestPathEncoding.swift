/// RFC 8493 §2.1.3: in manifests, LF, CR and `%` in a path are written as `%0A`, `%0D`, `%25`,
/// and only those.
package enum ManifestPathEncoding {
    /// Encodes a path for a manifest line.
    package static func encode(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Decodes a manifest path; percent sequences other than the three are left as they are,
    /// which is what RFC 8493 implies and what bagit-python does. Works on Unicode scalars, as
    /// bagit-python does on code points: as Swift characters, a `%` followed by a combining
    /// mark would be one grapheme and not a `%` at all.
    package static func decode(_ text: String) -> String {
        guard text.unicodeScalars.contains("%") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 2 < scalars.count {
                let code = String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)])).uppercased()
                let decoded: Unicode.Scalar? = code == "25" ? "%" : code == "0A" ? "\n" : code == "0D" ? "\r" : nil
                if let decoded {
                    out.append(decoded)
                    index += 3
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }
}
