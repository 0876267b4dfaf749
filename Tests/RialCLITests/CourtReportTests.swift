import Foundation
import RialTestSupport
import Testing

/// `rial report` end to end: exit 0 and a self-contained page, exit 2 and an escaped NOT
/// VERIFIED page for what is not a package, and `verify --format html` printing the same report.
/// The court report's content, its media section against ffprobe, and its print layout in
/// headless Chromium and poppler are checked on the report rendered in process
/// (RialVerifierTests' CourtReportTests).
@Suite("Court report")
struct CourtReportTests {
    @Test("end to end: rial report exits 0 with a self-contained page, 2 with an escaped NOT VERIFIED page; verify --format html prints the same report")
    func content() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let made = CLI.rial(["report", package.path, "-o", "report.html", "--quiet"], cwd: dir)
            #expect(made.status == 0, "\(made)")
            let html = try Fixture.text(dir.appendingPathComponent("report.html"))
            // What the page holds is checked on the page rendered in process (RialVerifierTests'
            // CourtReportTests); here, that the command wrote that page.
            #expect(html.contains("<p class=\"big\">INTERNALLY CONSISTENT</p>") && html.contains("<figure>") && !html.contains("<script"))
            // `verify --format html` is the same report.
            let verified = CLI.rial(["verify", package.path, "--format", "html", "--quiet"], cwd: dir)
            #expect(
                verified.status == 0 && verified.stdout.contains("<p class=\"big\">INTERNALLY CONSISTENT</p>") && verified.stdout.contains("<figure>"),
                "\(verified.stderr)")

            // A name that would be markup, a terminal escape and a bidi override.
            let hostile = dir.appendingPathComponent("<script>alert(1)&'\"\u{1B}[2J\u{202E}gpj.rialpkg")
            try Data("not an archive".utf8).write(to: hostile)
            let refused = CLI.rial(["report", hostile.path, "-o", "refused.html", "--quiet"], cwd: dir)
            #expect(refused.status == 2, "\(refused)")
            let page = try Fixture.text(dir.appendingPathComponent("refused.html"))
            #expect(page.contains("<p class=\"big\">NOT VERIFIED</p>"))
            #expect(!page.contains("<script>") && page.contains("&lt;script&gt;alert(1)&amp;&#39;&quot;"))
            #expect(!page.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
            #expect(page.contains("\\u{202e}gpj.rialpkg"))
        }
    }
}
