import Foundation
import Testing
import RialReport
import RialTestSupport
@testable import RialVerifier

/// The text report's headline (SPEC §9.2, §9.3) as TextReportRenderer writes it for a verified
/// package: a content failure says not to rely on it and is listed first; a not-checked sentence
/// is said once. The wording that needs trust anchors, custody commands or a batch stays end to
/// end (RialCLITests' VerdictWordingTests).
@Suite("Verdict wording (library)")
struct VerdictWordingTests {
    private func headline(_ text: String) -> [String] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }

    @Test("a content failure: do not rely on it, the first failures named with where, and listed first")
    func contentFailureFirst() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/frames/frame_000005.raw", "3"], output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail)
            let text = TextReportRenderer.render(report)
            let lines = headline(text)
            #expect(lines[0].hasSuffix("(failed)"), "\(lines)")
            #expect(lines[1].contains("do not rely on its content"), "\(lines)")
            #expect(lines[2].hasPrefix("      Integrity   FAIL ") && lines[2].contains("data/frames/frame_000005.raw"), "\(lines)")
            let failed = try #require(lines.first { $0.hasPrefix("      Failed: ") }, "\(lines)")
            #expect(failed.contains("data/frames/frame_000005.raw"), "\(lines)")
            // The list below starts with the failures.
            let results = text.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("NOT ") }.dropFirst()
            let firstPass = results.firstIndex { $0.hasPrefix("PASS ") } ?? results.endIndex
            #expect(results[..<firstPass].contains { $0.hasPrefix("FAIL ") })
            #expect(!results[firstPass...].contains { $0.hasPrefix("FAIL ") }, "a failure listed after a pass")
        }
    }

    @Test("the same not-checked sentence is said once, naming the files it is about")
    func distinctNotChecked() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let text = TextReportRenderer.render(LibraryFixture.verify(package))
            let notChecked = headline(text).filter { $0.contains("Not checked") }
            #expect(Set(notChecked).count == notChecked.count, "\(notChecked)")
            #expect(
                notChecked.contains { $0.contains("Not checked: data/capture/metadata.json, rial/metadata.json: attestation_level") },
                "the app's metadata and rial/metadata.json state the same attestation level: \(notChecked)")
        }
    }
}
