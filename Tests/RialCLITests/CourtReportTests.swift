import Foundation
import Testing

/// The court report, checked as a person would see it: rendered by headless Chromium (Debian's
/// `chromium`) to a PNG and a PDF for a passing and a failing package. The test fails if the
/// page is blank or the verdict is missing; the PNG and PDF are kept in
/// .build/test-artefacts/court-report/ to look at.
@Suite("Court report")
struct CourtReportTests {
    static let artefacts = CLI.repoRoot.appendingPathComponent(".build/test-artefacts/court-report")

    /// Decodes a PNG's (filtered) scanlines with Python's zlib, an outside reader, and says whether
    /// it shows more than a blank page: a blank page's scanlines hold a handful of distinct byte
    /// values (measured: 4), a page of text and pictures hundreds.
    static let pngCheck = """
    import sys, zlib, struct
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT": idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(idat)
    distinct = len(set(pixels))
    print(distinct)
    sys.exit(0 if distinct > 40 else 1)
    """

    @Test("rendered by headless Chromium to PNG and PDF: not blank, the verdict and fingerprint readable, for a passing and a failing package")
    func chromium() throws {
        let chromium = try Oracle.tool("chromium")
        let pdftotext = try Oracle.tool("pdftotext")
        let python = try Oracle.python()
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            for (name, input, status, verdict) in [("pass", package, Int32(0), "VERIFIED"), ("fail", tampered, 1, "FAILED")] {
                let html = dir.appendingPathComponent("\(name).html")
                let made = CLI.rial(["report", input.path, "-o", html.path, "--quiet"], cwd: dir)
                #expect(made.status == status, "\(made)")
                let fingerprint = try #require(try Fixture.verifyJSON(input.path, cwd: dir).report.manifestSha256)

                let png = Self.artefacts.appendingPathComponent("\(name).png")
                let pdf = Self.artefacts.appendingPathComponent("\(name).pdf")
                let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--user-data-dir=\(dir.appendingPathComponent("chromium-\(name)").path)"]
                let shot = CLI.run([chromium] + flags + ["--window-size=900,1400", "--screenshot=\(png.path)", html.absoluteString], cwd: dir)
                #expect(FileManager.default.fileExists(atPath: png.path), "no screenshot: \(shot)")
                let printed = CLI.run([chromium] + flags + ["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", html.absoluteString], cwd: dir)
                #expect(FileManager.default.fileExists(atPath: pdf.path), "no PDF: \(printed)")

                let blank = CLI.run([python, "-c", Self.pngCheck, png.path], cwd: dir)
                #expect(blank.status == 0, "\(name).png looks blank: \(blank)")
                let text = CLI.run([pdftotext, pdf.path, "-"], cwd: dir)
                #expect(text.status == 0, "\(text)")
                #expect(text.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == verdict }, "\(name).pdf does not say \(verdict) on a line of its own")
                #expect(text.stdout.replacingOccurrences(of: "\n", with: "").contains(String(fingerprint.prefix(32))), "\(name).pdf lacks the fingerprint")
                #expect(text.stdout.contains("Every check") && text.stdout.contains("Verify it again"), "\(name).pdf lacks sections")
                // A long code may wrap after one of its dots, and only there.
                if name == "fail" { #expect(text.stdout.replacingOccurrences(of: ".\n", with: ".").contains("bag.manifest.sha256.mismatch")) }
            }
        }
    }

    @Test("self-contained, with the chain, depth maps and custody, and every string from the package escaped")
    func content() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let made = CLI.rial(["report", package.path, "-o", "report.html", "--quiet"], cwd: dir)
            #expect(made.status == 0, "\(made)")
            let html = try Fixture.text(dir.appendingPathComponent("report.html"))
            for absent in ["<script", "src=", "href=", "http://", "url(", "@import"] {
                #expect(!html.contains(absent), "the report must need nothing else: found \(absent)")
            }
            #expect(html.contains("<p class=\"big\">VERIFIED</p>") && !html.contains("NOT VERIFIED"))
            for present in ["The frame hash chain", "Depth keyframes", "<figure>", "Chain of custody", "RECORDING_START", "Every check", "sha256sum -c manifest-sha256.txt"] {
                #expect(html.contains(present), "missing \(present)")
            }
            // `verify --format html` is the same report.
            let verified = CLI.rial(["verify", package.path, "--format", "html", "--quiet"], cwd: dir)
            #expect(verified.status == 0 && verified.stdout.contains("<p class=\"big\">VERIFIED</p>") && verified.stdout.contains("<figure>"), "\(verified.stderr)")

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
