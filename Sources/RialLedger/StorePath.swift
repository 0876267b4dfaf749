#if canImport(Glibc)
import Glibc
#endif

/// The key a package has in the ledger: its canonical path, so `./store/a.rialpkg`,
/// `store//a.rialpkg` and `/home/x/store/a.rialpkg` are one package with one history.
///
/// The directory holding the package is resolved (`realpath`: `.`, `..` and symbolic links of
/// the directories); the package's own name is kept as found, so a link in the store is the
/// store's entry under its own name. With a store root (`--root DIR`) the key is relative to
/// it, so stores mounted at different places on different machines share their keys; without
/// one it is absolute. A path that no longer exists (a package forgotten after it vanished) is
/// made absolute and normalised by its text alone.
package struct StorePath: Sendable {
    /// The canonical store root, when keys are relative to it.
    package let root: String?

    /// Keys absolute.
    package init() {
        root = nil
    }

    /// Keys relative to `root`, a directory.
    /// - Throws: ``LedgerError`` `.invalidLocation` when `root` is not a directory.
    package init(root given: String) throws(LedgerError) {
        var info = stat()
        guard let resolved = Self.realPath(given), stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw LedgerError(.invalidLocation, "--root \(given) is not a directory: give the directory that holds the store")
        }
        root = resolved
    }

    /// The key of the store root itself among an audit's roots: every relative key lies under
    /// it (every key not starting with `/`).
    package static let storeRoot = ""

    /// The key of `path` (a package file or bag directory, as given or found).
    /// - Throws: ``LedgerError`` `.invalidLocation` when the path lies outside the store root.
    package func key(for path: String) throws(LedgerError) -> String {
        let absolute = Self.canonical(path)
        guard let root else { return absolute }
        if absolute.utf8.elementsEqual(root.utf8) { return "." }
        // Byte by byte: `/` followed by a combining mark is one Swift character.
        let prefix = root == "/" ? "/" : root + "/"
        guard absolute.utf8.starts(with: prefix.utf8) else {
            throw LedgerError(.invalidLocation, "\(path) is not under the store root \(root) (--root): give paths inside it, or another --root")
        }
        return String(decoding: absolute.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// The key an audit's PATH stands for among its roots: itself, or ``storeRoot`` when it is
    /// the store root (everything under the root is in scope).
    /// - Throws: ``LedgerError`` `.invalidLocation` when the path lies outside the store root.
    package func rootKey(for path: String) throws(LedgerError) -> String {
        let key = try key(for: path)
        return key == "." ? Self.storeRoot : key
    }

    /// The absolute path with its directories resolved and the last name kept.
    package static func canonical(_ path: String) -> String {
        // Byte by byte: `/` followed by a combining mark is one Swift character, which
        // `hasSuffix("/")` and `lastIndex(of: "/")` would not see.
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        let trimmed = String(decoding: bytes, as: UTF8.self)
        let name: String
        let directory: String
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            directory = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
            name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        } else {
            directory = "."
            name = trimmed
        }
        if name.isEmpty || name == "." || name == ".." {
            return realPath(trimmed.isEmpty ? "/" : trimmed) ?? lexical(trimmed)
        }
        guard let resolved = realPath(directory) else { return lexical(trimmed) }
        return resolved == "/" ? "/" + name : resolved + "/" + name
    }

    /// `realpath(3)`; `nil` when the path does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Absolute against the working directory, `.` and `..` removed by the text alone.
    static func lexical(_ path: String) -> String {
        var base = ""
        if path.utf8.first != UInt8(ascii: "/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            base = getcwd(&buffer, buffer.count) != nil ? String(cString: buffer) : ""
        }
        var parts: [String] = []
        for part in (base + "/" + path).utf8.split(separator: UInt8(ascii: "/")).map({ String(decoding: $0, as: UTF8.self) }) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
