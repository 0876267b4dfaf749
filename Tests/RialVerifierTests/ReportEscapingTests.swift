import Testing
import RialFormat
@testable import RialVerifier
@testable import RialReport

/// Strings from a package reach every report escaped: terminal escapes, bidi overrides and
/// other invisible characters never act on the reader's display, and a 10,000-character name
/// cannot bury the text report.
@Suite("Report escaping")
struct ReportEscapingTests {
    static let hostile = "data/\u{1B}]0;owned\u{7}\u{1B}[2J\u{9B}31m gpj.\u{202E}exe \u{2067}x\u{2069} \u{2028}\u{FEFF}"
    static let longName = "data/" + String(repeating: "n", count: 10_000)

    static func report() -> VerificationReport {
        VerificationReport(
            subjectPath: hostile, subjectKind: .package, verifiedAt: Timestamp(seconds: 0), packageID: hostile,
            manifestSHA256: nil,
            checks: [
                .fail(.payloadManifest(.sha256).mismatch, hostile, "changed: \(hostile)", expected: hostile, actual: hostile),
                .fail(.payloadManifest(.sha256).mismatch, longName, "changed"),
            ],
            warnings: [hostile]
        )
    }

    @Test("the text report shows invisible characters as escapes and shortens a 10,000-character name")
    func text() {
        let text = TextReportRenderer.render(Self.report())
        let invisible = text.unicodeScalars.filter { $0 != "\n" && InvisibleCharacters.contains($0) }
        #expect(invisible.isEmpty, "raw invisible characters: \(invisible.map { String($0.value, radix: 16) })")
        #expect(text.contains("gpj.\\u{202e}exe"))
        #expect(text.contains("\\u{1b}[2J"))
        #expect(!text.contains(String(repeating: "n", count: Escaping.maxCharacters + 1)))
        #expect(text.contains("more characters)"))
    }

    @Test("the JSON report escapes them as \\uXXXX, keeps the long name whole, and reads back to the same strings")
    func json() throws {
        let bytes = JSONReportRenderer.bytes(Self.report())
        let text = String(decoding: bytes, as: UTF8.self)
        let invisible = text.unicodeScalars.filter { $0 != "\n" && InvisibleCharacters.contains($0) }
        #expect(invisible.isEmpty, "raw invisible characters: \(invisible.map { String($0.value, radix: 16) })")
        #expect(text.contains("gpj.\\u202eexe"))
        let value = try StrictJSONParser.parse(bytes)
        let checks = value.objectValue?["checks"]?.arrayValue ?? []
        #expect(checks.first?.objectValue?["subject"]?.stringValue == Self.hostile)
        #expect(checks.last?.objectValue?["subject"]?.stringValue == Self.longName)
    }
}
