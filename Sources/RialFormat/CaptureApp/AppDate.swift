/// A date as the capture app's Swift `JSONEncoder` writes it (`schema/SPEC.md` §2.2): with the
/// default strategy a number, seconds since 2001-01-01T00:00:00Z (Foundation's reference date);
/// with `.iso8601` (or the app's own ISO 8601 formatter) a string in the accepted form of §1.4.5.
///
/// A number is converted from its decimal text, not through binary floating point, so the
/// conversion is exact: `786000000.5` is 2025-11-28T05:20:00.5Z and nothing else. Swift writes
/// the shortest text that reads back as the same `Double`, which is the text read here.
package struct AppDate: Hashable, Sendable {
    /// Seconds from 1970-01-01 to 2001-01-01, both UTC.
    package static let referenceDateOffset: Int64 = 978_307_200

    /// The instant.
    package let timestamp: Timestamp
    /// The number as written, when the app wrote one (`nil` for an ISO 8601 string): the
    /// reader shows the conversion.
    package let writtenNumber: String?

    package init(timestamp: Timestamp, writtenNumber: String? = nil) {
        self.timestamp = timestamp
        self.writtenNumber = writtenNumber
    }

    /// Reads `value` at `path`.
    /// - Throws: ``FormatError`` `.invalidTimestamp` for a string that is not a date-time, a
    ///   number with more than nine fraction digits or out of range, or any other JSON type.
    package init(json value: JSONValue, path: String) throws(FormatError) {
        switch value {
        case .string(let text):
            do {
                self.init(timestamp: try Timestamp(rfc3339: text))
            } catch {
                throw FormatError(.invalidTimestamp, "\(path): \(error.reason)")
            }
        case .integer(let seconds):
            let (unix, overflow) = seconds.addingReportingOverflow(Self.referenceDateOffset)
            guard !overflow, Self.isInRange(unix) else { throw Self.outOfRange(path, "\(seconds)") }
            self.init(timestamp: Timestamp(seconds: unix), writtenNumber: "\(seconds)")
        case .number(let double):
            let text = "\(double)"
            guard let (whole, nanoseconds) = Self.decimalParts(text) else {
                throw FormatError(.invalidTimestamp, "\(path) = \(text) cannot be converted exactly to a time (at most nine fraction digits, no exponent)")
            }
            let (unix, overflow) = whole.addingReportingOverflow(Self.referenceDateOffset)
            guard !overflow, Self.isInRange(unix) else { throw Self.outOfRange(path, text) }
            self.init(timestamp: Timestamp(seconds: unix, nanoseconds: nanoseconds), writtenNumber: text)
        default:
            throw FormatError(.invalidTimestamp, "\(path) must be a date: a number of seconds since 2001-01-01T00:00:00Z or an RFC 3339 string")
        }
    }

    /// "786000000.5 (seconds since 2001-01-01) = 2025-11-28T05:20:00.5Z", or the RFC 3339 text.
    package var shown: String {
        writtenNumber.map { "\($0) (seconds since 2001-01-01) = \(timestamp.rfc3339)" } ?? timestamp.rfc3339
    }

    // Years 0000 to 9999, what RFC 3339 can write.
    private static func isInRange(_ unix: Int64) -> Bool { (-62_167_219_200...253_402_300_799).contains(unix) }

    private static func outOfRange(_ path: String, _ text: String) -> FormatError {
        FormatError(.invalidTimestamp, "\(path) = \(text) seconds since 2001-01-01 is outside the years 0000 to 9999")
    }

    /// Whole seconds (floored) and nanoseconds of a decimal `[-]D+[.D{1,9}]`; `nil` otherwise.
    static func decimalParts(_ text: String) -> (Int64, Int32)? {
        var digits = Substring(text)
        let negative = digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let wholeText = parts.first, !wholeText.isEmpty, wholeText.allSatisfy(\.isASCIIDigit),
            let whole = Int64(wholeText)
        else { return nil }
        var nanoseconds: Int64 = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...9).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
            nanoseconds = Int64(fraction + String(repeating: "0", count: 9 - fraction.count)) ?? 0
        }
        guard negative else { return (whole, Int32(nanoseconds)) }
        // −5.25 s is −6 s + 0.75 s: the instant floors, the fraction counts up from there.
        return nanoseconds == 0 ? (-whole, 0) : (-whole - 1, Int32(1_000_000_000 - nanoseconds))
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
