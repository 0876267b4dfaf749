import RialFormat
#if canImport(Glibc)
import Glibc
#endif

/// The times a ledger record names, read from a clock the audit is given: the system's, or in
/// a test one that says what it is told, so the records an audit writes can be predicted.
package struct AuditClock: Sendable {
    /// Seconds since the epoch, with a fraction.
    private let read: @Sendable () -> Double

    /// A clock reading `read` (seconds since the epoch).
    package init(read: @escaping @Sendable () -> Double) {
        self.read = read
    }

    /// The system's real-time clock.
    package static let system = AuditClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Now, RFC 3339 in UTC with milliseconds (`2026-11-26T02:30:00.123Z`): fixed width, so
    /// the text sorts as the time does.
    package func now() -> String {
        now(minus: 0)
    }

    /// `seconds` before now, in the same form.
    package func now(minus seconds: Double) -> String {
        let total = Int64((read() - max(0, seconds)) * 1000)
        return Self.text(seconds: total / 1000, milliseconds: Int(total % 1000))
    }

    private static func text(seconds: Int64, milliseconds: Int) -> String {
        let whole = Timestamp(seconds: seconds).rfc3339.dropLast()
        let fraction = String(milliseconds + 1000).dropFirst()
        return "\(whole).\(fraction)Z"
    }

    /// This machine's name, which every record of a worker names.
    package static var host: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
