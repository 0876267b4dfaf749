#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An instant, read from and written as RFC 3339 (always written in UTC with `Z`).
///
/// Own arithmetic instead of Foundation's formatters: they are locale- and platform-sensitive,
/// and a verifier must read the same text the same way everywhere.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, 0..<1_000_000_000.
    public let nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The current time, truncated to whole seconds (a package's times are whole seconds).
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(seconds: Int64(spec.tv_sec))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// RFC 3339 in UTC, e.g. `2026-11-22T09:30:00Z`; a fraction only when there is one.
    public var description: String { rfc3339 }

    public var rfc3339: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        // Written digit by digit into one buffer: every custody event and manifest is written
        // back for its canonical form, and interpolating padded strings cost more than parsing.
        var text: [UInt8] = []
        text.reserveCapacity(30)
        appendPadded(year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(day, 2, to: &text)
        text.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3600, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay / 60 % 60, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, 2, to: &text)
        if nanoseconds != 0 {
            text.append(UInt8(ascii: "."))
            appendPadded(Int64(nanoseconds), 9, to: &text)
            while text.last == UInt8(ascii: "0") { text.removeLast() }
        }
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// The date part only, `YYYY-MM-DD`, in UTC.
    public var dayString: String { String(rfc3339.prefix(10)) }

    /// Reads an RFC 3339 date-time (`Z` or a numeric offset, optional fraction up to nanoseconds).
    /// - Throws: ``FormatError`` `.invalidTimestamp` for anything else.
    public init(rfc3339 text: String) throws(FormatError) {
        let bytes = Array(text.utf8)
        func fail() -> FormatError { FormatError(.invalidTimestamp, "\(QuotedValue.quoted(text)) is not an RFC 3339 date-time such as 2026-11-22T09:30:00Z") }
        func number(_ range: Range<Int>) throws(FormatError) -> Int64 {
            guard range.upperBound <= bytes.count else { throw fail() }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { throw fail() }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        func expect(_ position: Int, _ chars: String) throws(FormatError) {
            guard position < bytes.count, chars.utf8.contains(bytes[position]) else { throw fail() }
        }
        let year = try number(0..<4)
        try expect(4, "-")
        let month = try number(5..<7)
        try expect(7, "-")
        let day = try number(8..<10)
        try expect(10, "Tt")
        let hour = try number(11..<13)
        try expect(13, ":")
        let minute = try number(14..<16)
        try expect(16, ":")
        let second = try number(17..<19)
        var position = 19
        var nanos: Int64 = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            var digits = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                guard digits < 9 else { throw fail() }
                nanos = nanos * 10 + Int64(bytes[position] - 0x30)
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw fail() }
            for _ in digits..<9 { nanos *= 10 }
        }
        var offset: Int64 = 0
        guard position < bytes.count else { throw fail() }
        switch bytes[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            let offsetHours = try number(position + 1..<position + 3)
            try expect(position + 3, ":")
            let offsetMinutes = try number(position + 4..<position + 6)
            guard offsetHours < 24, offsetMinutes < 60 else { throw fail() }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            position += 6
        default:
            throw fail()
        }
        guard position == bytes.count else { throw fail() }
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { throw fail() }
        let days = Self.days(fromCivil: year, month, day)
        self.seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        self.nanoseconds = Int32(nanos)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days, valid far beyond any capture date.
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// `value` in decimal, at least `width` digits, as ``pad(_:_:)`` spells it.
private func appendPadded(_ value: Int64, _ width: Int, to out: inout [UInt8]) {
    guard value >= 0, value < 1_000_000_000 else {
        out.append(contentsOf: pad(value, width).utf8)
        return
    }
    var digits: [UInt8] = []
    var rest = value
    repeat {
        digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
    } while rest > 0
    for _ in digits.count..<max(width, digits.count) { out.append(UInt8(ascii: "0")) }
    out.append(contentsOf: digits.reversed())
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
