#if canImport(Glibc)
import Glibc
#endif

/// What probing one media file ended in. Every case is an answer about the media: a crash or a
/// hang of the probe on some bytes is evidence about those bytes, reported, never propagated.
package enum MediaProbeOutcome: Hashable, Sendable {
    /// The media was read: its facts.
    case facts(MediaFacts)
    /// The content is not a container the probe accepts (MP4/MOV, HEIF, JPEG), whatever the file
    /// is called. `container` names what the signature says it is (`zip`, `matroska`, `png`,
    /// `avif`, `empty`, `unknown`, ...).
    case unsupported(container: String)
    /// A container the probe accepts, which its library could not read (a truncated `moov`, a box
    /// whose size overruns the file, more streams than the limit), with the library's words.
    case unreadable(reason: String)
    /// The probe process died of `signal` (e.g. `SIGSEGV` = 11, `SIGABRT` = 6) while reading.
    case crashed(signal: Int32)
    /// The probe ran past the wall-clock or CPU time limit and was stopped.
    case timedOut
    /// A library ran out of the memory the limits allow.
    case tooMuchMemory
    /// The probe ended without a valid reply: an exit status other than 0, output that is not one
    /// reply of the expected shape, or more output than the limit. `reason` says which.
    case misbehaved(reason: String)

    /// The facts, when the media was read.
    package var facts: MediaFacts? {
        if case .facts(let facts) = self { return facts }
        return nil
    }

    /// One line for people, e.g. `unreadable: moov atom not found`.
    package var summary: String {
        switch self {
        case .facts(let facts): return "read: \(facts.container.kind.rawValue) (\(facts.container.formatName))"
        case .unsupported(let container): return "unsupported container: \(container)"
        case .unreadable(let reason): return "unreadable: \(reason)"
        case .crashed(let signal) where signal == SIGSYS:
            return "the probe was killed by its sandbox (signal \(signal), SIGSYS): it made a system call outside its allow-list"
        case .crashed(let signal): return "the probe crashed (signal \(signal))"
        case .timedOut: return "the probe ran out of time"
        case .tooMuchMemory: return "the probe ran out of memory"
        case .misbehaved(let reason): return "the probe misbehaved: \(reason)"
        }
    }
}
