import Foundation
import RialTestSupport
import Testing

/// The JSON report of every package of the test corpus, held against the reports recorded in
/// `Golden/reports.txt`: a refactoring of the verifier must not change a single verdict, code,
/// subject or message. Values that differ from run to run (the temporary directory, the keys
/// and certificates the test PKI makes, signing and verification times, random ids) are
/// replaced by numbered placeholders, so the equalities between them are still compared.
///
/// After a deliberate change of the reports, record them again with
/// `RIAL_UPDATE_GOLDEN=1 swift test --filter ReportStabilityTests` and read the diff.
@Suite("Report stability")
struct ReportStabilityTests {
    static let golden = CLI.repoRoot.appendingPathComponent("Tests/RialCLITests/Golden/reports.txt")

    @Test("every package of the corpus gives the recorded JSON report")
    func reportsAreUnchanged() throws {
        try withTemporaryDirectory { dir in
            let corpus = try ReportCorpus.make(in: dir)
            var text = ""
            for item in corpus {
                let result = CLI.rial(["verify", item.path, "--format", "json", "--quiet"] + item.arguments, cwd: dir)
                text += "=== \(item.name) (exit \(result.status))\n" + ReportNormaliser.normalise(result.stdout, directory: dir.path) + "\n"
            }
            if ProcessInfo.processInfo.environment["RIAL_UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: Self.golden)
                return
            }
            // Every code a report carries, of a check or of a refusal, is one SPEC §8.6 lists.
            let listed = try Self.specCodes()
            let emitted = Set(text.matches(of: /"code": "([^"]*)"/).map { String($0.output.1) })
            #expect(emitted.count > 130, "only \(emitted.count) distinct codes in the corpus")
            #expect(emitted.filter { !listed.contains($0) }.sorted() == [], "codes the reports carry that SPEC §8.6 does not list")
            let recorded = try String(contentsOf: Self.golden, encoding: .utf8)
            #expect(corpus.count >= 170, "only \(corpus.count) packages in the corpus")
            if recorded != text {
                let actual = dir.appendingPathComponent("reports.actual.txt")
                try Data(text.utf8).write(to: actual)
                let diff = CLI.run(["diff", "-u", Self.golden.path, actual.path], cwd: dir)
                Issue.record("the reports differ from Golden/reports.txt:\n\(diff.stdout.prefix(20_000))")
            }
        }
    }

    /// The codes of SPEC §8.6's two tables, *a* written out for each algorithm.
    static func specCodes() throws -> Set<String> {
        let spec = try String(contentsOf: CLI.repoRoot.appendingPathComponent("schema/SPEC.md"), encoding: .utf8)
        let section = try #require(spec.split(separator: "\n### 8.6 ").dropFirst().first?.split(separator: "\n### 8.7 ").first)
        var codes: Set<String> = []
        for match in section.matches(of: /\n\| `([a-z0-9.-]+)`/) {
            let code = String(match.output.1)
            let algorithms = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]
            if code.contains(".a.") || code.hasSuffix(".a") {
                for algorithm in algorithms {
                    codes.insert(
                        code.hasSuffix(".a") ? String(code.dropLast(2)) + "." + algorithm : code.replacingOccurrences(of: ".a.", with: ".\(algorithm)."))
                }
            } else {
                codes.insert(code)
            }
        }
        return codes
    }

    @Test("the normaliser numbers volatile values by first appearance and keeps their equalities")
    func normaliser() {
        let hexA = String(repeating: "ab", count: 32)
        let hexB = String(repeating: "cd", count: 32)
        let input =
            "/tmp/x/case \(hexA) \(hexB) \(hexA) 2026-01-20T00:00:00Z 2027-05-01T10:11:12.5Z 2026-01-20T00:00:00Z 123e4567-e89b-12d3-a456-426614174000 2030-01-01T11:00:00Z 2030-01-02T10:00:00Z"
        let now = ISO8601DateFormatter().date(from: "2030-01-01T12:00:00Z")!
        #expect(
            ReportNormaliser.normalise(input, directory: "/tmp/x", now: now)
                == "$DIR/case <hex1> <hex2> <hex1> <time1> <time2> <time1> <uuid1> <now> <now>")
    }
}

/// One input of the corpus and the arguments it is verified with.
struct ReportCorpusItem {
    let name: String
    let path: String
    var arguments: [String] = []
}

/// Replaces what differs between runs by numbered placeholders.
enum ReportNormaliser {
    /// - Parameter now: times within a day of it were made during the run (signing,
    ///   appending, verifying), often in the same second: they become `<now>`, unnumbered,
    ///   because which of them coincide is chance.
    static func normalise(_ text: String, directory: String, now: Date = Date()) -> String {
        var out = text.replacingOccurrences(of: directory, with: "$DIR")
        // Which namespaces the kernel gives the media probe is the machine's, not the report's.
        out = out.replacingOccurrences(of: namespacesPattern, with: "<namespaces>", options: .regularExpression)
        // So are the libraries' versions.
        out = out.replacingOccurrences(of: "\"libraries\": \\[[^\\]]*\\]", with: "\"libraries\": [<libraries>]", options: .regularExpression)
        out = out.replacingOccurrences(
            of: "OpenSSL [^<]*?: the versions running, as each said\\.", with: "<libraries>: the versions running, as each said.",
            options: .regularExpression)
        out = recent(out, now: now)
        for (kind, pattern) in [
            ("uuid", "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"),
            ("hex", "(?<![0-9A-Za-z])[0-9a-fA-F]{16,}(?![0-9A-Za-z])"),
            ("time", timePattern),
        ] {
            out = numbered(out, pattern: pattern, kind: kind)
        }
        return out
    }

    static let namespacesPattern =
        "user, network and mount namespaces|network and mount namespaces \\(a user namespace was refused: [^)]*\\)|no namespaces \\(unshare refused: [^)]*\\)"

    static let timePattern = "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})"

    private static func recent(_ text: String, now: Date) -> String {
        guard let regex = try? NSRegularExpression(pattern: timePattern) else { return text }
        let parser = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let source = text as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            let value = source.substring(with: match.range)
            guard let date = parser.date(from: value) ?? fractional.date(from: value), abs(date.timeIntervalSince(now)) < 86_400 else { continue }
            out += source.substring(with: NSRange(location: last, length: match.range.location - last)) + "<now>"
            last = match.range.location + match.range.length
        }
        return out + source.substring(from: last)
    }

    private static func numbered(_ text: String, pattern: String, kind: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let source = text as NSString
        var seen: [String: Int] = [:]
        var out = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            out += source.substring(with: NSRange(location: last, length: match.range.location - last))
            let value = source.substring(with: match.range)
            let number = seen[value] ?? (seen.count + 1)
            seen[value] = number
            out += "<\(kind)\(number)>"
            last = match.range.location + match.range.length
        }
        return out + source.substring(from: last)
    }
}

/// The corpus: the plain, photo and hash-only packages; sealed, timestamped and custody-
/// appended ones with and without trust; every tamper case of ``TamperCatalogue``; the hostile
/// corpus; and an extracted bag directory.
enum ReportCorpus {
    static func make(in dir: URL) throws -> [ReportCorpusItem] {
        var items: [ReportCorpusItem] = []
        let base = try Fixture.package(in: dir, name: "base.rialpkg")
        items.append(ReportCorpusItem(name: "base", path: base.path))
        items.append(
            ReportCorpusItem(
                name: "base, policy requires a seal and a timestamp", path: base.path,
                arguments: ["--require-seal", "--require-timestamp"]))

        for kind in ["photo", "hash-only"] {
            let sample = CLI.rial(["sample", "--out", kind, "--kind", kind, "--seed", "3"], cwd: dir)
            try #require(sample.status == 0, "rial sample \(kind): \(sample)")
            let packed = try Fixture.pack(
                dir.appendingPathComponent(kind), in: dir, name: "\(kind).rialpkg",
                options: kind == "hash-only" ? ["--hash-only", "--privacy", "location=coarse"] : [])
            items.append(ReportCorpusItem(name: kind, path: packed.path))
        }

        let bag = try Fixture.untar(base, into: dir.appendingPathComponent("bag"))
        items.append(ReportCorpusItem(name: "bag directory", path: bag.path))

        items += try sealedItems(base: base, in: dir)
        items += try tamperItems(base: base, in: dir)
        items += try hostileItems(base: base, in: dir)
        return items
    }

    /// Sealed while packing and timestamped, with and without anchors; custody events appended.
    private static func sealedItems(base: URL, in dir: URL) throws -> [ReportCorpusItem] {
        let pki = try TestPKI.make(in: dir)
        let capture = try Fixture.sample(in: dir, name: "sealed-capture", seed: 2)
        let sealed = try Fixture.pack(capture, in: dir, name: "sealed.rialpkg", options: pki.signing())
        let stamped = dir.appendingPathComponent("stamped.rialpkg")
        try FileManager.default.copyItem(at: sealed, to: stamped)
        try Sealing.timestamp(stamped, pki: pki, in: dir)
        let appended = dir.appendingPathComponent("appended.rialpkg")
        try FileManager.default.copyItem(at: stamped, to: appended)
        let unsigned = CLI.rial(["custody", "append", appended.path, "--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--quiet"], cwd: dir)
        try #require(unsigned.status == 0, "custody append: \(unsigned)")
        let signed = CLI.rial(["custody", "append", appended.path, "--action", "ACCESSED"] + pki.signing() + ["--quiet"], cwd: dir)
        try #require(signed.status == 0, "custody append signed: \(signed)")
        let trust = ["--trust", pki.path("root-ca.pem"), "--tsa-trust", pki.path("root-ca.pem")]
        return [
            ReportCorpusItem(name: "sealed, no anchors", path: sealed.path),
            ReportCorpusItem(name: "sealed, trusted", path: sealed.path, arguments: ["--trust", pki.path("root-ca.pem")]),
            ReportCorpusItem(name: "sealed, another anchor", path: sealed.path, arguments: ["--trust", pki.path("other-root-ca.pem")]),
            ReportCorpusItem(name: "sealed and timestamped, no anchors", path: stamped.path),
            ReportCorpusItem(
                name: "sealed and timestamped, trusted, required", path: stamped.path,
                arguments: trust + ["--require-seal", "--require-timestamp"]),
            ReportCorpusItem(name: "custody appended, trusted", path: appended.path, arguments: trust),
            ReportCorpusItem(
                name: "custody appended, wrong head", path: appended.path,
                arguments: trust + ["--custody-head", String(repeating: "0", count: 64)]),
        ]
    }

    private static func tamperItems(base: URL, in dir: URL) throws -> [ReportCorpusItem] {
        let context = try TamperContext(package: base, scratch: dir.appendingPathComponent("tamper-original"))
        var items: [ReportCorpusItem] = []
        for (index, tamper) in (TamperCatalogue.cases + TamperCatalogue.refusals).enumerated() {
            let tampered = dir.appendingPathComponent("tamper-\(index).rialpkg")
            try Oracle.tamper(base, tamper.op.map(context.expand), output: tampered)
            items.append(ReportCorpusItem(name: "tamper: \(tamper.name)", path: tampered.path))
        }
        return items
    }

    private static func hostileItems(base: URL, in dir: URL) throws -> [ReportCorpusItem] {
        let sealed = dir.appendingPathComponent("corpus-sealed.rialpkg")
        try FileManager.default.copyItem(at: base, to: sealed)
        let key = CLI.rial(["keygen", "--subject", "CN=Report Corpus (TEST ONLY)", "--out", "corpus-signer"], cwd: dir)
        try #require(key.status == 0, "rial keygen: \(key)")
        let seal = CLI.rial(["seal", sealed.path, "--sign-key", "corpus-signer.key", "--cert", "corpus-signer.pem", "--quiet"], cwd: dir)
        try #require(seal.status == 0, "rial seal: \(seal)")
        let corpus = dir.appendingPathComponent("hostile")
        let generated = CLI.run([try Oracle.python(), HostileCorpusTests.generator, base.path, corpus.path, "--sealed", sealed.path], cwd: dir)
        try #require(generated.status == 0, "hostile_corpus.py: \(generated)")
        let cases = try JSONDecoder().decode([HostileCase].self, from: Data(contentsOf: corpus.appendingPathComponent("cases.json")))
        return cases.map { ReportCorpusItem(name: "hostile: \($0.name)", path: corpus.appendingPathComponent($0.file).path) }
    }
}
