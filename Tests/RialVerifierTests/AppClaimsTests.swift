import Foundation
import Testing
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// Every claim of the capture app's export answered (issue 29): exports written the way the app
/// writes them (`Tests/Fixtures/AppExport/make-app-exports.sh`), and one-change twins made here
/// by editing a copy of a generated variant. The authentication bundle of seed 004, an empty App
/// Attest assertion, and a walk over every key of every app file that fails on a key no result
/// names. Packed and verified in-process; sha256sum and openssl compute what the app computes.
@Suite("every claim of the app's export answered (library)")
struct AppClaimsTests {
    static let metadata = AppExportFiles.metadata
    static let bundle = "data/capture/bundle.json"

    /// A copy of the generated variant `base` as `name`, `edit` applied to the copy's folder.
    static func twin(_ base: String, _ name: String, _ exports: URL, edit: (URL) throws -> Void) throws {
        let copy = exports.appendingPathComponent(name)
        try FileManager.default.copyItem(at: exports.appendingPathComponent(base), to: copy)
        try edit(copy)
    }

    /// Replaces `old` by `new` in `file`, exactly once.
    static func replace(_ old: String, _ new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.components(separatedBy: old).count == 2, "\(old) is not in \(file.lastPathComponent) exactly once")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }

    static func packAndVerify(_ variant: String, _ exports: URL, in dir: URL) throws -> VerificationReport {
        let (package, _) = try AppExportFixture.pack(variant, exports, in: dir)
        return try AppExportFixture.verify(package)
    }

    // MARK: - An empty assertion (item 11)

    @Test(
        "an empty or null App Attest assertion is NOT PRESENT, not malformed; its twin with garbage still fails",
        arguments: [#""""#, "null"])
    func emptyAssertion(value: String) throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let metadataFile = "recording_1764000000.metadata.json"
            let assertion = try Self.assertionLine(exports.appendingPathComponent("rich/\(metadataFile)"))
            try Self.twin("rich", "empty-assertion", exports) {
                try Self.replace(assertion, "\"assertion\" : \(value),", in: $0.appendingPathComponent(metadataFile))
            }
            try Self.twin("rich", "garbage-assertion", exports) {
                try Self.replace(assertion, "\"assertion\" : \"AAAA\",", in: $0.appendingPathComponent(metadataFile))
            }
            let empty = try Self.packAndVerify("empty-assertion", exports, in: dir)
            #expect(empty.verdict == .pass, "\(empty.failures)")
            #expect(empty.checks("app.assertion.malformed").isEmpty)
            #expect(empty.has("metadata.attestation", subject: Self.metadata, status: .notPresent), "\(empty.checks("metadata.attestation"))")
            // The level the app states is its own claim, still NOT CHECKED beside it.
            #expect(empty.checks("metadata.attestation").contains { $0.status == .notChecked && $0.message.contains("attestation_level secure_enclave") })
            let garbage = try Self.packAndVerify("garbage-assertion", exports, in: dir)
            #expect(garbage.has("app.assertion.malformed", subject: Self.metadata), "\(garbage.failures)")
            #expect(!garbage.has("metadata.attestation", subject: Self.metadata, status: .notPresent))
        }
    }

    /// The metadata's `"assertion" : "…",` line as the fixtures script writes it.
    static func assertionLine(_ file: URL) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"assertion\" : ") })
        return line.trimmingCharacters(in: .whitespaces)
    }

    // MARK: - The authentication bundle (item 14)

    /// The bundle's values, written as the app's JSON (pretty, sorted keys, `/` escaped).
    struct Bundle {
        var imageHash: String
        var sealedBox: [UInt8] = (0..<92).map { UInt8(($0 * 37 + 11) % 256) }
        var tables: [Int] = [847, 847, 847]
        var keys: [Int] = [234, 234, 234]
        var timestamp: Int
        var gpsHash: String? = nil
        var signature: String? = nil

        var token: String { Data(sealedBox).base64EncodedString() }

        /// The app's `createBundleSignature()` computed by OpenSSL: base64(SHA-256(image_hash ‖
        /// base64(box) ‖ tableId keyIndex timestamp)).
        func computedSignature(in dir: URL) throws -> String {
            let input = imageHash + token + "\(tables[0])\(keys[0])\(timestamp)"
            let result = Subprocess.execute(["sh", "-c", "printf '%s' \"$1\" | openssl dgst -sha256 -binary | openssl base64 -A", "sh", input], cwd: dir)
            try #require(result.status == 0, "\(result)")
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func json(in dir: URL) throws -> String {
            func escaped(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "/", with: "\\/") + "\"" }
            func list(_ values: [Int]) -> String { "[\n" + values.map { "    \($0)" }.joined(separator: ",\n") + "\n  ]" }
            let fields: [(String, String)] = [
                ("device_signature", escaped(try signature ?? computedSignature(in: dir))),
                ("encrypted_nuc_token", escaped(token)),
                ("gps_hash", gpsHash.map(escaped) ?? "null"),
                ("image_hash", escaped(imageHash)),
                ("key_indices", list(keys)),
                ("table_references", list(tables)),
                ("timestamp", String(timestamp)),
            ]
            return "{\n" + fields.map { "  \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n") + "\n}"
        }
    }

    /// A bundle for `variant`'s media, made a second after the recording started.
    static func bundle(for variant: URL, in dir: URL) throws -> Bundle {
        let media = variant.appendingPathComponent("recording_1764000000.mp4")
        let sum = Subprocess.execute(["sha256sum", media.path], cwd: dir)
        try #require(sum.status == 0, "\(sum)")
        let hash = String(sum.output.prefix(64))
        let metadata =
            try JSONSerialization.jsonObject(with: Data(contentsOf: variant.appendingPathComponent("recording_1764000000.metadata.json"))) as? [String: Any]
        let started = try #require(metadata?["started_at"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: started))
        return Bundle(imageHash: hash, timestamp: Int(date.timeIntervalSince1970) + 1)
    }

    static func writeBundle(_ bundle: Bundle, into variant: URL, in dir: URL) throws {
        try Data(bundle.json(in: dir).utf8).write(to: variant.appendingPathComponent("bundle.json"))
    }

    @Test(
        "the authentication bundle the security review describes, recognised by its shape: every key gets a result, the digest recomputed and called what it is"
    )
    func authenticationBundle() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let good = try Self.bundle(for: exports.appendingPathComponent("rich"), in: dir)
            try Self.twin("rich", "bundle", exports) { try Self.writeBundle(good, into: $0, in: dir) }
            let plan = try #require(try AppExportFixture.plan(exports.appendingPathComponent("bundle")).plan)
            #expect(
                plan.entries.contains { $0.bagPath == Self.bundle && $0.reading.contains("authentication bundle") },
                "\(plan.entries.map { "\($0.bagPath) (\($0.reading))" })")
            let report = try Self.packAndVerify("bundle", exports, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("app.bundle.image-hash", subject: Self.bundle, status: .pass))
            #expect(report.has("app.bundle.token", subject: Self.bundle, status: .notChecked))
            #expect(report.has("app.bundle.indices", subject: Self.bundle, status: .pass))
            #expect(report.has("app.bundle.time", subject: Self.bundle, status: .pass))
            #expect(report.has("app.bundle.gps-hash", subject: Self.bundle, status: .notPresent))
            let signature = try #require(report.checks("app.bundle.device-signature").first)
            #expect(signature.status == .pass && signature.message.contains("a digest anyone can compute, not a signature"), "\(signature)")
            #expect(report.has("app.bundle.authenticity", subject: Self.bundle, status: .notChecked))
            // No longer "not interpreted".
            #expect(!report.has("app.file.not-interpreted", subject: Self.bundle, status: .notChecked))
        }
    }

    @Test(
        "one-change twins of the bundle: each fails with its own code, at the bundle, and nothing else fails",
        arguments: [
            ("bundle-image-hash", "app.bundle.image-hash.mismatch"),
            ("bundle-signature", "app.bundle.device-signature.mismatch"),
            ("bundle-index", "app.bundle.indices.range"),
            ("bundle-table", "app.bundle.indices.range"),
            ("bundle-box-length", "app.bundle.token.malformed"),
            ("bundle-time", "app.bundle.time.mismatch"),
        ])
    func bundleTwins(variant: String, code: String) throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            var bundle = try Self.bundle(for: exports.appendingPathComponent("rich"), in: dir)
            switch variant {
            // A forger recomputes the digest over their own values: only the check against the
            // evidence catches each change, not the digest.
            case "bundle-image-hash": bundle.imageHash = String(bundle.imageHash.dropLast()) + (bundle.imageHash.hasSuffix("0") ? "1" : "0")
            case "bundle-signature":
                let right = try bundle.computedSignature(in: dir)
                bundle.signature = (right.hasPrefix("A") ? "B" : "A") + right.dropFirst()
            case "bundle-index": bundle.keys = [1000, 1000, 1000]
            case "bundle-table": bundle.tables = [2500, 2500, 2500]
            case "bundle-box-length": bundle.sealedBox = Array(bundle.sealedBox[12..<76])  // the ciphertext alone (the seed's bug)
            case "bundle-time": bundle.timestamp += 3600
            default: Issue.record("unknown twin \(variant)")
            }
            try Self.twin("rich", variant, exports) { try Self.writeBundle(bundle, into: $0, in: dir) }
            let report = try Self.packAndVerify(variant, exports, in: dir)
            #expect(report.verdict == .fail)
            #expect(report.has(code, subject: Self.bundle), "\(report.failures)")
            #expect(Set(report.failures.map(\.code.rawValue)) == [code], "\(report.failures)")
        }
    }

    @Test("a bundle with a GPS hash: shape read, NOT CHECKED; one with a malformed image_hash fails as malformed, naming the key")
    func bundleGPSAndMalformed() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            var gps = try Self.bundle(for: exports.appendingPathComponent("rich"), in: dir)
            gps.gpsHash = String(repeating: "ab", count: 32)
            try Self.twin("rich", "bundle-gps", exports) { try Self.writeBundle(gps, into: $0, in: dir) }
            let report = try Self.packAndVerify("bundle-gps", exports, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("app.bundle.gps-hash", subject: Self.bundle, status: .notChecked))
            var bad = gps
            bad.imageHash = "not hex"
            try Self.twin("rich", "bundle-malformed", exports) { try Self.writeBundle(bad, into: $0, in: dir) }
            let malformed = try Self.packAndVerify("bundle-malformed", exports, in: dir)
            let failure = try #require(malformed.checks("app.bundle.malformed").first)
            #expect(failure.status == .fail && failure.subject == Self.bundle && failure.message.contains("image_hash"), "\(failure)")
        }
    }

    // MARK: - Every key answered (item 2)

    @Test("an extra key in the app's custody log is named NOT CHECKED, not dropped; the import line names the four keys it compares")
    func extraCustodyKey() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            try Self.twin("flat", "custody-extra-key", exports) {
                try Self.replace(
                    "\"details\" : \"Recording started\",", "\"details\" : \"Recording started\",\n    \"editedBy\" : \"someone\",",
                    in: $0.appendingPathComponent("recording_1764000000.custody_log.json"))
            }
            let plain = try Self.packAndVerify("flat", exports, in: dir)
            #expect(plain.checks("app.keys.not-checked").allSatisfy { $0.subject != AppExportFiles.custodyLog }, "\(plain.checks("app.keys.not-checked"))")
            let report = try Self.packAndVerify("custody-extra-key", exports, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            let named = try #require(report.checks("app.keys.not-checked").first { $0.subject == AppExportFiles.custodyLog })
            #expect(named.status == .notChecked && named.message.contains("[0].editedBy"), "\(named)")
            #expect(report.has("custody.import", subject: AppExportFiles.custodyLog, status: .pass))
        }
    }

    @Test("the metadata's location, device_model and captured_at are named, never passed by omission")
    func uncomparedClaims() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let report = try Self.packAndVerify("rich", exports, in: dir)
            for key in ["location", "device_model", "ios_version", "app_version"] {
                #expect(Self.names(report, key: key, pattern: key, file: Self.metadata), "\(key)")
            }
        }
    }

    /// Every key path of a JSON value, indices as written: `a`, `a.b`, `a[3].b`, `[0].c`.
    static func keyPaths(_ value: Any, prefix: String = "") -> [String] {
        if let object = value as? [String: Any] {
            return object.keys.sorted().flatMap { key -> [String] in
                let path = prefix.isEmpty ? key : prefix + "." + key
                return [path] + keyPaths(object[key] as Any, prefix: path)
            }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { keyPaths($0.element, prefix: "\(prefix)[\($0.offset)]") }
        }
        return []
    }

    /// Whether a result about `file` (its subject starts with the file, or its message names it)
    /// names `key` or one of its ancestors, written with indices (`checkpoints[0].hash`) or with
    /// `[]` (`checkpoints[].hash`), as a whole word.
    static func names(_ report: VerificationReport, key: String, pattern: String, file: String) -> Bool {
        func lineage(_ path: String) -> [String] {
            var found = [path]
            var current = Substring(path)
            while let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) {
                current = current[..<cut]
                // An ancestor that is only an index ("[0]") names no key.
                if current.contains(where: { $0.isLetter }) { found.append(String(current)) }
            }
            return found
        }
        let names = Set(lineage(key) + lineage(pattern))
        func word(_ text: String, _ name: String) -> Bool {
            var search = text.startIndex..<text.endIndex
            while let range = text.range(of: name, range: search) {
                let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                let isWord = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
                if !isWord(before), !isWord(after) { return true }
                search = range.upperBound..<text.endIndex
            }
            return false
        }
        return report.checks.contains { check in
            guard check.subject.hasPrefix(file) || check.message.contains(file) else { return false }
            return names.contains { word(check.message, $0) || word(check.subject, $0) }
        }
    }

    /// Every file of the variant, the bag path it is packed at.
    static func bagPath(_ name: String) -> String {
        name.hasSuffix(".mp4") || name.hasSuffix(".mov") ? "data/media/\(name)" : name.hasPrefix("depth") ? "data/\(name)" : "data/capture/\(name)"
    }

    @Test("every key of every app file of every export form has a result naming it: a check, or NOT CHECKED with why")
    func everyKeyAnswered() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let good = try Self.bundle(for: exports.appendingPathComponent("rich"), in: dir)
            try Self.twin("rich", "rich-bundle", exports) { try Self.writeBundle(good, into: $0, in: dir) }
            try Self.twin("flat", "custody-extra-key", exports) {
                try Self.replace(
                    "\"details\" : \"Recording started\",", "\"details\" : \"Recording started\",\n    \"editedBy\" : \"someone\",",
                    in: $0.appendingPathComponent("recording_1764000000.custody_log.json"))
            }
            var unanswered: [String] = []
            for variant in ["flat", "flat-iso", "flat-no-token", "rich", "rich-hevc", "rich-bundle", "custody-extra-key"] {
                let report = try Self.packAndVerify(variant, exports, in: dir)
                let folder = exports.appendingPathComponent(variant)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name != "depth" {
                    let file = Self.bagPath(name)
                    // Every file has a result about it.
                    if !report.checks.contains(where: { $0.subject.hasPrefix(file) || $0.message.contains(file) }) && !name.hasSuffix(".mp4")
                        && !name.hasSuffix(".mov")
                    {
                        unanswered.append("\(variant): \(file) has no result")
                    }
                    guard name.hasSuffix(".json") else { continue }
                    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)), options: [.fragmentsAllowed])
                    for key in Self.keyPaths(json) {
                        let pattern = key.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
                        if !Self.names(report, key: key, pattern: pattern, file: file) {
                            unanswered.append("\(variant): \(file) \(key)")
                        }
                    }
                }
            }
            // One line per key pattern, so a failure reads as the table it breaks.
            var seen: Set<String> = []
            let distinct = unanswered.filter { seen.insert($0.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)).inserted }
            #expect(distinct.isEmpty, "keys no result names:\n\(distinct.joined(separator: "\n"))")
        }
    }

    @Test(
        "every key of the photo's metadata, depth analysis and hash-only payload, and of the sample export, has a result naming it",
        arguments: [("photo", "app"), ("hash-only", "app"), ("app-export", "")])
    func everyKeyAnsweredInSamples(kind: String, appFolder: String) throws {
        try TemporaryDirectory.with { dir in
            // `rial sample -o capture --kind KIND`, packed as `rial pack capture -o capture.rialpkg`.
            var sample = SampleCapture()
            sample.kind = try #require(SampleCapture.Kind(rawValue: kind))
            let capture = dir.appendingPathComponent("capture")
            try sample.write(to: capture.path)
            let (package, _) = try AppExportFixture.pack(capture, in: dir, name: "capture.rialpkg")
            let report = try AppExportFixture.verify(package, tsaTrust: kind == "app-export" ? SampleCapture.tsaRootPath(forExport: capture.path) : nil)
            let folder = dir.appendingPathComponent("capture").appendingPathComponent(appFolder)
            var unanswered: [String] = []
            var files = 0
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
                files += 1
                let file = "data/capture/\(name)"
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)), options: [.fragmentsAllowed])
                for key in Self.keyPaths(json) {
                    let pattern = key.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
                    if !Self.names(report, key: key, pattern: pattern, file: file) { unanswered.append("\(file) \(key)") }
                }
            }
            #expect(files >= (kind == "hash-only" ? 4 : kind == "photo" ? 3 : 4), "\(kind): \(files) JSON files")
            var seen: Set<String> = []
            let distinct = unanswered.filter { seen.insert($0.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)).inserted }
            #expect(distinct.isEmpty, "\(kind): keys no result names:\n\(distinct.joined(separator: "\n"))")
        }
    }
}
