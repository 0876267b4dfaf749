/// RFC 8493 §2.1.3: in manifests, LF, CR and `%` in a path are written as `%0A`, `%0D`, `%25`,
/// and only those.
public enum ManifestPathEncoding {
    /// Encodes a path for a manifest line.
    public static func encode(_ path: String) -> String {
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
    /// which is what RFC 8493 implies and what bagit-python does.
    public static func decode(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var out = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let sequence = rest[percent...].prefix(3).uppercased()
            switch sequence {
            case "%25": out += "%"
            case "%0A": out += "\n"
            case "%0D": out += "\r"
            default:
                out += "%"
                rest = rest[rest.index(after: percent)...]
                continue
            }
            rest = rest[rest.index(percent, offsetBy: 3)...]
        }
        return out + rest
    }
}
