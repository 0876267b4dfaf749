/// File names of the custody log: `rial/custody/000001.json` for the event with seq 1 and
/// `rial/custody/000001.p7s` for its signature (`schema/SPEC.md` §15.1).
package enum CustodyLogLayout {
    package enum FileKind: Sendable {
        case event
        case signature
    }

    package static func eventPath(seq: Int64) -> String { PackageLayout.custodyDirectory + name(seq) + ".json" }

    package static func signaturePath(seq: Int64) -> String { PackageLayout.custodyDirectory + name(seq) + ".p7s" }

    /// The seq and kind of a custody file, or `nil` when `path` is not a well-formed custody
    /// file name (six digits from 000001, then `.json` or `.p7s`, directly in the directory).
    package static func parse(_ path: String) -> (seq: Int64, kind: FileKind)? {
        guard path.hasPrefix(PackageLayout.custodyDirectory) else { return nil }
        let name = Array(path.utf8.dropFirst(PackageLayout.custodyDirectory.utf8.count))
        let kind: FileKind
        if name.count == 11, name.suffix(5).elementsEqual(".json".utf8) {
            kind = .event
        } else if name.count == 10, name.suffix(4).elementsEqual(".p7s".utf8) {
            kind = .signature
        } else {
            return nil
        }
        var seq: Int64 = 0
        for byte in name.prefix(6) {
            guard (0x30...0x39).contains(byte) else { return nil }
            seq = seq * 10 + Int64(byte - 0x30)
        }
        return seq >= 1 ? (seq, kind) : nil
    }

    private static func name(_ seq: Int64) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
