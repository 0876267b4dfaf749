import Foundation
import RialFormat

/// The naming rules of the `.rialpkg` profile, applied to every entry of one archive:
/// valid UTF-8, a relative path that ``RialFormat/BagPath`` accepts under exactly one top-level
/// directory, and no two entries that a file system could merge (same name, or names equal
/// after NFC normalisation and case folding, or a file where a directory must be).
struct EntryNameRules {
    let limits: ArchiveLimits
    private(set) var root: String?
    /// Folded name → the name as first seen.
    private var seen: [String: String] = [:]
    /// Folded names of every directory some entry lies in.
    private var parents: Set<String> = []
    /// Folded names of regular files.
    private var files: Set<String> = []
    private var lastDirectory: String?

    init(limits: ArchiveLimits) {
        self.limits = limits
    }

    /// Checks the raw path bytes of an entry.
    /// - Returns: the path as text, without a directory's trailing `/`.
    /// - Throws: ``ArchiveError`` `.pathTooLong`, `.invalidName`, `.multipleRoots`,
    ///   `.fileAtRoot`, `.duplicateEntry`, `.nameCollision`.
    mutating func admit(_ raw: [UInt8], isDirectory: Bool, location: String) throws(ArchiveError) -> String {
        guard raw.count <= limits.maxPathBytes else {
            throw ArchiveError(.pathTooLong, "an entry name is \(raw.count) bytes long; the limit is \(limits.maxPathBytes)", location: location)
        }
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw ArchiveError(.invalidName, "an entry name is not valid UTF-8", location: location)
        }
        var name = text
        if isDirectory {
            guard name.hasSuffix("/") else {
                throw ArchiveError(.invalidName, "a directory's name does not end in '/'", location: text)
            }
            name.removeLast()
        }
        if name.hasPrefix("/") {
            throw ArchiveError(.invalidName, "entry name is absolute", location: text)
        }
        // The top-level directory and the bag path below it are judged apart: the bag path
        // has its own 1024-byte bound (BagPath.maxBytes), the top level adds to it.
        // The name's bytes are raw's, less a directory's final "/": searched there, not through
        // the string's UTF-8 view.
        let nameBytes = raw[..<name.utf8.count]
        let slash = nameBytes.firstIndex(of: UInt8(ascii: "/"))
        let top = slash.map { String(decoding: nameBytes[..<$0], as: UTF8.self) } ?? name
        let below = slash.map { String(decoding: nameBytes[($0 + 1)...], as: UTF8.self) }
        if let problem = BagPath.problem(with: top) ?? below.flatMap({ BagPath.problem(with: $0) }) {
            throw ArchiveError(.invalidName, "entry name \(problem)", location: text)
        }
        if root == nil { root = top }
        guard top == root else {
            throw ArchiveError(.multipleRoots, "entry lies outside the archive's one top-level directory \(root ?? "")/", location: text)
        }
        if below == nil && !isDirectory {
            throw ArchiveError(.fileAtRoot, "a file stands beside the top-level directory instead of inside it", location: text)
        }
        let folded = Self.fold(name)
        if let other = seen[folded] {
            if other == name {
                throw ArchiveError(.duplicateEntry, "the archive holds this path more than once; which copy counts would depend on the tool", location: text)
            }
            throw ArchiveError(
                .nameCollision, "differs from \(other) only in case or Unicode normalisation; extraction on some systems would merge them", location: text)
        }
        if !isDirectory, parents.contains(folded) {
            throw ArchiveError(.nameCollision, "is a file, but other entries lie inside it as a directory", location: text)
        }
        // Entries come grouped by directory, so the parents are walked only when they change.
        let directory = nameBytes.lastIndex(of: UInt8(ascii: "/")).map { String(decoding: nameBytes[..<$0], as: UTF8.self) } ?? ""
        if directory != lastDirectory {
            // Each parent is a prefix of the directory ending before one of its slashes (the
            // name has no empty component, BagPath saw to that), taken without splitting.
            let utf8 = directory.utf8
            let ends = directory.isEmpty ? [] : utf8.indices.filter { utf8[$0] == UInt8(ascii: "/") } + [utf8.endIndex]
            for end in ends {
                let parent = String(Substring(utf8[..<end]))
                let foldedParent = Self.fold(parent)
                if files.contains(foldedParent) {
                    throw ArchiveError(.nameCollision, "lies inside \(parent), which is a file", location: text)
                }
                parents.insert(foldedParent)
            }
            lastDirectory = directory
        }
        seen[folded] = name
        if !isDirectory { files.insert(folded) }
        return name
    }

    /// NFC, then case folding, then NFC again (folding can decompose). An ASCII name is its own
    /// NFC and folds byte by byte, so it skips Foundation's normalisation, the costliest step
    /// of reading a package of many small files (`FastPathTests` holds both paths to the same
    /// answers).
    static func fold(_ name: String) -> String {
        asciiFold(name) ?? unicodeFold(name)
    }

    /// ``fold(_:)`` for any text, through Foundation's normalisation.
    static func unicodeFold(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    /// `name` with A–Z lowered, when every byte is ASCII; else `nil`.
    static func asciiFold(_ name: String) -> String? {
        var name = name
        let copy = name
        return name.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Most names have no capital: they are their own fold, and no string is made.
            guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return copy }
            return String(unsafeUninitializedCapacity: bytes.count) { folded in
                for (index, byte) in bytes.enumerated() {
                    folded[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }
}
