import Foundation
import Testing
import RialFormat
@testable import RialVerifier
@testable import RialReport

/// The renderer on reports made in process: which findings become results, an unreadable
/// custody event, strings from a package escaped, and no graph without a package id.
@Suite("CASE renderer")
struct CASERendererTests {
    static func report(packageID: String?, checks: [CheckResult], custody: CustodySummary? = nil) -> VerificationReport {
        VerificationReport(
            subjectPath: "x.rialpkg", subjectKind: .package, verifiedAt: Timestamp(seconds: 1_900_000_000),
            packageID: packageID, manifestSHA256: nil, checks: checks, custody: custody)
    }

    static func text(_ report: VerificationReport, files: [CASEExport.File] = []) throws -> String {
        let export = CASEExport(report: report, overview: nil, root: "pkg-1", files: files, packageFile: nil)
        let bytes = try #require(try CASERenderer.bytes(export, includesVerification: true))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func onlyFailedAndNotCheckedFindingsAreResults() throws {
        let checks: [CheckResult] = [
            .pass(.bagDeclaration, "bagit.txt", "fine"), .fail(.archiveLayout, "data/a", "broken", expected: "e", actual: "a"),
            .notChecked(.archiveLayoutNoRoot, "data/b", "not looked at"), .notPresent(.archiveLimitTagFileSize, "c", "absent"),
        ]
        let text = try Self.text(Self.report(packageID: "pkg-1", checks: checks))
        #expect(text.contains("\"uco-core:name\": \"archive.layout\"") && text.contains("\"subject: data/a; expected: e; actual: a\""))
        #expect(text.contains("\"uco-core:name\": \"archive.layout.no-root\"") && text.contains("\"NOT CHECKED\""))
        #expect(!text.contains("\"uco-core:name\": \"bag.declaration\"") && !text.contains("archive.limit.tag-file-size"))
        #expect(text.contains("\"uco-action:actionStatus\": \"Fail\""))
        #expect(text.contains("\"@value\": \"2030-03-17T17:46:40Z\""), "start and end time are the verification time")
    }

    @Test func noPackageIDNoGraph() throws {
        let export = CASEExport(report: Self.report(packageID: nil, checks: []), overview: nil, root: nil, files: [], packageFile: nil)
        #expect(try CASERenderer.bytes(export, includesVerification: false) == nil)
    }

    @Test func anUnreadableEventIsAnActionSayingSo() throws {
        let entry = CustodyEntry(
            seq: 3, path: "rial/custody/000003.json", sha256: nil, event: nil, signature: .invalid,
            signaturePath: "rial/custody/000003.p7s", signerSubject: nil, signerCommonName: nil, signerOrganization: nil,
            problems: ["custody.event.parse"])
        let file = CASEExport.File(path: "rial/custody/000003.json", size: 4, sha256: String(repeating: "a", count: 64), sha512: nil)
        let text = try Self.text(
            Self.report(packageID: "pkg-1", checks: [], custody: CustodySummary(state: .broken, entries: [entry], firstBrokenSeq: 3)), files: [file])
        #expect(text.contains("\"custody event 3 (unreadable)\""))
        #expect(text.contains("\"uco-observable:signatureExists\": true") && text.contains("\"uco-observable:signatureVerified\": false"))
        #expect(!text.contains("SHA512"), "a digest not computed is not written")
    }

    @Test func packageStringsAreEscaped() throws {
        let check = CheckResult.fail(.archiveLayout, "data/evil\u{202E}gpj.mov", "bad \u{1B}[2J")
        let text = try Self.text(Self.report(packageID: "pkg-1", checks: [check]))
        #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" })
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["@graph"] != nil, "still JSON")
    }
}
