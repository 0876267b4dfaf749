#if canImport(Glibc)
import Glibc
#endif
internal import CRialProcess

/// What `rial-media-probe` does to itself before it reads a byte of the media, in two steps:
/// ``apply(_:)`` before the input is opened (descriptors closed, resource limits set), and
/// ``dropPrivileges()`` after it is opened and before it is read (capabilities cleared).
///
/// `posix_spawn` cannot set resource limits for the child, and a wrapper executable would only
/// move this code elsewhere: nothing from the input has been read when these hold, so setting
/// them here is as strong as setting them before `exec`. Soft and hard limits are equal, so the
/// probe cannot raise them again; as root it could, so root's capabilities are dropped too.
///
/// These contain a demuxer that runs away (allocates, loops, crashes, writes files, forks).
/// Against one an exploit has taken over, the probe then enters new namespaces
/// (``enterNamespaces()``, where the kernel allows) and a seccomp allow-list (`ProbeSandbox`,
/// in `rial-media-probe`), once its input is open.
package enum ProbeConfinement {
    /// Descriptors the probe may have open: the three standard streams, the media, and a few
    /// for the C runtime.
    package static let maxOpenFiles: rlim_t = 8

    /// Why a limit could not be set.
    package struct Failure: Error {
        package let message: String
    }

    /// Closes inherited descriptors, sets the resource limits, and forbids gaining privileges.
    /// - Parameters:
    ///   - limits: the limits from the command line.
    ///   - input: the input's descriptor when it came open (`--input-descriptor`), kept.
    /// - Throws: ``Failure`` naming the limit that could not be set.
    package static func apply(_ limits: MediaProbeLimits, keeping input: Int32? = nil) throws(Failure) {
        closeInheritedDescriptors(keeping: input)
        let start = currentAddressSpace() ?? 0
        try set(RLIMIT_CORE, 0, "RLIMIT_CORE")
        try set(RLIMIT_FSIZE, 0, "RLIMIT_FSIZE")
        try set(RLIMIT_NOFILE, maxOpenFiles, "RLIMIT_NOFILE")
        // No new processes or threads (for a user other than root, whose count the kernel
        // compares with 0); nothing in the probe starts one.
        try set(__RLIMIT_NPROC, 0, "RLIMIT_NPROC")
        // SIGXCPU at the soft limit, SIGKILL a second later.
        try set(RLIMIT_CPU, rlim_t(limits.cpuSeconds), "RLIMIT_CPU", hard: rlim_t(limits.cpuSeconds) + 1)
        try set(RLIMIT_AS, start + rlim_t(limits.memoryBytes), "RLIMIT_AS")
        guard crial_set_no_new_privs() == 0 else { throw Failure(message: "cannot set PR_SET_NO_NEW_PRIVS: \(errorText())") }
        guard crial_set_not_dumpable() == 0 else { throw Failure(message: "cannot clear PR_SET_DUMPABLE: \(errorText())") }
    }

    /// Clears every capability, after root's are locked out (as root; elsewhere there are none
    /// to clear and the lock fails harmlessly). Called once the input is open, since reading
    /// a package that only root may read can take root's capabilities.
    /// - Throws: ``Failure`` when the capabilities cannot be cleared.
    package static func dropPrivileges() throws(Failure) {
        _ = crial_lock_root_capabilities()
        guard crial_drop_capabilities() == 0 else { throw Failure(message: "cannot clear the capabilities: \(errorText())") }
    }

    /// Moves the probe into new user, network and mount namespaces, after its input is open
    /// and before ``dropPrivileges()``: it then reaches no network (its network namespace has
    /// only a loopback, down) and no mount it could change is anyone else's. A kernel or
    /// container that refuses a user namespace is asked for the network and mount namespaces
    /// alone (root may still have them); what was refused is said, never silently skipped.
    /// - Returns: what is in force, e.g. `user, network and mount namespaces`, or
    ///   `no namespaces (unshare: Operation not permitted)`.
    package static func enterNamespaces() -> String {
        if crial_unshare(1, 1, 1) == 0 { return "user, network and mount namespaces" }
        let refused = errorText()
        if crial_unshare(0, 1, 1) == 0 { return "network and mount namespaces (a user namespace was refused: \(refused))" }
        return "no namespaces (unshare refused: \(refused))"
    }

    private static func set(_ resource: __rlimit_resource, _ soft: rlim_t, _ name: String, hard: rlim_t? = nil) throws(Failure) {
        var limit = rlimit(rlim_cur: soft, rlim_max: hard ?? soft)
        guard setrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0 else { throw Failure(message: "cannot set \(name): \(errorText())") }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    /// The address space mapped now (`/proc/self/statm`: the first field, in pages): the
    /// runtime and the libraries, which the memory limit is added to.
    private static func currentAddressSpace() -> rlim_t? {
        guard let file = fopen("/proc/self/statm", "re") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let pages = text.split(separator: " ").first.flatMap({ rlim_t($0) }) else { return nil }
        return pages * rlim_t(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Closes every descriptor above standard error but `kept`: ours are close-on-exec, but a
    /// program that embeds ``MediaProbe`` may hold others, and a child of the fork server holds
    /// the server's.
    private static func closeInheritedDescriptors(keeping kept: Int32?) {
        // One call on either side of the kept descriptor; the kernel's highest number is ~0.
        let highest = UInt32.max
        let closedByRange: Bool
        if let kept, kept > 3 {
            closedByRange = crial_close_range(3, UInt32(kept) - 1) == 0 && crial_close_range(UInt32(kept) + 1, highest) == 0
        } else {
            closedByRange = crial_close_range(kept == 3 ? 4 : 3, highest) == 0
        }
        if closedByRange { return }
        guard let directory = opendir("/proc/self/fd") else { return }
        let own = dirfd(directory)
        var open: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor > 2, descriptor != own, descriptor != kept { open.append(descriptor) }
        }
        closedir(directory)
        for descriptor in open { close(descriptor) }
    }
}
