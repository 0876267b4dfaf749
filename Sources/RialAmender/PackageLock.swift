#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a package file, held from verification to the
/// rename that replaces it. Two amendments of one package then run one after the other: the
/// second waits, and verifies the file the first left, so neither drops the other's seal,
/// token or custody event. (A writer that takes no lock is still caught by the check that the
/// tag files read again are the verified ones.)
struct PackageLock {
    private let descriptor: Int32

    /// Waits for the lock on the file `path` names. A file that cannot be opened is not
    /// locked: the verification that follows reports why it cannot be read.
    /// - Throws: ``AmenderError`` `.writeFailed` when the file is open but cannot be locked;
    ///   `.unverifiable` when `path` is standard input, a pipe or a FIFO.
    init(path: String) throws {
        // Opening a FIFO waits for a writer, and what streams cannot be amended anyway.
        if let refusal = PackageAmender.streamRefusal(path) { throw refusal }
        // An amendment replaces the file (a new inode, renamed into place), so a lock taken on
        // the file it replaced guards nothing: after waiting, check the path still names the
        // locked file, else open the new one and wait again.
        while true {
            let candidate = open(path, O_RDONLY | O_CLOEXEC)
            guard candidate >= 0 else {
                descriptor = -1
                return
            }
            while flock(candidate, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(candidate)
                    throw AmenderError(.writeFailed, "cannot lock \(path) against other amendments: \(reason)")
                }
            }
            var locked = stat(), current = stat()
            if fstat(candidate, &locked) == 0, stat(path, &current) == 0, locked.st_dev == current.st_dev, locked.st_ino == current.st_ino {
                descriptor = candidate
                return
            }
            close(candidate)
        }
    }

    /// Lets the next amendment go on.
    func release() {
        if descriptor >= 0 { close(descriptor) }
    }
}
