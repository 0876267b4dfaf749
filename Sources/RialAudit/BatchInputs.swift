#if canImport(Glibc)
import Glibc
#endif
import RialArchive
import RialFormat

/// The inputs of a batch: each PATH as given, or with `--recursive`, every entry named
/// `*.rialpkg` (a file, or a pipe, socket, device or link named so, which then gets an error
/// line) and every bag directory (a directory holding `bagit.txt`) found under a directory PATH.
/// Symbolic links are not followed while searching (a link loop cannot hang the batch), a
/// directory that cannot be opened becomes an input of its own (so it gets an error line
/// instead of vanishing), and what is found is sorted by bytes, so the order is the same on
/// every machine.
package enum BatchInputs {
    /// The inputs `paths` name.
    /// - Parameter note: takes what is said about an entry that is not an input but should not
    ///   pass unsaid (a temporary file an interrupted write left).
    package static func expand(_ paths: [String], recursive: Bool, note: (String) -> Void) -> [String] {
        guard recursive else { return paths }
        var out: [String] = []
        for path in paths {
            if path != "-", isDirectory(path), !exists(path + "/bagit.txt") {
                var found: [String] = []
                search(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, into: &found, note: note)
                out += found.sorted(by: UTF8Order.precedes)
            } else {
                out.append(path)
            }
        }
        return out
    }

    private static func search(_ directory: String, into found: inout [String], note: (String) -> Void) {
        // An explicit stack: a deep tree costs heap, not stack.
        var pending = [directory]
        while let current = pending.popLast() {
            guard let handle = opendir(current) else {
                // Not skipped in silence: as an input of its own it gets an error line.
                found.append(current)
                continue
            }
            defer { closedir(handle) }
            var unnamable = false
            while let entry = readdir(handle) {
                let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard let name = String(validating: raw, as: UTF8.self) else {
                    // A name that is not UTF-8 cannot be spelled as a path rial opens: decoded, it
                    // could name another file (one whose name is the decoded spelling), which would
                    // be verified in its place. A package or a directory so named makes its
                    // directory an input of its own, which cannot pass, and is said.
                    var info = stat()
                    let terminated = raw.map { CChar(bitPattern: $0) } + [0]
                    let isDirectory = fstatat(dirfd(handle), terminated, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                    if isDirectory || Self.endsLikeAPackage(raw) {
                        note(
                            "note: \(current) holds \(isDirectory ? "a directory" : "a package file") whose name is not UTF-8 (\(Self.escaped(raw))): rial cannot name it to verify it; rename it. \(current) is counted as not verified"
                        )
                        if !unnamable { found.append(current) }
                        unnamable = true
                    }
                    continue
                }
                if name == "." || name == ".." { continue }
                let path = current + "/" + name
                var info = stat()
                // A name that is not UTF-8 cannot be spelled back: an error line, not a gap.
                guard lstat(path, &info) == 0 else {
                    found.append(path)
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if exists(path + "/bagit.txt") { found.append(path) } else { pending.append(path) }
                case S_IFREG where TemporaryFile.isTemporaryName(name):
                    // Not an input: what a write killed before it could clean up left (issue 35).
                    let destination = String(name.dropFirst().dropLast(".tmp-XXXXXX".count))
                    note(
                        "note: \(path) (\(info.st_size) bytes) is a temporary file an interrupted write of \(destination) left; the next amendment of \(destination) removes it, or delete it"
                    )
                case _ where name.lowercased().hasSuffix(".rialpkg"):
                    // A file, or anything else named like one (a named pipe, a socket, a device,
                    // a link, dangling or not): every entry that looks like a package is an input,
                    // and what is not a package file gets an error line saying what it is.
                    found.append(path)
                default:
                    continue
                }
            }
        }
    }

    /// Whether the raw name ends in `.rialpkg`, in any case.
    private static func endsLikeAPackage(_ raw: [UInt8]) -> Bool {
        let suffix = Array(".rialpkg".utf8)
        return raw.count >= suffix.count && zip(raw.suffix(suffix.count), suffix).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// A raw name for a message: its UTF-8 parts as they are, every other byte as `\xHH`.
    private static func escaped(_ raw: [UInt8]) -> String {
        raw.map { $0 < 0x80 && $0 >= 0x20 && $0 != 0x5C ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
