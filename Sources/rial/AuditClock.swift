import RialFormat
#if canImport(Glibc)
import Glibc
#endif

/// The times and the host a ledger record names.
enum AuditClock {
    /// Now, RFC 3339 in UTC with milliseconds (`2026-11-26T02:30:00.123Z`): fixed width, so
    /// the text sorts as the time does.
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return text(seconds: Int64(spec.tv_sec), milliseconds: Int(spec.tv_nsec / 1_000_000))
    }

    /// `seconds` before now, in the same form.
    static func now(minus seconds: Double) -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let total = Int64((Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9 - max(0, seconds)) * 1000)
        return text(seconds: total / 1000, milliseconds: Int(total % 1000))
    }

    private static func text(seconds: Int64, milliseconds: Int) -> String {
        let whole = Timestamp(seconds: seconds).rfc3339.dropLast()
        let fraction = String(milliseconds + 1000).dropFirst()
        return "\(whole).\(fraction)Z"
    }

    /// This machine's name.
    static var host: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
