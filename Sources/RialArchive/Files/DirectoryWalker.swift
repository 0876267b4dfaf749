#if canImport(Glibc)
import Glibc
#endif
import RialFormat

/// Lists a directory tree without following symbolic links.
///
/// Everything that is not a regular file or a directory (links, devices, FIFOs, sockets) and
/// every name that is not valid UTF-8 is reported, never silently skipped, so a caller can
/// refuse a tree it cannot represent faithfully.
package enum DirectoryWalker {
    package struct Item: Sendable, Hashable {
        package enum Kind: Sendable, Hashable { case file, directory, symbolicLink, other }
        /// Path relative to the root, `/`-separated.
        package let relativePath: String
        package let kind: Kind
        /// Size in bytes, for files.
        package let size: UInt64
    }

    /// Every item under `root`, depth first, each directory's children sorted by name bytes.
    /// - Throws: ``ArchiveError`` `.io` when `root` or a directory under it cannot be read,
    ///   `.invalidName` for a name that is not UTF-8.
    package static func walk(_ root: String) throws -> [Item] {
        var items: [Item] = []
        var pending: [String] = [""]  // an explicit stack: a deep tree costs heap, not stack
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : root + "/" + relative
            guard let handle = opendir(directory) else {
                throw ArchiveError(.io, "cannot read directory \(directory): \(String(cString: strerror(errno)))")
            }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                    let bytes = raw.prefix { $0 != 0 }
                    return String(validating: Array(bytes), as: UTF8.self)
                }
                guard let name else {
                    closedir(handle)
                    throw ArchiveError(.invalidName, "a file name in \(directory) is not valid UTF-8")
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(handle)
            var subdirectories: [String] = []
            for name in names.sorted(by: UTF8Order.precedes) {
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(root + "/" + childRelative, &info) == 0 else {
                    throw ArchiveError(.io, "cannot stat \(root)/\(childRelative): \(String(cString: strerror(errno)))")
                }
                switch info.st_mode & S_IFMT {
                case S_IFREG: items.append(Item(relativePath: childRelative, kind: .file, size: UInt64(info.st_size)))
                case S_IFDIR:
                    items.append(Item(relativePath: childRelative, kind: .directory, size: 0))
                    subdirectories.append(childRelative)
                case S_IFLNK: items.append(Item(relativePath: childRelative, kind: .symbolicLink, size: 0))
                default: items.append(Item(relativePath: childRelative, kind: .other, size: 0))
                }
            }
            pending.append(contentsOf: subdirectories.reversed())
        }
        return items
    }
}
