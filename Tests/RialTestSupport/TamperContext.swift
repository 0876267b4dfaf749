import Foundation

/// Values of the untouched package that tamper ops and expected subjects refer to.
public struct TamperContext {
    /// The bag directory's name (the archive's top directory).
    public let top: String
    /// The untouched package, unpacked.
    public let bag: URL
    /// SHA-256 by path, from manifest-sha256.txt and tagmanifest-sha256.txt.
    public let digests: [String: String]
    /// Payload-Oxum as bag-info.txt states it.
    public let oxum: String

    /// Unpacks `package` (with `tar`) into `scratch` and reads its values.
    public init(package: URL, scratch: URL) throws {
        bag = try OutsideOracle.untar(package, into: scratch)
        top = bag.lastPathComponent
        var digests: [String: String] = [:]
        for manifest in ["manifest-sha256.txt", "tagmanifest-sha256.txt"] {
            for line in String(decoding: try Data(contentsOf: bag.appendingPathComponent(manifest)), as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                if parts.count == 2 { digests[parts[1].trimmingCharacters(in: .whitespaces)] = String(parts[0]) }
            }
        }
        self.digests = digests
        let info = String(decoding: try Data(contentsOf: bag.appendingPathComponent("bag-info.txt")), as: UTF8.self)
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Payload-Oxum: ") }) else {
            throw OutsideOracle.Failed(description: "bag-info.txt of \(package.path) states no Payload-Oxum")
        }
        oxum = String(line.dropFirst("Payload-Oxum: ".count))
    }

    /// Replaces every `{...}` placeholder in `text`.
    public func expand(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            out += value(of: String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    private func value(of placeholder: String) -> String {
        let parts = placeholder.split(separator: ":", maxSplits: 1).map(String.init)
        let path = parts.count > 1 ? parts[1] : ""
        switch parts[0] {
        case "top": return top
        case "sha256": return digests[path] ?? "<no digest for \(path)>"
        case "sha256x":
            guard let digest = digests[path] else { return "<no digest for \(path)>" }
            return (digest.first == "0" ? "1" : "0") + digest.dropFirst()
        case "size", "size+1":
            let size = (try? FileManager.default.attributesOfItem(atPath: bag.appendingPathComponent(path).path)[.size] as? NSNumber)?.intValue ?? -1
            return String(parts[0] == "size" ? size : size + 1)
        case "oxum": return oxum
        case "oxum+1":
            let fields = oxum.split(separator: ".")
            return "\((Int(fields[0]) ?? 0) + 1).\(fields.count > 1 ? fields[1] : "")"
        default: return "{\(placeholder)}"
        }
    }
}
