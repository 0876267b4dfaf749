import Foundation
import Testing
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// `--keep-as-received` (``PackageOptions/keepAsReceived``) covers every refusal about what the
/// export holds (SPEC §2.1, "Kept as received"), packed and verified in-process: each one-change twin of the `rich` export (the fixtures script's, written the
/// way the app writes it) is refused with a message naming the file and what is wrong with
/// it, and packed as received with the option: every file byte for byte, one warning, and
/// verification failing it with the check named, at the file's path.
@Suite("exports received broken: refused with the file and the problem, or kept as received and failed (library)")
struct AppExportKeptAsReceivedTests {
    static let base = "recording_1764000000"
    static let manifest = "data/capture/\(base).manifest.json"
    static let custodyLog = "data/capture/\(base).custody_log.json"
    static let metadata = "data/capture/\(base).metadata.json"

    /// One thing broken in a copy of `rich`.
    struct Twin: Sendable, CustomTestStringConvertible {
        let name: String
        /// The file changed, relative to the export.
        let file: String
        let change: @Sendable (URL) throws -> Void
        /// What the refusal and the warning say about the file.
        let problem: String
        /// Every check verification fails, at `subject`.
        let failures: Set<String>
        let code: String
        let subject: String

        var testDescription: String { name }
    }

    /// Replaces `old` (which must occur) with `new` in the file at `url`.
    static func edit(_ url: URL, _ old: String, _ new: String) throws {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        try #require(text.contains(old), "\(url.lastPathComponent) has no \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    static let twins: [Twin] = [
        Twin(
            name: "a line break in a custody entry's details", file: "\(base).custody_log.json",
            change: { try edit($0, "Recording stopped after", "Recording stopped\\nafter") },
            problem: "[1].details contains a control character (line breaks included)",
            failures: ["custody.import.unreadable"], code: "custody.import.unreadable", subject: custodyLog),
        Twin(
            name: "the media is 0 bytes", file: "\(base).mp4",
            change: { try Data().write(to: $0) },
            problem: "\(base).mp4 is 0 bytes: the recording is empty",
            failures: ["media.unsupported", "app.media.sha256.mismatch", "app.media.sha512.mismatch", "app.media.size.mismatch", "app.timestamp.imprint"],
            code: "media.unsupported", subject: "data/media/\(base).mp4"),
        Twin(
            name: "the media's first 12 bytes are zeros", file: "\(base).mp4",
            change: { url in
                var bytes = try Data(contentsOf: url)
                bytes.replaceSubrange(0..<12, with: [UInt8](repeating: 0, count: 12))
                try bytes.write(to: url)
            },
            problem: "\(base).mp4 does not begin like an MP4, QuickTime, HEIC or JPEG (its first bytes are 0000000000000000)",
            failures: ["media.unsupported", "app.media.sha256.mismatch", "app.media.sha512.mismatch", "app.timestamp.imprint"],
            code: "media.unsupported", subject: "data/media/\(base).mp4"),
        Twin(
            name: "a token wrapped at 64 columns, as PEM is", file: "\(base).manifest.json",
            change: { url in
                let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
                let start = try #require(text.range(of: "\"token\" : \""))
                let end = try #require(text[start.upperBound...].firstIndex(of: "\""))
                let token = text[start.upperBound..<end].replacingOccurrences(of: "\\/", with: "/")
                var lines: [String] = []
                var rest = Substring(token)
                while !rest.isEmpty { lines.append(String(rest.prefix(64))); rest = rest.dropFirst(64) }
                let wrapped = lines.joined(separator: "\\n").replacingOccurrences(of: "/", with: "\\/")
                try Data((text[..<start.upperBound] + wrapped + text[end...]).utf8).write(to: url)
            },
            problem: "timestampTokens[0].token is not base64 as the app writes it",
            failures: ["app.timestamp.malformed"], code: "app.timestamp.malformed", subject: manifest),
        Twin(
            name: "the manifest's sha512Hash key misspelt", file: "\(base).manifest.json",
            change: { try edit($0, "\"sha512Hash\"", "\"sha512hash\"") },
            problem: "\(base).manifest.json.sha512Hash is missing",
            failures: ["app.manifest.malformed"], code: "app.manifest.malformed", subject: manifest),
        Twin(
            name: "the metadata's frame_count a string", file: "\(base).metadata.json",
            change: { try edit($0, "\"frame_count\" : 180", "\"frame_count\" : \"180\"") },
            problem: "frame_count",
            failures: ["metadata.app.malformed"], code: "metadata.app.malformed", subject: metadata),
        Twin(
            name: "the metadata's type is audio", file: "\(base).metadata.json",
            change: { try edit($0, "\"type\" : \"video\"", "\"type\" : \"audio\"") },
            problem: "says type \"audio\"; the capture app records video or photo",
            failures: ["metadata.type.mismatch"], code: "metadata.type.mismatch", subject: metadata),
    ]

    /// `rich`, copied to `dir/twin` and changed.
    static func make(_ twin: Twin, in dir: URL) throws -> URL {
        let exports = try AppExportFiles.exports(in: dir)
        let export = dir.appendingPathComponent("twin")
        try FileManager.default.copyItem(at: exports.appendingPathComponent("rich"), to: export)
        try twin.change(export.appendingPathComponent(twin.file))
        return export
    }

    @Test("refused without --keep-as-received, naming the file and what is wrong with it", arguments: twins)
    func refused(_ twin: Twin) throws {
        try TemporaryDirectory.with { dir in
            let export = try Self.make(twin, in: dir)
            for plan in [false, true] {
                let refused = try #require(try AppExportFixture.refusal(export, in: dir, plan: plan))
                let said = refused.conciseDescription
                #expect(refused.code == .invalidCapture, "plan \(plan): \(refused)")
                #expect(said.contains("twin/\(twin.file)") && said.contains(twin.problem), "plan \(plan): \(said)")
                #expect(said.contains("add --keep-as-received") && said.contains(twin.code) && said.contains("[pack.invalid-capture]"), "plan \(plan): \(said)")
                // They did pack the folder the app exported.
                #expect(!said.contains("Pack the folder the capture app exported"), "\(said)")
            }
        }
    }

    @Test("kept as received: every file byte for byte, a warning, and verification fails it with its check at the file", arguments: twins)
    func kept(_ twin: Twin) throws {
        try TemporaryDirectory.with { dir in
            let export = try Self.make(twin, in: dir)
            let plan = try AppExportFixture.plan(export) { $0.keepAsReceived = true }
            let planned = plan.warnings.joined(separator: "\n")
            #expect(planned.contains(twin.problem) && planned.contains("packed as received"), "\(plan.warnings)")

            let (package, summary) = try AppExportFixture.pack(export, in: dir) { $0.keepAsReceived = true }
            let warned = summary.warnings.joined(separator: "\n")
            #expect(warned.contains("twin/\(twin.file)") && warned.contains(twin.problem), "\(summary.warnings)")
            #expect(warned.contains("Verification will report it (") && warned.contains(twin.code), "\(summary.warnings)")

            let report = try AppExportFixture.verify(package)
            #expect(report.verdict == .fail)
            #expect(report.has(twin.code, subject: twin.subject), "\(report.failures)")
            #expect(Set(report.failures.map(\.code.rawValue)) == twin.failures, "\(report.failures)")

            // Byte for byte: each file of the export is in the package (tar, the oracle, unpacks it), under the path the layout gives it.
            let root = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            for relative in TemporaryDirectory.regularFiles(export) {
                let inPackage =
                    relative.hasPrefix("depth/")
                    ? "data/" + relative
                    : relative.hasSuffix(".mp4") ? "data/media/" + relative : "data/capture/" + relative
                let packedBytes = try? Data(contentsOf: root.appendingPathComponent(inPackage))
                #expect(packedBytes == (try Data(contentsOf: export.appendingPathComponent(relative))), "\(relative) is not \(inPackage) byte for byte")
            }
        }
    }

    @Test("what --keep-as-received does not keep: two files named as media that are not, and what --privacy cannot filter")
    func notKept() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = dir.appendingPathComponent("twin")
            try FileManager.default.copyItem(at: exports.appendingPathComponent("rich"), to: export)
            try Data().write(to: export.appendingPathComponent("\(Self.base).mp4"))
            try Data().write(to: export.appendingPathComponent("recording_1764000099.mov"))
            let two = try #require(try AppExportFixture.refusal(export, in: dir, plan: true) { $0.keepAsReceived = true })
            #expect(two.code != .invalidOption, "pack exits 2 for it: \(two)")
            #expect(
                two.conciseDescription.contains("recording_1764000000.mp4 (0 bytes), recording_1764000099.mov (0 bytes)")
                    && two.conciseDescription.contains("not even with --keep-as-received"), "\(two.conciseDescription)")

            let metadata = dir.appendingPathComponent("metadata")
            try FileManager.default.copyItem(at: exports.appendingPathComponent("rich"), to: metadata)
            try Self.edit(metadata.appendingPathComponent("\(Self.base).metadata.json"), "\"frame_count\" : 180", "\"frame_count\" : \"180\"")
            let filtered = try #require(
                try AppExportFixture.refusal(metadata, in: dir, plan: true) {
                    $0.keepAsReceived = true
                    $0.privacy = try PrivacyLevels(parsing: "location=coarse")
                })
            let said = filtered.conciseDescription
            #expect(filtered.code != .invalidOption, "pack exits 2 for it: \(filtered)")
            #expect(said.contains("frame_count") && said.contains("not even with --keep-as-received") && !said.contains("add --keep-as-received"), "\(said)")
        }
    }
}
