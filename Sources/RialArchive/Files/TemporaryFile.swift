#if canImport(Glibc)
import Glibc
#endif
import CRialFiles
import RialFormat

/// A file written under a hidden temporary name beside its destination (`.NAME.tmp-XXXXXX`) and
/// moved into place only when complete, so a reader never sees half of it and a failure leaves
/// nothing behind. It is listed in ``PendingFiles`` while it exists, so an interrupted run
/// removes it too.
package final class TemporaryFile {
    /// Where the file goes.
    package let destination: String
    /// The temporary name it is written under.
    package let path: String
    /// Open for reading and writing until ``commit(replacing:)``.
    package let fileDescriptor: Int32
    private let token: Int
    private var isClosed = false

    /// Why ``commit(replacing:)`` did not move the file into place.
    package enum CommitFailure: Error, Sendable {
        /// The destination exists and was not to be replaced.
        case exists
        /// `fsync`, `link` or `rename` failed; the system's reason.
        case system(String)
    }

    /// The NAME part of a temporary name: the destination's name when it is at most 200 bytes;
    /// else its first 183 bytes (cut between scalars), `-` and 16 hex digits of a hash of the
    /// whole name, so `.NAME.tmp-XXXXXX` fits the 255 bytes a file name may have and two long
    /// names that begin alike do not share their temporary files (nor take each other's for
    /// leftovers). The hash is FNV-1a, 64 bits: a name, not a secret.
    static func stem(of destinationName: some StringProtocol) -> String {
        let name = String(destinationName)
        guard name.utf8.count > 200 else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return name.prefix(utf8Bytes: 183) + "-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `name` is one a temporary file for a destination named `destinationName` gets
    /// (`.NAME.tmp-XXXXXX`, six characters from `mkstemp`); any destination's when `nil`.
    package static func isTemporaryName(_ name: String, of destinationName: String? = nil) -> Bool {
        let suffix = ".tmp-"
        guard name.hasPrefix("."), name.utf8.count > 1 + suffix.utf8.count + 6 else { return false }
        let end = name.utf8.index(name.utf8.endIndex, offsetBy: -(suffix.utf8.count + 6))
        guard name[end...].hasPrefix(suffix) else { return false }
        let destination = name[name.index(after: name.startIndex)..<end]
        return destinationName.map { destination.utf8.elementsEqual(stem(of: $0).utf8) } ?? !destination.isEmpty
    }

    /// The temporary files beside `destination` that a run killed before it could remove them
    /// left (SIGKILL, a power cut): regular files named for it, owned by this user (never
    /// another's, whose files are not ours to remove), last written before `before`.
    /// Whoever calls this must know no live writer is using them (``PackageLock`` for a package).
    package static func leftBehind(besides destination: String, writtenBefore before: Int) -> [(path: String, size: Int64)] {
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard let handle = opendir(directory.isEmpty ? "/" : directory) else { return [] }
        defer { closedir(handle) }
        var found: [(path: String, size: Int64)] = []
        while let entry = readdir(handle) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard isTemporaryName(entryName, of: name) else { continue }
            let path = (directory.isEmpty ? "" : directory) + "/" + entryName
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), Int(info.st_mtim.tv_sec) < before else {
                continue
            }
            found.append((path, Int64(info.st_size)))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Creates the temporary file, mode 0600 until ``setMode(_:)`` or ``setMode(like:)``.
    /// - Throws: ``ArchiveError`` `.io` naming the directory and the system's reason.
    package init(destination: String) throws {
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        let created = try PendingFiles.create {
            var template = Array("\(directory.isEmpty ? "/" : directory)/.\(Self.stem(of: name)).tmp-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return mkstemp(base)
            }
            guard fd >= 0 else {
                throw ArchiveError(.io, "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
            }
            return (fd, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.destination = destination
        self.path = created.path
        self.fileDescriptor = created.descriptor
        self.token = created.token
    }

    deinit {
        discard()
    }

    /// The process's umask, read without changing it: from `/proc/self/status` (Linux 4.7 and
    /// later). Only where that cannot be read is it read the old way, by setting it and setting
    /// it back, and then once: in between, a file another thread creates would get the
    /// placeholder mask instead of the user's.
    static let processUmask: mode_t = {
        // Its size reads as 0, so it is read up to a bound, not to a size.
        if let status = (try? FileChunkReader.readHead(path: "/proc/self/status", count: 1 << 16)).map({ String(decoding: $0, as: UTF8.self) }),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let mask = mode_t(String(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }), radix: 8)
        {
            return mask
        }
        let mask = umask(0o077)
        umask(mask)
        return mask
    }()

    /// Gives the file `mode` (narrowed by the umask, as for any new file).
    /// - Throws: ``ArchiveError`` `.io` when the mode cannot be set: the file would keep 0600,
    ///   and the caller asked for another.
    package func setMode(_ mode: mode_t) throws(ArchiveError) {
        guard fchmod(fileDescriptor, mode & ~Self.processUmask) == 0 else {
            throw ArchiveError(.io, "cannot set the mode of \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Gives the file the permissions (and, where allowed, the owner) of `original`, so
    /// rewriting a private file in place does not make it readable by others, and its extended
    /// attributes (its POSIX ACLs among them: access a lab gave a group; `user.` tags); without
    /// `original`, 0666 narrowed by the umask.
    /// - Throws: ``ArchiveError`` `.io` when the mode cannot be set, or an ACL or `user.`
    ///   attribute cannot be given: the file would lose what its owner set on it.
    package func setMode(like original: String?) throws(ArchiveError) {
        var info = stat()
        guard let original, stat(original, &info) == 0 else { return try setMode(0o666) }
        // Only root may give a file away, and only a member of a group give it that group.
        // Failing is fine for the owner; for the group, the original's group bits are not
        // given to another group instead (whatever fchown said, the file's group decides).
        if fchown(fileDescriptor, info.st_uid, info.st_gid) != 0 { _ = fchown(fileDescriptor, geteuid(), info.st_gid) }
        var made = stat()
        let keptGroup = fstat(fileDescriptor, &made) == 0 && made.st_gid == info.st_gid
        // The attributes first, while the file is still 0600: Linux checks the mode before it
        // sets a `user.` attribute, and a read-only original's mode would refuse it. The mode
        // last, so it is the original's whatever an ACL's mask made of the group bits.
        try copyExtendedAttributes(of: original, keptGroup: keptGroup)
        let mode = keptGroup ? info.st_mode & 0o7777 : info.st_mode & 0o7707
        guard fchmod(fileDescriptor, mode) == 0 else {
            throw ArchiveError(.io, "cannot give \(path) the mode of \(original): \(String(cString: strerror(errno)))")
        }
    }

    /// The access ACL, kept as an extended attribute.
    private static let accessACL = "system.posix_acl_access"

    /// Copies `original`'s extended attributes to the file. Those the kernel or an administrator
    /// keeps (`security.`, `trusted.`: a label, a capability) are not the owner's to copy, and
    /// failing to copy one is not an error; an ACL or a `user.` attribute that cannot be copied
    /// is. An access ACL the file inherited from its directory's default ACL, which the original
    /// does not have, is removed: it would grant what the original did not.
    /// - Parameter keptGroup: whether the file has the original's group; an ACL is not copied
    ///   onto another group's file (its mask would give the group bits back, to that group).
    private func copyExtendedAttributes(of original: String, keptGroup: Bool) throws(ArchiveError) {
        var names: [String] = []
        let size = listxattr(original, nil, 0)
        if size > 0 {
            var buffer = [CChar](repeating: 0, count: size)
            let listed = listxattr(original, &buffer, size)
            if listed > 0 {
                names = buffer.prefix(listed).split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            }
        }
        if !names.contains(Self.accessACL) { _ = fremovexattr(fileDescriptor, Self.accessACL) }
        for name in names {
            let mustKeep = name.hasPrefix("user.") || name.hasPrefix("system.posix_acl_")
            if name == Self.accessACL && !keptGroup {
                throw ArchiveError(
                    .io, "cannot give \(path) the group of \(original), which its ACL gives access to: amend it as root or as a member of that group")
            }
            let length = getxattr(original, name, nil, 0)
            var value = [UInt8](repeating: 0, count: max(0, length))
            let read = length < 0 ? -1 : value.withUnsafeMutableBytes { getxattr(original, name, $0.baseAddress, $0.count) }
            let copied = read >= 0 && value.withUnsafeBytes { fsetxattr(fileDescriptor, name, $0.baseAddress, read, 0) } == 0
            if !copied && mustKeep {
                throw ArchiveError(.io, "cannot give \(path) the extended attribute \(name) of \(original): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Closes and removes the file, unless it was moved into place.
    package func discard() {
        guard !isClosed else { return }
        isClosed = true
        close(fileDescriptor)
        PendingFiles.discard(token)
    }

    /// Flushes the file to disk, closes it and moves it to its destination: with `replacing`,
    /// by `rename()`; without, by `link()`, which fails if the destination exists (even if it
    /// appeared meanwhile), so nothing is ever clobbered. The temporary name is removed in
    /// every case.
    /// - Throws: ``CommitFailure``.
    package func commit(replacing: Bool) throws(CommitFailure) {
        guard !isClosed else { throw .system("the file was already closed") }
        guard fsync(fileDescriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .system("flushing \(path): \(reason)")
        }
        // All of it is on disk now: a reader that follows reads the disk, not the page cache.
        Writeback.drop(fileDescriptor: fileDescriptor, offset: 0, count: 0)
        close(fileDescriptor)
        isClosed = true
        var failure: CommitFailure?
        do {
            try PendingFiles.commit(token, to: destination) {
                if replacing {
                    guard rename(path, destination) == 0 else {
                        failure = .system(String(cString: strerror(errno)))
                        unlink(path)
                        throw failure ?? .exists
                    }
                } else {
                    let linked = link(path, destination)
                    let linkErrno = errno
                    unlink(path)
                    guard linked == 0 else {
                        failure = linkErrno == EEXIST ? .exists : .system(String(cString: strerror(linkErrno)))
                        throw failure ?? .exists
                    }
                }
            }
        } catch {
            // Interrupted before the move: PendingFiles.interrupt() removed the temporary file.
            throw failure ?? .system("interrupted")
        }
        syncDirectory()
    }

    /// Flushes the directory that holds the destination, so the new name survives a power cut
    /// as the file's bytes do (the rename or link is a change to the directory, which the
    /// file's fsync does not cover). Best effort: the file is in place already, and a file
    /// system that cannot sync a directory (some network and FUSE ones) is no reason to say
    /// the write failed.
    private func syncDirectory() {
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { $0 == destination.startIndex ? "/" : String(destination[..<$0]) } ?? "."
        let handle = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard handle >= 0 else { return }
        _ = fsync(handle)
        close(handle)
    }
}
