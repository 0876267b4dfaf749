#if canImport(Glibc)
import Glibc
#endif
internal import CRialSeccomp

/// The media probe's system-call sandbox: a seccomp-bpf allow-list, built with libseccomp, that
/// the probe enters once its input is open and before it reads a byte of it. From then on the
/// process may read its input, write its reply and errors, manage its memory, and end; any other
/// system call kills it (SIGSYS), so a demuxer a hostile file has taken over cannot open the
/// user's files, connect anywhere, start a program, or map code (`PROT_EXEC`).
///
/// The list is what the readers were seen to call after the input is open (strace over the
/// test media, the real-media corpus and the fuzz corpus), and what the C library's own paths
/// may need (`abort` signals itself with `tgkill`; `qsort` asks `sysinfo`). What they do once
/// per process before (the time zone, libheif's plugin directory) is done before entering
/// (`MediaReader.prepareForSandbox()`).
public enum ProbeSandbox {
    /// Why the sandbox could not be entered.
    public struct Failure: Error {
        public let message: String
    }

    /// One argument test of a rule: `argument & mask == value`.
    struct Condition {
        let argument: UInt32
        let mask: UInt64
        let value: UInt64
    }

    /// A system call allowed, when every condition holds (no condition: always).
    struct Rule {
        let name: String
        var conditions: [Condition] = []
    }

    /// The allow-list; `process` is the probe's own pid (the only one `tgkill` may signal).
    static func rules(process: pid_t) -> [Rule] {
        let noExec = Condition(argument: 2, mask: UInt64(crial_prot_exec()), value: 0)
        // fstatat and statx only on a descriptor already open (AT_EMPTY_PATH), never by name.
        let emptyPath = { (argument: UInt32) in Condition(argument: argument, mask: UInt64(crial_at_empty_path()), value: UInt64(crial_at_empty_path())) }
        let everything = UInt64.max
        return [
            // The input (already open) and the reply.
            Rule(name: "read"), Rule(name: "pread64"), Rule(name: "readv"), Rule(name: "preadv"), Rule(name: "lseek"),
            Rule(name: "fstat"), Rule(name: "newfstatat", conditions: [emptyPath(3)]), Rule(name: "statx", conditions: [emptyPath(2)]),
            Rule(name: "write", conditions: [Condition(argument: 0, mask: everything, value: 1)]),
            Rule(name: "write", conditions: [Condition(argument: 0, mask: everything, value: 2)]),
            Rule(name: "writev", conditions: [Condition(argument: 0, mask: everything, value: 2)]),
            Rule(name: "close"),
            // Memory, never executable.
            Rule(name: "mmap", conditions: [noExec]), Rule(name: "mprotect", conditions: [noExec]),
            Rule(name: "munmap"), Rule(name: "mremap"), Rule(name: "brk"), Rule(name: "madvise"),
            // The runtime: locks, signals, time, randomness for hashing, the end.
            Rule(name: "futex"), Rule(name: "rt_sigreturn"), Rule(name: "rt_sigprocmask"), Rule(name: "rt_sigaction"), Rule(name: "sigaltstack"),
            Rule(name: "clock_gettime"), Rule(name: "clock_getres"), Rule(name: "gettimeofday"), Rule(name: "time"),
            Rule(name: "getrandom"), Rule(name: "sched_yield"), Rule(name: "sched_getaffinity"), Rule(name: "sysinfo"),
            Rule(name: "getpid"), Rule(name: "gettid"),
            Rule(name: "prlimit64", conditions: [Condition(argument: 2, mask: everything, value: 0)]),
            Rule(name: "tgkill", conditions: [Condition(argument: 0, mask: everything, value: UInt64(process))]),
            Rule(name: "exit"), Rule(name: "exit_group"),
        ]
    }

    /// Enters the sandbox for the rest of the process's life.
    /// - Returns: what is in force, for the probe's reply (`seccomp allow-list of 41 rules`).
    /// - Throws: ``Failure`` when the filter cannot be built or loaded (the kernel has no
    ///   seccomp, or refuses it).
    public static func enter() throws(Failure) -> String {
        guard let filter = seccomp_init(crial_seccomp_kill_process()) else { throw Failure(message: "seccomp_init failed") }
        defer { seccomp_release(filter) }
        let rules = rules(process: getpid())
        for rule in rules {
            let number = seccomp_syscall_resolve_name(rule.name)
            // A call this architecture does not have (e.g. `time` on arm64) needs no rule.
            guard number != __NR_SCMP_ERROR else { continue }
            let comparisons = rule.conditions.map { condition in
                scmp_arg_cmp(arg: condition.argument, op: SCMP_CMP_MASKED_EQ, datum_a: condition.mask, datum_b: condition.value)
            }
            let status = comparisons.withUnsafeBufferPointer {
                seccomp_rule_add_array(filter, crial_seccomp_allow(), number, UInt32($0.count), $0.baseAddress)
            }
            guard status == 0 else { throw Failure(message: "cannot allow \(rule.name): \(String(cString: strerror(-status)))") }
        }
        let status = seccomp_load(filter)
        guard status == 0 else { throw Failure(message: "the kernel refuses the seccomp filter: \(String(cString: strerror(-status)))") }
        return "seccomp allow-list (\(Set(rules.map(\.name)).count) system calls; any other kills the probe)"
    }
}
