import Foundation
import RialTestSupport
import Testing

/// README.txt on packages made from the capture app's export as it comes
/// (`Tests/Fixtures/AppExport/make-app-exports.sh`): step 9 holds the app's SHA-256, SHA-512 and
/// RFC 3161 tokens against the media with `sha256sum -c`, `sha512sum -c` and `openssl ts
/// -verify`, reading the values out of the app's manifest in the package; step 8 holds the
/// custody log to time order. Each twin's bytes are intact since packing, so steps 1 to 7 stay
/// quiet on it: only the step about what it breaks may fail, and it must.
extension ReadmeProcedureTests {
    /// An export, packed, and the step that must catch what is wrong with it (none for an
    /// intact one).
    enum AppKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case flat
        case flatISO = "flat-iso"
        case rich
        case sha512Token = "flat-sha512-token"
        case noToken = "flat-no-token"
        case mediaChanged = "media-changed"
        case digestWrong = "digest-wrong"
        case digest512Wrong = "digest512-wrong"
        case tokenOtherBytes = "token-other-bytes"
        case tokenUntrusted = "token-untrusted"
        case custodyReordered = "custody reordered"

        var testDescription: String { rawValue }

        /// The step that must print a failure, and why; `nil` for an intact export.
        var tamper: (step: Int, what: String)? {
            switch self {
            case .flat, .flatISO, .rich, .sha512Token, .noToken: nil
            case .mediaChanged: (9, "the media's last byte flipped after the app hashed and stamped it, packed with --keep-as-received")
            case .digestWrong: (9, "the app's sha256Hash one hex digit off, packed with --keep-as-received")
            case .digest512Wrong: (9, "the app's sha512Hash one hex digit off, packed with --keep-as-received")
            case .tokenOtherBytes: (9, "a genuine token over other bytes than the media")
            case .tokenUntrusted: (9, "a token from a TSA of another hierarchy")
            case .custodyReordered: (8, "the app's custody log with its 2nd and 3rd events swapped")
            }
        }

        var tokenCount: Int { self == .noToken ? 0 : 1 }

        /// Packs the variant from `exports` (the custody twin is made here from `flat`).
        func make(from exports: URL, in dir: URL) throws -> URL {
            var source = exports.appendingPathComponent(rawValue)
            var options: [String] = []
            switch self {
            case .mediaChanged, .digestWrong, .digest512Wrong: options = ["--keep-as-received"]
            case .custodyReordered:
                source = dir.appendingPathComponent("reordered")
                try FileManager.default.copyItem(at: exports.appendingPathComponent("flat"), to: source)
                try Self.swapSecondAndThirdEvent(of: source.appendingPathComponent("recording_1764000000.custody_log.json"))
            default: break
            }
            let package = dir.appendingPathComponent("package.rialpkg")
            let packed = CLI.rial(["pack", source.path, "-o", package.path, "--quiet"] + options, cwd: dir)
            try #require(packed.status == 0, "\(self): rial pack \(packed)")
            return package
        }

        /// Swaps events 2 and 3 of an app custody log in JSONEncoder's pretty form, bytes of
        /// each event unchanged.
        static func swapSecondAndThirdEvent(of log: URL) throws {
            let separator = "\n  },\n  {\n"
            var events = try Fixture.text(log).components(separatedBy: separator)
            try #require(events.count == 5, "the app's custody log has \(events.count) events")
            events.swapAt(1, 2)
            try Data(events.joined(separator: separator).utf8).write(to: log)
        }
    }

    @Test(arguments: AppKind.allCases)
    func recipeChecksTheCaptureAppsClaims(_ kind: AppKind) throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let anchor = exports.appendingPathComponent("pki/root-ca.pem").path
            let package = try kind.make(from: exports, in: dir)
            let (verified, report) = try Sealing.verify(package, ["--tsa-trust", anchor], cwd: dir)
            if kind == .tokenUntrusted {
                // A TSA the examiner gave no root for is provenance not established, not a failure:
                // rial passes, naming it; the README's openssl step fails with a certificate error.
                #expect(verified.status == 0 && report.checks("app.timestamp").first?.status == "not_checked", "\(kind): rial verify \(verified)")
            } else {
                #expect((verified.status == 0) == (kind.tamper == nil), "\(kind): rial verify \(verified)")
            }

            let run = try follow(package, anchor: anchor, in: dir, steps: Array(1...9))
            let media = AppExportFiles.media
            for step in 1...9 where step != kind.tamper?.step {
                #expect(!run.failed(step) && !run.erred(step), "\(kind): step \(step): \(run.step(step))\n\(run)")
            }
            #expect(run.step(8).contains("in time order") == (kind != .custodyReordered), "\(run)")
            guard let tamper = kind.tamper else {
                #expect(run.step(9).components(separatedBy: "\(media): OK").count - 1 == 2, "both app digests: \(run)")
                #expect(run.step(9).components(separatedBy: "Verification: OK").count - 1 == kind.tokenCount, "\(run)")
                #expect(run.step(9).contains("token 1:") == (kind.tokenCount == 1), "\(run)")
                #expect(kind.tokenCount > 0 || run.step(9).split(separator: "\n").last == "0", "no token: grep -c prints 0: \(run)")
                return
            }
            #expect(run.failed(tamper.step), "\(kind): step \(tamper.step) did not catch \(tamper.what)\n\(run)")
            let step9 = run.step(9)
            switch kind {
            case .mediaChanged:
                #expect(step9.contains("\(media): FAILED") && step9.contains("sha256Hash: FAILED") && step9.contains("sha512Hash: FAILED"), "\(run)")
                #expect(step9.contains("Verification: FAILED") && step9.contains("message imprint mismatch"), "\(run)")
            case .digestWrong:
                #expect(step9.contains("sha256Hash: FAILED") && !step9.contains("sha512Hash: FAILED") && step9.contains("Verification: OK"), "\(run)")
            case .digest512Wrong:
                #expect(!step9.contains("sha256Hash: FAILED") && step9.contains("sha512Hash: FAILED") && step9.contains("Verification: OK"), "\(run)")
            case .tokenOtherBytes:
                #expect(!step9.contains("Hash: FAILED") && step9.contains("message imprint mismatch"), "\(run)")
            case .tokenUntrusted:
                #expect(!step9.contains("Hash: FAILED") && step9.contains("Verification: FAILED") && !step9.contains("imprint mismatch"), "\(run)")
            case .custodyReordered:
                #expect(run.step(8).contains("time order: FAILED") && run.step(8).contains("disorder"), "\(run)")
            default: break
            }
        }
    }

    /// A package without the app's manifest (rial's layout) has no step 9
    /// (`ReadmeTextTests` covers the media withheld).
    @Test func noStepNineWithoutTheAppsManifest() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let readme = dir.appendingPathComponent("README.txt")
            try Sealing.extract("README.txt", of: package, to: readme)
            #expect(Recipe(try Fixture.text(readme)).steps.map(\.number) == Array(1...8))
        }
    }
}
