import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier
@testable import RialReport

/// The court report's words and print markup: tokens kept whole, digests breakable only between
/// groups of 16, the verifier's jargon said in words, and strings from the package (a case
/// field, a file name in the print header) unable to escape their element or the stylesheet.
@Suite("Court report text")
struct CourtReportTextTests {
    static let digest = "aaf8c0f27b60139a6e61a50ea85cc9691dffc7cb5f52b1bfee868376dfb9da18"

    /// A quote or `<` followed by a combining mark is one Swift character: escaped character by
    /// character, it went out as it was.
    @Test("every & < > \" ' is an entity, a combining mark after it or not")
    func markupCharactersAreEntities() {
        let escaped = HTMLReportRenderer.html("a\"\u{301}b<\u{301}c>\u{301}d&\u{301}e'\u{301}f")
        #expect(!escaped.unicodeScalars.contains { "\"<>'".unicodeScalars.contains($0) }, "\(escaped)")
        #expect(escaped == "a&quot;\u{301}b&lt;\u{301}c&gt;\u{301}d&amp;\u{301}e&#39;\u{301}f")
    }

    @Test("a digest is four unbreakable groups of 16 with a break opportunity only between them")
    func digestGroups() {
        let markup = HTMLText.digest(Self.digest)
        #expect(markup.components(separatedBy: "<wbr>").count == 4)
        #expect(markup.contains("<span class=\"nw\">aaf8c0f27b60139a</span><wbr><span class=\"nw\">6e61a50ea85cc969</span>"))
    }

    @Test("prose keeps dates, codes and ids whole, groups digests even inside punctuation, and leaves long words breakable")
    func prose() {
        let markup = HTMLText.prose("event 8 (SHA-256 \(Self.digest)): custody.link.broken at 2026-01-15T10:30:01.125Z, \(String(repeating: "x", count: 60))")
        #expect(markup.contains("<span class=\"nw\">custody.link.broken</span>"))
        #expect(markup.contains("<span class=\"nw\">2026-01-15T10:30:01.125Z,</span>"))
        #expect(markup.contains(" <span class=\"mono hash\"><span class=\"nw\">aaf8c0f27b60139a</span><wbr>"))
        #expect(markup.contains("dfb9da18</span></span>):"))
        #expect(markup.contains(" " + String(repeating: "x", count: 60)), "a 60-character word may wrap")
        #expect(HTMLText.prose("<b>&").contains("&lt;b&gt;&amp;"))
    }

    @Test("a CSS string for the print header escapes everything that could end it or the style element")
    func cssString() {
        let css = CourtReportStyle.string("x\"</style><script>\\\u{202E}é")
        #expect(!css.dropFirst().dropLast().contains("\""))
        #expect(!css.contains("<") && !css.contains(">"))
        #expect(css.hasPrefix("\"x\\22 \\3c /style\\3e \\3c script\\3e \\5c \\5c u\\7b 202e\\7d \\e9 \""))
    }

    @Test("failures are said in words, by what they mean for the evidence")
    func meanings() {
        #expect(FailureMeaning.of(CheckResult.Code.payloadManifest(.sha256).mismatch).contains("changed or damaged after packing"))
        #expect(FailureMeaning.of(.rialManifestFileMissing).contains("it was removed"))
        #expect(FailureMeaning.of(CheckResult.Code.payloadManifest(.sha512).unlisted).contains("it was added later"))
        #expect(FailureMeaning.of(.chainLinkBroken).contains("frame hash chain breaks here"))
        #expect(FailureMeaning.of(.custodySignerUntrusted).contains("does not chain to any trust anchor"))
        #expect(FailureMeaning.of(.custodySignatureFileMalformed).contains("signature does not hold"))
        #expect(FailureMeaning.of(.custodyTruncated).contains("removed from the end"))
        #expect(FailureMeaning.of(CheckResult.Code("no.such.code")).contains("A check failed"))
    }

    @Test("signature states, disclosure levels and genTime in plain words; unsigned is never \"missing\"")
    func plainWords() {
        #expect(PlainWords.signature(.missing) == "not signed")
        #expect(PlainWords.signature(.validTrusted) == "signed, signer trusted")
        #expect(
            PlainWords.disclosure(.full) == [
                "Exact location disclosed.", "Exact time of capture disclosed.", "Device model, operating system and app version disclosed.",
            ])
        #expect(
            PlainWords.disclosure(PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .none))
                == ["Only the city and country disclosed, not the exact location.", "Only the day of capture disclosed, not the time.", "Device withheld."])
        #expect(
            PlainWords.finding("certificates judged at X, the trusted timestamp's genTime")
                == "certificates judged at X, the time stated by the trusted time-stamping authority")
        #expect(!PlainWords.finding("valid at genTime 2026; genTime 2027").contains("genTime"))
    }

    @Test("a failed report's first section after the verdict is what failed and where; case fields and settings escaped")
    func failuresFirst() {
        let hostile = "<script>alert(1)</script>\u{202E}"
        let report = VerificationReport(
            subjectPath: "case.rialpkg", subjectKind: .package, verifiedAt: Timestamp(seconds: 0), packageID: "case-1", manifestSHA256: Self.digest,
            checks: [
                .pass(.bagDeclaration, "bagit.txt", "fine"),
                .fail(.payloadManifest(.sha256).mismatch, "data/frames/frame_000007.raw", "SHA-256 differs"),
                .fail(.payloadManifest(.sha512).mismatch, "data/frames/frame_000007.raw", "SHA-512 differs"),
                .fail(.chainLinkBroken, "frame 7", "broken"),
            ],
            caseFields: CaseFields(BagInfo(fields: [.init("Payload-Oxum", "1.1"), .init("Bag-Group-Identifier", hostile), .init("X-Note", hostile)])),
            settings: VerificationSettings(policy: VerificationPolicy(custodyHead: Self.digest), verificationTime: Timestamp(seconds: 0))
        )
        let html = HTMLReportRenderer.render(report, overview: nil)
        let verdict = html.range(of: "class=\"verdict fail\"")
        let failures = html.range(of: "What failed, and where")
        let identity = html.range(of: "<h2>The package</h2>")
        #expect(verdict != nil && failures != nil && identity != nil)
        if let verdict, let failures, let identity { #expect(verdict.upperBound < failures.lowerBound && failures.upperBound < identity.lowerBound) }
        // One line for the file (two codes), one for the frame.
        #expect(FailureSummary(report).lines.map(\.codes.count) == [2, 1])
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u{202e}"))
        #expect(!html.contains("Payload-Oxum"), "reserved fields are not case fields")
        #expect(html.contains("Not checked: no --custody-head") == false && html.contains("Custody head</th><td>Checked"))
        #expect(html.contains("<title>Verification report: package case-1</title>"))
        #expect(html.contains("@top-left{content:\"Evidence package case-1\""))
    }
}
