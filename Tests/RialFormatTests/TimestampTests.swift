import Testing
@testable import RialFormat

@Suite("RFC 3339 timestamps")
struct TimestampTests {
    @Test func roundTripsUTC() throws {
        let time = try Timestamp(rfc3339: "2026-11-22T09:30:05Z")
        #expect(time.seconds == 1_795_339_805)
        #expect(time.rfc3339 == "2026-11-22T09:30:05Z")
        #expect(time.dayString == "2026-11-22")
    }

    @Test func normalisesOffsetsAndFractions() throws {
        let time = try Timestamp(rfc3339: "2026-11-22T10:30:05.250+01:00")
        #expect(time.rfc3339 == "2026-11-22T09:30:05.25Z")
        #expect(try Timestamp(rfc3339: "1970-01-01T00:00:00Z").seconds == 0)
        #expect(try Timestamp(rfc3339: "1969-12-31T23:59:59Z").rfc3339 == "1969-12-31T23:59:59Z")
        #expect(try Timestamp(rfc3339: "2024-02-29T00:00:00Z").rfc3339 == "2024-02-29T00:00:00Z")
    }

    @Test(arguments: [
        "2026-11-22", "2026-11-22T09:30:05", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
        "2025-02-29T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T09:30:05.Z", "2026-11-22 09:30:05Z",
        "2026-11-22T09:30:05Zjunk", "２026-11-22T09:30:05Z", "2026-11-22T09:30:05.1234567890Z",
    ])
    func rejects(_ text: String) {
        #expect { try Timestamp(rfc3339: text) } throws: { ($0 as? FormatError)?.code == .invalidTimestamp }
    }
}
