import Foundation
import RialFormat
import RialReport
import RialTestSupport
import Testing
@testable import RialVerifier

/// A stated verification time (`--at TIME`, SPEC §8.8), judged in process: a package judged as
/// of a stated time, and the same report, byte for byte, whenever it is made again, in every
/// renderer. `--at`'s parsing, its usage errors and `rial audit --at` are end-to-end tests in
/// RialCLITests' VerificationTimeTests.
@Suite("Verifying as of a stated time (library)")
struct VerificationTimeTests {
    static let at = "2031-05-01T00:00:00Z"

    /// The policy of `rial verify --at TIME` with no other option.
    static func stated(_ time: String = at) throws -> VerificationPolicy {
        var policy = VerificationPolicy()
        policy.statedTime = try Timestamp(rfc3339: time)
        return policy
    }

    /// Every report rial writes of one package (`--format text|json|xml|html`, one JSON line,
    /// and `rial report`'s court report), rendered in process.
    static func renderings(_ package: URL, policy: VerificationPolicy) throws -> [(name: String, bytes: [UInt8])] {
        let report = Verifier(policy: policy).report(for: package.path)
        let (court, overview) = Verifier(policy: policy).courtReport(for: package.path)
        return [
            ("text", Array(TextReportRenderer.render(report).utf8)), ("json", JSONReportRenderer.bytes(report)),
            ("xml", try XMLReportRenderer.bytes(report)), ("html", Array(HTMLReportRenderer.render(court, overview: overview).utf8)),
            // `--at` gives no elapsed time to a line (rial verify passes none with --at).
            ("jsonl", JSONLinesRenderer.line(report, elapsed: nil)),
        ]
    }

    @Test("the same inputs and the same stated time give the same bytes in text, JSON, XML, HTML and JSON Lines; on the clock they differ")
    func reproducible() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
            let first = try Self.renderings(package, policy: try Self.stated())
            Thread.sleep(forTimeInterval: 1.1)
            let second = try Self.renderings(package, policy: try Self.stated())
            for (one, two) in zip(first, second) {
                #expect(!one.bytes.isEmpty && one.bytes == two.bytes, "\(one.name): two runs at the same stated time differ")
                #expect(String(decoding: one.bytes, as: UTF8.self).contains(Self.at) || one.name == "jsonl", "\(one.name) names the time")
            }
            #expect(LibraryFixture.verify(package, policy: try Self.stated()).verdict == .pass)
            // Twin: on the clock, two runs a second apart differ (so the comparison above means something).
            let clockFirst = JSONReportRenderer.bytes(LibraryFixture.verify(package))
            Thread.sleep(forTimeInterval: 1.1)
            let clockSecond = JSONReportRenderer.bytes(LibraryFixture.verify(package))
            #expect(clockFirst != clockSecond)
        }
    }

    @Test("the report says the time was stated, in every format; on the clock it says clock")
    func reportNamesTheStatedTime() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
            let stated = LibraryFixture.verify(package, policy: try Self.stated())
            #expect(stated.settings?.verificationTime.rfc3339 == Self.at && stated.settings?.isVerificationTimeStated == true)
            let statedJSON = try stated.jsonObject()["settings"] as? [String: Any]
            #expect(statedJSON?["verification_time"] as? String == Self.at && statedJSON?["verification_time_source"] as? String == "stated")
            let clock = LibraryFixture.verify(package)
            #expect(clock.settings?.isVerificationTimeStated == false && clock.settings?.verificationTime.rfc3339 != Self.at)
            let clockJSON = try clock.jsonObject()["settings"] as? [String: Any]
            #expect(clockJSON?["verification_time_source"] as? String == "clock")
            let text = TextReportRenderer.render(stated)
            #expect(text.contains("Verified at        2031-05-01T00:00:00Z (as of the time given with --at, not the clock)"), "\(text)")
            let xml = String(decoding: try XMLReportRenderer.bytes(stated), as: UTF8.self)
            #expect(xml.contains("<verification_time_source>stated</verification_time_source>"))
            let (court, overview) = Verifier(policy: try Self.stated()).courtReport(for: package.path)
            let html = HTMLReportRenderer.render(court, overview: overview)
            #expect(html.contains("the time given with") && html.contains("not the clock"))
            #expect(html.contains(">--at</span> <span class=\"nw\">2031-05-01T00:00:00Z</span>"), "the repeat command carries --at")
        }
    }

    @Test("a time before the package was made is an error (input.time-before-package); at its created it verifies")
    func beforeThePackage() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
            let report = LibraryFixture.verify(package, policy: try Self.stated("2025-01-01T00:00:00Z"))
            #expect(report.verdict == .error)
            #expect(report.error?.code.rawValue == "input.time-before-package")
            #expect(report.error?.reason.contains(LibraryFixture.created) == true, "\(report.error?.reason ?? "")")
            let twin = LibraryFixture.verify(package, policy: try Self.stated(LibraryFixture.created))
            #expect(twin.verdict == .pass, "\(twin.failures)")
        }
    }
}
