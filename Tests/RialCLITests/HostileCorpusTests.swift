import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One case of the hostile corpus, as Fixtures/hostile_corpus.py describes it in cases.json.
struct HostileCase: Decodable, Sendable, CustomStringConvertible {
    let name: String
    let file: String
    /// archive, bag, json, crypto, chain or custody.
    let category: String
    /// 2: refused as unreadable or unsafe (verdict "error"); 1: evidence of tampering ("fail").
    let exit: Int32
    /// Exit 2: the report's error code; exit 1: the code of a failing check.
    let code: String
    /// Exit 2: the report's error location, when the case pins it.
    let location: String?
    /// Exit 1: the failing check's subject, when the case pins it.
    let subject: String?
    /// Absolute paths a careless extractor would write; they must never exist.
    let targets: [String]?
    /// Directories made before the case runs, so that writing through a link would succeed.
    let dirs: [String]?
    let note: String

    var description: String { "\(name) [\(category)]" }
}

/// The hostile corpus (Fixtures/hostile_corpus.py): unsafe archives, broken bags, hostile
/// JSON, forged seals, edited chains and custody logs, each built from one valid package.
/// Every case must be refused (exit 2) or failed (exit 1) with its own code, within a bounded
/// time, and neither `rial verify` nor `rial extract` may write anything outside the
/// destination, or anything at all.
@Suite("Hostile corpus", .serialized)
struct HostileCorpusTests {
    static let generator = CLI.repoRoot.appendingPathComponent("Tests/RialCLITests/Fixtures/hostile_corpus.py").path
    /// A run taking longer is killed and fails its case: a hang guard, not a speed test. The
    /// slowest cases (a million empty entries, 150 000 custody events) take 12 s each to verify
    /// and to extract in a debug build on a quiet 2-core machine, and took 55–65 s while the
    /// rest of the suite ran beside them; 180 s is 15 times the quiet time.
    static let timeLimit: TimeInterval = 180
    static let categories: Set<String> = ["archive", "bag", "json", "crypto", "chain", "custody"]

    @Test("every hostile case is refused or failed with its code, in bounded time, writing nothing")
    func corpus() throws {
        try withTemporaryDirectory { dir in
            let base = try Fixture.package(in: dir, name: "base.rialpkg")
            let sealed = try Self.sealedCopy(of: base, in: dir)
            let corpus = dir.appendingPathComponent("corpus")

            let generationStart = Date()
            let generated = CLI.run(
                [
                    try Oracle.python(), Self.generator, base.path, corpus.path,
                    "--sealed", sealed.path, "--watch", dir.path,
                ], cwd: dir)
            let generation = Date().timeIntervalSince(generationStart)
            try #require(generated.status == 0, "hostile_corpus.py failed: \(generated)")
            let cases = try JSONDecoder().decode([HostileCase].self, from: Data(contentsOf: corpus.appendingPathComponent("cases.json")))

            #expect(cases.count >= 60, "only \(cases.count) cases")
            #expect(Set(cases.map(\.category)) == Self.categories, "categories: \(Set(cases.map(\.category)).sorted())")
            #expect(Set(cases.map(\.name)).count == cases.count, "case names repeat")

            // The controls: what the corpus is made from passes.
            for package in [base, sealed] {
                let control = Self.run([CLI.rialPath, "verify", "--format", "json", "-q", package.path], cwd: dir)
                #expect(control.status == 0, "control \(package.lastPathComponent) does not pass: \(control)")
            }

            let sandbox = dir.appendingPathComponent("sandbox")
            // The harness sees an extraction: the base itself extracts, and the snapshot shows it.
            let probe = dir.appendingPathComponent("probe")
            let unprobed = Self.snapshot(dir, excluding: sandbox)
            let extracted = Self.run([CLI.rialPath, "extract", "-q", base.path, "-o", probe.path], cwd: dir)
            #expect(extracted.status == 0, "control extraction failed: \(extracted)")
            #expect(Self.snapshot(dir, excluding: sandbox) != unprobed, "the snapshot does not see what rial extract wrote")
            try FileManager.default.removeItem(at: probe)

            var timings: [(name: String, verify: TimeInterval, extract: TimeInterval)] = []
            for hostile in cases {
                let timing = try check(hostile, file: corpus.appendingPathComponent(hostile.file), watched: dir, sandbox: sandbox)
                timings.append((hostile.name, timing.verify, timing.extract))
            }

            let slowest = timings.sorted { $0.verify + $0.extract > $1.verify + $1.extract }.prefix(5)
                .map { "\($0.name) \(Self.seconds($0.verify))+\(Self.seconds($0.extract))" }
            print(
                "Hostile corpus: \(cases.count) cases generated in \(Self.seconds(generation)); verify \(Self.seconds(timings.map(\.verify).reduce(0, +))), extract \(Self.seconds(timings.map(\.extract).reduce(0, +))) in all; slowest (verify+extract): \(slowest.joined(separator: ", "))"
            )
        }
    }

    /// Runs `rial verify` and `rial extract` on one case and checks what they report and write.
    private func check(_ hostile: HostileCase, file: URL, watched: URL, sandbox: URL) throws -> (verify: TimeInterval, extract: TimeInterval) {
        let name = hostile.name
        let fm = FileManager.default
        if fm.fileExists(atPath: sandbox.path) { try fm.removeItem(at: sandbox) }
        try fm.createDirectory(at: sandbox, withIntermediateDirectories: false)
        defer { try? fm.removeItem(at: sandbox) }
        for directory in hostile.dirs ?? [] {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let before = Self.snapshot(watched, excluding: sandbox)

        // 1. verify: the exit status, the verdict and the code.
        let verify = Self.run([CLI.rialPath, "verify", "--format", "json", "-q", file.path], cwd: sandbox)
        #expect(!verify.timedOut, "\(name): rial verify still running after \(Self.timeLimit) s; killed")
        #expect(verify.elapsed < Self.timeLimit, "\(name): rial verify took \(Self.seconds(verify.elapsed))")
        #expect(verify.status == hostile.exit, "\(name): rial verify exit \(verify.status), expected \(hostile.exit) (\(hostile.code)): \(verify)")
        if let report = try? JSONSerialization.jsonObject(with: verify.stdout) as? [String: Any] {
            let checks = report["checks"] as? [[String: Any]] ?? []
            if hostile.exit == 2 {
                let error = report["error"] as? [String: Any]
                #expect(report["verdict"] as? String == "error", "\(name): verdict \(report["verdict"] ?? "none"), expected error")
                #expect(
                    error?["code"] as? String == hostile.code,
                    "\(name): error code \(error?["code"] ?? "none"), expected \(hostile.code): \(error?["message"] ?? "")")
                #expect(checks.isEmpty, "\(name): an error report carries \(checks.count) checks")
                if let location = hostile.location {
                    let actual = error?["location"] as? String
                    // Compared as bytes: Swift's == would equate NFC and NFD spellings.
                    #expect(
                        actual.map { Array($0.utf8) } == Array(location.utf8),
                        "\(name): error location \(actual.map { $0.debugDescription } ?? "none"), expected \(location.debugDescription)")
                }
            } else {
                let failures = checks.filter { $0["status"] as? String == "fail" }
                let found = failures.contains { check in
                    check["code"] as? String == hostile.code
                        && hostile.subject.map { subject in (check["subject"] as? String).map { Array($0.utf8) == Array(subject.utf8) } ?? false } ?? true
                }
                let listed = failures.map { "\($0["code"] ?? "?") [\($0["subject"] ?? "?")]" }
                #expect(report["verdict"] as? String == "fail", "\(name): verdict \(report["verdict"] ?? "none"), expected fail")
                #expect(found, "\(name): no failing \(hostile.code)\(hostile.subject.map { " [\($0)]" } ?? ""); failures: \(listed.prefix(12))")
            }
        } else {
            Issue.record("\(name): rial verify wrote no JSON report: \(verify)")
        }
        #expect(Fixture.listing(sandbox).isEmpty, "\(name): rial verify wrote \(Fixture.listing(sandbox).prefix(10)) into its working directory")
        #expect(
            Self.snapshot(watched, excluding: sandbox) == before,
            "\(name): rial verify changed \(Self.difference(before, Self.snapshot(watched, excluding: sandbox)))")

        // 2. extract: refused with the same status, and nothing at all written.
        let out = sandbox.appendingPathComponent("out")
        let extract = Self.run([CLI.rialPath, "extract", "-q", file.path, "-o", out.path], cwd: sandbox)
        #expect(!extract.timedOut, "\(name): rial extract still running after \(Self.timeLimit) s; killed")
        #expect(extract.elapsed < Self.timeLimit, "\(name): rial extract took \(Self.seconds(extract.elapsed))")
        #expect(extract.status != 0, "\(name): rial extract succeeded: \(extract)")
        #expect(extract.status == hostile.exit, "\(name): rial extract exit \(extract.status), expected \(hostile.exit): \(extract)")
        let left = Fixture.listing(sandbox)
        #expect(
            left.isEmpty || (left == ["out"] && Fixture.listing(out).isEmpty),
            "\(name): rial extract left \(left.prefix(10)) in its sandbox")
        let after = Self.snapshot(watched, excluding: sandbox)
        #expect(after == before, "\(name): rial extract wrote outside its destination: \(Self.difference(before, after))")
        for target in hostile.targets ?? [] {
            var info = stat()
            #expect(lstat(target, &info) != 0, "\(name): \(target) exists after rial verify and rial extract")
        }
        return (verify.elapsed, extract.elapsed)
    }

    /// `base` sealed with a fresh self-signed key (`rial keygen`, `rial seal`), for the crypto cases.
    private static func sealedCopy(of base: URL, in dir: URL) throws -> URL {
        let sealed = dir.appendingPathComponent("sealed.rialpkg")
        try FileManager.default.copyItem(at: base, to: sealed)
        let key = CLI.rial(["keygen", "--subject", "CN=Hostile Corpus (TEST ONLY)", "--out", "corpus-signer"], cwd: dir)
        try #require(key.status == 0, "rial keygen failed: \(key)")
        let seal = CLI.rial(["seal", sealed.path, "--sign-key", "corpus-signer.key", "--cert", "corpus-signer.pem", "--quiet"], cwd: dir)
        try #require(seal.status == 0, "rial seal failed: \(seal)")
        return sealed
    }

    /// Every item under `dir` (recursively, links not followed) with its type and, for files,
    /// its size; `excluded` and what lies under it are left out.
    static func snapshot(_ dir: URL, excluding excluded: URL) -> [String: String] {
        let skip = excluded.path.hasPrefix(dir.path + "/") ? String(excluded.path.dropFirst(dir.path.count + 1)) : nil
        var items: [String: String] = [:]
        for path in Fixture.listing(dir) {
            if let skip, path == skip || path.hasPrefix(skip + "/") { continue }
            var info = stat()
            guard lstat(dir.appendingPathComponent(path).path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: items[path] = "file \(info.st_size)"
            case S_IFDIR: items[path] = "directory"
            case S_IFLNK: items[path] = "link"
            default: items[path] = "other"
            }
        }
        return items
    }

    static func difference(_ before: [String: String], _ after: [String: String]) -> String {
        let added = after.keys.filter { before[$0] == nil }.sorted()
        let removed = before.keys.filter { after[$0] == nil }.sorted()
        let changed = after.keys.filter { before[$0] != nil && before[$0] != after[$0] }.sorted()
        return "added \(added.prefix(10)), removed \(removed.prefix(10)), changed \(changed.prefix(10))"
    }

    static func seconds(_ interval: TimeInterval) -> String { String(format: "%.2f s", interval) }

    /// Runs `args` (args[0] a path) in `cwd`; kills it after ``timeLimit`` seconds.
    static func run(_ args: [String], cwd: URL) -> CLI.RawRun {
        CLI.execute(args, cwd: cwd, timeLimit: timeLimit)
    }
}
