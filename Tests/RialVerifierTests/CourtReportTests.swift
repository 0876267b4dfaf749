import Foundation
import RialReport
import RialTestSupport
import Testing
@testable import RialVerifier

/// The court report rendered in process (Verifier.courtReport and HTMLReportRenderer, what
/// `rial report` writes), checked as a person would see it and print it: rendered by headless
/// Chromium (Debian's `chromium`) to a PNG and printed to PDF on A4 and on Letter, for a sealed,
/// timestamped package with custody hand-overs and for a tampered copy, then read back with
/// poppler (`pdftotext`, `pdfinfo`). The PNGs and PDFs are kept in
/// .build/test-artefacts/court-report/ to look at. `rial report`'s exit statuses are end-to-end
/// tests in RialCLITests' CourtReportTests.
@Suite("Court report (library)")
struct CourtReportTests {
    static let artefacts = OutsideOracle.repoRoot.appendingPathComponent(".build/test-artefacts/court-report")

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

    enum Case: String, CaseIterable, Sendable {
        case sealed, tampered
    }

    /// What the checks below read of the report, from the JSON report (`rial verify --format json`).
    struct CourtFacts {
        struct Anchor {
            let subject: String, sha256Fingerprint: String, option: String?, file: String?
        }
        let verdict: VerificationReport.Verdict
        let packageID: String?
        let manifestSHA256: String?
        let subjectPath: String
        let anchors: [Anchor]
        let toolVersion: String
        let codes: [String]
        let eventTokens: [String]
        let genTime: String?
        let digests: [String]

        init(_ report: VerificationReport) throws {
            let json = try report.jsonObject()
            verdict = report.verdict
            packageID = json["package_id"] as? String
            manifestSHA256 = json["manifest_sha256"] as? String
            subjectPath = (json["subject"] as? [String: Any])?["path"] as? String ?? ""
            let settings = json["settings"] as? [String: Any]
            anchors = (settings?["trust_anchors"] as? [[String: Any]] ?? []).map {
                Anchor(
                    subject: $0["subject"] as? String ?? "", sha256Fingerprint: $0["sha256_fingerprint"] as? String ?? "", option: $0["option"] as? String,
                    file: $0["file"] as? String)
            }
            toolVersion = settings?["tool_version"] as? String ?? ""
            codes = (json["checks"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            let custody = json["custody"] as? [String: Any]
            let events = custody?["events"] as? [[String: Any]] ?? []
            eventTokens = events.compactMap { $0["timestamp"] as? String } + events.compactMap { $0["action"] as? String }
            genTime = (json["timestamp"] as? [String: Any])?["gen_time"] as? String
            let signer = ((json["seal"] as? [String: Any])?["signer"] as? [String: Any])?["sha256_fingerprint"] as? String
            let head = (custody?["head"] as? [String: Any])?["sha256"] as? String
            digests = [manifestSHA256, signer, head].compactMap { $0 } + anchors.map(\.sha256Fingerprint)
        }
    }

    /// A directory with a short name without hyphens (the report prints the package's path in
    /// its repeat command, and a long one may wrap).
    static func withShortDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let dir = URL(fileURLWithPath: "/tmp/court\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try body(dir)
    }

    @Test(
        "printed by headless Chromium on A4 and Letter: case fields, settings, page 1 says what failed and where, no token broken, every page numbered and naming the package",
        .requires(.tsa), arguments: Case.allCases)
    func printed(_ which: Case) throws {
        let python = try OutsideOracle.python()
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        try Self.withShortDirectory { dir in
            let fixture = try CourtReportFixture.make(in: dir)
            let input = which == .sealed ? fixture.package : try fixture.tampered(in: dir)
            let (court, overview) = Verifier(policy: fixture.policy).courtReport(for: input.path)
            #expect(court.verdict == (which == .sealed ? .pass : .fail), "\(court.failures)")
            let page = HTMLReportRenderer.render(court, overview: overview)
            let html = dir.appendingPathComponent("\(which).html")
            try Data(page.utf8).write(to: html)
            let report = try CourtFacts(LibraryFixture.verify(input, policy: fixture.policy))

            let png = Self.artefacts.appendingPathComponent("library-\(which).png")
            try ChromiumPrint.screenshot(html, to: png, profile: dir.appendingPathComponent("chromium-png"))
            let blank = Subprocess.execute([python, "-c", Self.pngCheck, png.path], cwd: dir)
            #expect(blank.status == 0, "\(which).png looks blank: \(blank)")

            for paper in ChromiumPrint.Paper.allCases {
                let pdf = Self.artefacts.appendingPathComponent("library-\(which)-\(paper.rawValue).pdf")
                try ChromiumPrint.printPDF(html, paper: paper, to: pdf, profile: dir.appendingPathComponent("chromium-\(paper.rawValue)"))
                let info = try ChromiumPrint.info(pdf)
                #expect(info.size.hasSuffix(paper.pdfinfoName), "\(which) on \(paper): page size \(info.size)")
                #expect(info.pages >= 3, "\(which) on \(paper): \(info.pages) pages")
                let context = "\(which) on \(paper)"
                try Self.expectVerdictAndFingerprint(pdf, report: report, context: context)
                try Self.expectCaseAndSettings(pdf, fixture: fixture, report: report, context: context)
                if which == .tampered { try Self.expectFirstPageSaysWhatFailed(pdf, context: context) }
                try Self.expectNoTokenBroken(pdf, html: page, report: report, context: context)
                try Self.expectEveryPageHeaded(pdf, pages: info.pages, packageID: try #require(report.packageID), context: context)
            }
        }
    }

    static func expectVerdictAndFingerprint(_ pdf: URL, report: CourtFacts, context: String) throws {
        let text = try ChromiumPrint.text(pdf)
        let verdict = report.verdict == .pass ? "VERIFIED" : "FAILED"
        let onItsOwn = text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == verdict }
        #expect(onItsOwn, "\(context): \(verdict) not on a line of its own")
        let fingerprint = try #require(report.manifestSHA256)
        // The fingerprint may wrap only between its groups of 16 digits.
        let whole = text.replacingOccurrences(of: "\n", with: "").contains(fingerprint)
        #expect(whole, "\(context): the fingerprint is not whole")
        for section in ["Every check", "Verify it again", "Chain of custody", "How it was verified", "The case"] {
            let present = text.contains(section)
            #expect(present, "\(context): no section \(section)")
        }
    }

    /// The case fields of bag-info.txt, and everything a second examiner needs to repeat the
    /// verification: each anchor with its role, subject, fingerprint and file, the requirements,
    /// the custody head checked, the version, and the command line.
    static func expectCaseAndSettings(_ pdf: URL, fixture: CourtReportFixture, report: CourtFacts, context: String) throws {
        let text = ChromiumPrint.collapsed(try ChromiumPrint.text(pdf))
        for expected in [
            CourtReportFixture.caseNumber, CourtReportFixture.organisation, CourtReportFixture.description,
            CourtReportFixture.contact.label, CourtReportFixture.contact.value,
        ] {
            let present = text.contains(expected)
            #expect(present, "\(context): no case field \(expected)")
        }
        #expect(report.anchors.count == 3)
        for anchor in report.anchors {
            let subject = text.contains(ChromiumPrint.collapsed(anchor.subject))
            #expect(subject, "\(context): anchor \(anchor.subject)")
            let fingerprint = text.replacingOccurrences(of: " ", with: "").contains(anchor.sha256Fingerprint)
            #expect(fingerprint, "\(context): anchor fingerprint \(anchor.sha256Fingerprint)")
            let origin = text.contains("given as \(anchor.option ?? "?") \(anchor.file ?? "?")")
            #expect(origin, "\(context): where anchor \(anchor.file ?? "?") was given")
        }
        for expected in [
            "Trusted for signers of the seal and of custody events", "Trusted for time-stamping authorities",
            "Seal required Yes (--require-seal)", "Timestamp required Yes (--require-timestamp)",
            "Custody head Checked", "Software rial \(report.toolVersion)", "rial verify \(report.subjectPath)",
        ] {
            let present = text.contains(expected)
            #expect(present, "\(context): settings lack \"\(expected)\"")
        }
        let head = text.replacingOccurrences(of: " ", with: "").contains("--custody-head" + fixture.custodyHead)
        #expect(head, "\(context): the command line lacks the custody head")
        // The custody table in plain words: the signer's identity, the place, never "missing".
        for expected in [
            "not signed", "signed, signer trusted", "certificate of Other Investigator (TEST ONLY), Rial TEST ONLY", "County Lab, intake",
            "the time stated by the time-stamping authority", "Exact location disclosed.", "San Francisco, US",
        ] {
            let present = ChromiumPrint.containsInOrder(expected, in: text)
            #expect(present, "\(context): lacks \"\(expected)\"")
        }
        for jargon in ["valid-trusted", "valid-untrusted", "genTime", "location=precise", "missing"] {
            let said = text.contains(jargon)
            #expect(!said, "\(context): says \(jargon)")
        }
    }

    /// The first page says what failed, where (file, frame, custody event) and what it means.
    static func expectFirstPageSaysWhatFailed(_ pdf: URL, context: String) throws {
        let first = ChromiumPrint.collapsed(try ChromiumPrint.text(pdf, page: 1))
        for expected in [
            "What failed, and where",
            "data/frames/frame_000007.raw", "changed or damaged after packing", "bag.manifest.sha256.mismatch",
            "frame 7", "The frame hash chain breaks here", "chain.link.broken",
            "custody event 8", "rial/custody/000008.json", "The chain of custody events is broken here", "custody.link.broken",
            "rial/custody/000007.json", "bag.tagmanifest.sha256.mismatch",
        ] {
            let present = first.contains(expected)
            #expect(present, "\(context): page 1 lacks \"\(expected)\"")
        }
    }

    /// Every token a reader compares or cites is whole on one printed line, everywhere the page
    /// shows it: each occurs as often on the PDF's lines (`pdftotext -layout`) as in the page's
    /// text. A token broken across lines occurs once less. A digest may wrap between its groups
    /// of 16 hex digits, so each group is a token.
    static func expectNoTokenBroken(_ pdf: URL, html: String, report: CourtFacts, context: String) throws {
        let lines = ChromiumPrint.bodyLines(try ChromiumPrint.text(pdf, layout: true))
        let shown = ChromiumPrint.visibleText(html)
        var tokens: Set<String> = ["NOT PRESENT", "NOT CHECKED", CourtReportFixture.caseNumber, try #require(report.packageID)]
        tokens.formUnion(report.codes)
        tokens.formUnion(report.eventTokens)
        tokens.formUnion([report.genTime].compactMap { $0 })
        for digest in report.digests {
            tokens.formUnion(stride(from: 0, to: digest.count, by: 16).map { String(digest.dropFirst($0).prefix(16)) })
        }
        for token in tokens.sorted() {
            let expected = ChromiumPrint.occurrences(of: token, in: shown)
            let printed = lines.reduce(0) { $0 + ChromiumPrint.occurrences(of: token, in: $1) }
            #expect(expected > 0, "\(context): the page never shows \(token)")
            if printed != expected {
                Issue.record("\(context): \(token) is shown \(expected) times but whole on a printed line \(printed) times")
            }
        }
    }

    /// Every page's header names the package and its footer says "page n of m".
    static func expectEveryPageHeaded(_ pdf: URL, pages: Int, packageID: String, context: String) throws {
        for number in 1...pages {
            let text = try ChromiumPrint.text(pdf, page: number, layout: true)
            let named = text.contains("Evidence package \(packageID)")
            #expect(named, "\(context): page \(number) does not name the package")
            let numbered = text.contains("page \(number) of \(pages)")
            #expect(numbered, "\(context): page \(number) is not numbered \"page \(number) of \(pages)\"")
        }
    }

    @Test("self-contained, with the chain, depth maps and custody, and every string from the package escaped")
    func content() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
            let (report, overview) = Verifier(policy: VerificationPolicy()).courtReport(for: package.path)
            #expect(report.verdict == .pass, "\(report.failures)")
            let html = HTMLReportRenderer.render(report, overview: overview)
            for absent in ["<script", "src=", "href=", "http://", "url(", "@import"] {
                #expect(!html.contains(absent), "the report must need nothing else: found \(absent)")
            }
            // Unsealed: consistent with its own manifests, which is all the headline may claim.
            #expect(
                html.contains("<p class=\"big\">INTERNALLY CONSISTENT</p>") && !html.contains("NOT VERIFIED") && html.contains("anyone could have rebuilt it"))
            for present in [
                "The frame hash chain", "Depth keyframes", "<figure>", "Chain of custody", "RECORDING_START", "Every check", "sha256sum -c manifest-sha256.txt",
            ] {
                #expect(html.contains(present), "missing \(present)")
            }

            // A name that would be markup, a terminal escape and a bidi override.
            let hostile = dir.appendingPathComponent("<script>alert(1)&'\"\u{1B}[2J\u{202E}gpj.rialpkg")
            try Data("not an archive".utf8).write(to: hostile)
            let (refused, none) = Verifier(policy: VerificationPolicy()).courtReport(for: hostile.path)
            #expect(refused.verdict == .error)
            let page = HTMLReportRenderer.render(refused, overview: none)
            #expect(page.contains("<p class=\"big\">NOT VERIFIED</p>"))
            #expect(!page.contains("<script>") && page.contains("&lt;script&gt;alert(1)&amp;&#39;&quot;"))
            #expect(!page.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
            #expect(page.contains("\\u{202e}gpj.rialpkg"))
        }
    }

    @Test("the media itself: what the media libraries read, as ffprobe reads it; media not examined is said, not hidden")
    func mediaSection() throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir)
            let package = try LibraryFixture.pack(capture, in: dir)
            let (report, overview) = Verifier(policy: VerificationPolicy()).courtReport(for: package.path)
            #expect(report.verdict == .pass, "\(report.failures)")
            let html = HTMLReportRenderer.render(report, overview: overview)
            // The outside oracle: ffprobe over the sample's own video.
            let probe = Subprocess.execute(
                [
                    "ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                    "stream=codec_name,width,height,nb_read_frames", "-of", "default=noprint_wrappers=1",
                    capture.appendingPathComponent("media/capture.mov").path,
                ], cwd: dir)
            try #require(probe.status == 0, "ffprobe is installed by scripts/install-deps.sh --with-oracles: \(probe)")
            var stream: [String: String] = [:]
            for line in probe.output.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { stream[parts[0]] = parts[1] }
            }
            let section = try #require(html.range(of: "<h2>The media itself</h2>").map { String(html[$0.lowerBound...].prefix(4000)) }, "no media section")
            #expect(section.contains("data/media/capture.mov"))
            for fact in [
                stream["codec_name"] ?? "?", "encoded \(stream["width"] ?? "?")×\(stream["height"] ?? "?")", "\(stream["nb_read_frames"] ?? "?") frames",
            ] {
                #expect(section.contains(fact), "\(fact) not in \(section)")
            }
            #expect(section.contains("Embedded location</th><td>none"), "\(section)")
            #expect(section.contains("never extracted"))

            var noMedia = VerificationPolicy()
            noMedia.examinesMedia = false
            let (skipped, skippedOverview) = Verifier(policy: noMedia).courtReport(for: package.path)
            #expect(skipped.verdict == .pass, "\(skipped.failures)")
            let skippedPage = HTMLReportRenderer.render(skipped, overview: skippedOverview)
            #expect(
                skippedPage.contains("<h2>The media itself</h2><p>Not examined: the media was not ") && skippedPage.contains("--no-examine-media"),
                "\(skippedPage.prefix(200))")
        }
    }
}
