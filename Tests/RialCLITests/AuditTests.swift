import Foundation
import Testing
import RialTestSupport

/// `rial audit` and `rial ledger` end to end over a store of 200 packages, on SQLite and on a
/// real PostgreSQL server (issue 22's "done when"): four worker processes at once, each package
/// once; a killed worker's rerun; a hand-edited record named; the ledger read by outside tools;
/// exit statuses. The workflow's own cases (changes, shares, reruns, guards) run in process:
/// Tests/RialAuditTests.
@Suite("Audit ledger", .serialized)
struct AuditTests {
    /// A generous hang guard: a worker over 50 small packages takes seconds.
    static let hangGuard: TimeInterval = 600

    struct Line: Decodable {
        let type: String
        let path: String?
        let changes: [String]?
        let inputs: Int?
        let verifiedNow: Int?
        let exitStatus: Int?
    }

    static func lines(_ output: Data) throws -> [Line] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try String(decoding: output, as: UTF8.self).split(separator: "\n").map { try decoder.decode(Line.self, from: Data($0.utf8)) }
    }

    /// 200 copies of a small photo package under store/, and a second package with another id.
    static func store(in dir: URL) throws -> (base: URL, other: URL) {
        let sample = CLI.rial(["sample", "--out", "photo", "--kind", "photo"], cwd: dir)
        try #require(sample.status == 0, "\(sample)")
        let base = dir.appendingPathComponent("base.rialpkg")
        let other = dir.appendingPathComponent("other.rialpkg")
        for (output, id) in [(base, "audit-base"), (other, "audit-other")] {
            let pack = CLI.rial(["pack", "photo", "-o", output.lastPathComponent, "--package-id", id], cwd: dir)
            try #require(pack.status == 0, "\(pack)")
        }
        let store = dir.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        for index in 0..<200 {
            try FileManager.default.copyItem(at: base, to: store.appendingPathComponent(String(format: "pkg-%03d.rialpkg", index)))
        }
        return (base, other)
    }

    /// A fixity sweep (`--no-examine-media`): the ledger is under test here, not the media checks,
    /// and 200 probes per audit would only slow the suite.
    /// Keys relative to the store (`--root store`), as a store mounted at different places is audited.
    static func audit(_ arguments: [String], ledger: String, cwd: URL) -> CLI.RawRun {
        CLI.execute(
            [CLI.rialPath, "audit", "--recursive", "store", "--root", "store", "--ledger", ledger, "--format", "jsonl", "--quiet", "--no-examine-media"]
                + arguments,
            cwd: cwd, timeLimit: hangGuard)
    }

    @Test("four workers at once, a killed worker's rerun, a hand-edited record", arguments: [LedgerOracle.Kind.sqlite])
    func doneWhen(kind: LedgerOracle.Kind) throws {
        try withTemporaryDirectory { dir in
            let ledger = try LedgerOracle.ledger(kind, in: dir)
            _ = try Self.store(in: dir)

            // Four workers at once, one ledger: every package exactly once.
            let runs = Runs()
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                runs.add(Self.audit(["--shard", "\(index)/4", "--run", "first", "--jobs", "1"], ledger: ledger, cwd: dir))
            }
            var total = 0
            #expect(runs.all.count == 4)
            for run in runs.all {
                #expect(run.status == 0, "a first audit of passing packages: \(run)")
                let summary = try #require(try Self.lines(run.stdout).last)
                #expect(summary.type == "audit")
                total += summary.inputs ?? 0
            }
            #expect(total == 200, "the four shares cover the store")
            #expect(
                try LedgerOracle.query(
                    ledger, "SELECT COUNT(*), COUNT(DISTINCT path) FROM ledger_records WHERE kind = 'package' AND run_id = 'first'", cwd: dir) == ["200|200"])
            #expect(
                try LedgerOracle.query(ledger, "SELECT COUNT(*) FROM ledger_records WHERE kind <> 'package'", cwd: dir) == ["8"],
                "a start and an end per worker")
            let verified = CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir)
            #expect(verified.status == 0 && verified.stdout.hasPrefix("PASS") && verified.stdout.contains("208 records"), "\(verified)")

            // What a second audit reports (a changed fingerprint, a vanished and a new package) and
            // `ledger forget`: in process, Tests/RialAuditTests (AuditTests, LedgerForgetTests).

            // A worker killed mid-run, then run again: no duplicate, and the first attempt shows.
            let attempt = Process()
            attempt.executableURL = URL(fileURLWithPath: CLI.rialPath)
            attempt.arguments = [
                "audit", "--recursive", "store", "--root", "store", "--ledger", ledger, "--shard", "1/2", "--run", "third", "--jobs", "1", "--quiet",
                "--no-examine-media",
            ]
            attempt.currentDirectoryURL = dir
            attempt.standardOutput = FileHandle.nullDevice
            attempt.standardError = FileHandle.nullDevice
            try attempt.run()
            let deadline = Date().addingTimeInterval(Self.hangGuard)
            while Date() < deadline, attempt.isRunning,
                try LedgerOracle.query(ledger, "SELECT COUNT(*) FROM ledger_records WHERE kind = 'package' AND run_id = 'third'", cwd: dir) == ["0"]
            {
                usleep(10_000)
            }
            let wasRunning = attempt.isRunning
            kill(attempt.processIdentifier, SIGKILL)
            attempt.waitUntilExit()
            #expect(wasRunning, "the worker was killed before it finished its share")
            let recordedBefore = try LedgerOracle.query(ledger, "SELECT COUNT(*) FROM ledger_records WHERE kind = 'package' AND run_id = 'third'", cwd: dir)
            let rerun = Self.audit(["--shard", "1/2", "--run", "third", "--jobs", "1"], ledger: ledger, cwd: dir)
            #expect(rerun.status == 0, "nothing changed since the first audit: \(rerun)")
            #expect(try Self.lines(rerun.stdout).allSatisfy { $0.type != "change" }, "\(rerun)")
            let summary = try #require(try Self.lines(rerun.stdout).last)
            let share = try #require(summary.inputs)
            #expect(summary.verifiedNow.map { $0 < share } == true, "the rerun verified only what was left (\(recordedBefore))")
            #expect(
                try LedgerOracle.query(
                    ledger, "SELECT COUNT(*), COUNT(DISTINCT path) FROM ledger_records WHERE kind = 'package' AND run_id = 'third'", cwd: dir)
                    == ["\(share)|\(share)"])
            let report = CLI.rial(["ledger", "report", "--ledger", ledger], cwd: dir)
            #expect(report.stdout.contains("third") && report.stdout.contains("1 interrupted attempt"), "\(report)")
            #expect(CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir).status == 0)

            // A record edited by hand: named by its seq and path.
            let seq = try #require(
                try LedgerOracle.query(ledger, "SELECT seq FROM ledger_records WHERE run_id = 'first' AND path = 'pkg-010.rialpkg'", cwd: dir).first)
            _ = try LedgerOracle.query(ledger, "UPDATE ledger_records SET verdict = 'fail' WHERE seq = \(seq)", cwd: dir)
            let broken = CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir)
            #expect(broken.status == 1, "\(broken)")
            #expect(broken.stdout.contains("record seq \(seq) (pkg-010.rialpkg)"), "\(broken)")
        }
    }

    /// The directory as `realpath(3)` gives it: the start of the keys the ledger records.
    static func realPath(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [CLI.RawRun] = []
        func add(_ run: CLI.RawRun) { lock.lock(); runs.append(run); lock.unlock() }
        var all: [CLI.RawRun] { lock.lock(); defer { lock.unlock() }; return runs }
    }

    @Test("history, export against the JSON Schema and hashes recomputed by Python, CSV, exit statuses")
    func readingTheLedger() throws {
        try withTemporaryDirectory { dir in
            let ledger = dir.appendingPathComponent("l.sqlite").path
            let (_, other) = try Self.store(in: dir)
            let store = dir.appendingPathComponent("store")
            for index in 3..<200 { try FileManager.default.removeItem(at: store.appendingPathComponent(String(format: "pkg-%03d.rialpkg", index))) }
            try Oracle.tamper(other, ["flip-byte", "data/media/photo.jpg", "10"], output: store.appendingPathComponent("bad.rialpkg"))
            let first = CLI.rial(["audit", "-r", "store", "--ledger", ledger, "--run", "a"], cwd: dir)
            #expect(first.status == 1, "a failing package: \(first)")
            #expect(first.stdout.contains("changes since the previous audit (4)"), "\(first)")

            let history = CLI.rial(["ledger", "history", "audit-other", "--ledger", ledger], cwd: dir)
            #expect(
                history.status == 0 && history.stdout.contains("FAIL") && history.stdout.contains("/store/bad.rialpkg"), "history by package id: \(history)")
            #expect(CLI.rial(["ledger", "history", "nothing", "--ledger", ledger], cwd: dir).status == 1)
            #expect(CLI.rial(["ledger", "history", "x", "--ledger", dir.appendingPathComponent("none.sqlite").path], cwd: dir).status == 2)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.sqlite").path))

            let export = CLI.rial(["ledger", "export", "--ledger", ledger], cwd: dir)
            try #require(export.status == 0, "\(export)")
            let exported = dir.appendingPathComponent("export.jsonl")
            try Data(export.stdout.utf8).write(to: exported)
            // Each line against the schema, then every link recomputed from the export alone.
            let script = """
                import hashlib, json, sys
                records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
                json.dump(records, open(sys.argv[2], "w"))
                previous = "0" * 64
                for index, record in enumerate(records, 1):
                    stated = record.pop("record_hash")
                    assert isinstance(record["policy"], dict), "policy nested"
                    for column in ("policy", "detail"):
                        if isinstance(record[column], dict):
                            record[column] = json.dumps(record[column], ensure_ascii=False, separators=(",", ": "))
                    body = (json.dumps(record, indent=2, ensure_ascii=False) + "\\n").encode()
                    assert record["seq"] == index and record["prev_hash"] == previous, record["seq"]
                    assert hashlib.sha256(body).hexdigest() == stated, record["seq"]
                    previous = stated
                print(len(records))
                """
            let array = dir.appendingPathComponent("export.json").path
            let recomputed = CLI.run([try Oracle.python(), "-c", script, exported.path, array], cwd: dir)
            #expect(recomputed.status == 0 && recomputed.stdout == "6\n", "\(recomputed)")
            let valid = try Oracle.validate(schema: "ledger-record.schema.json", [array], cwd: dir)
            #expect(valid.status == 0, "\(valid)")
            // The run-ended record names what the verdicts depended on: the libraries (the media
            // probe's too: the store's photos were examined) and the probe's confinement.
            let ended = CLI.run(
                [
                    try Oracle.python(), "-c",
                    """
                    import json, sys
                    record = [r for r in json.load(open(sys.argv[1])) if r["kind"] == "run-ended"][0]
                    detail = record["detail"]
                    print(" ".join(l["name"] for l in detail["libraries"]))
                    print(detail["media_probe_confinement"].split(" (")[0])
                    """, array,
                ], cwd: dir)
            #expect(ended.stdout.hasPrefix("OpenSSL libarchive FFmpeg libavformat libavcodec libavutil libheif libexif"), "\(ended)")
            #expect(ended.stdout.hasSuffix("\nseccomp allow-list\n"), "\(ended)")

            let csv = CLI.rial(["ledger", "export", "--format", "csv", "--ledger", ledger], cwd: dir)
            try Data(csv.stdout.utf8).write(to: dir.appendingPathComponent("export.csv"))
            let rows = CLI.run(
                [
                    try Oracle.python(), "-c",
                    "import csv, os; rows = list(csv.DictReader(open('export.csv', newline=''))); print(len(rows), rows[1]['path'] == os.path.realpath('store/bad.rialpkg'), rows[1]['verdict'])",
                ], cwd: dir)
            #expect(rows.stdout == "6 True fail\n", "the key is the canonical path: \(rows)")

            let report = CLI.rial(["ledger", "report", "--ledger", ledger], cwd: dir)
            #expect(report.status == 1 && report.stdout.contains("FAIL  \(Self.realPath(dir))/store/bad.rialpkg"), "\(report)")
        }
    }

    @Test("usage: a bad --shard, --max-age or --ledger is refused before anything is written")
    func usage() throws {
        try withTemporaryDirectory { dir in
            for arguments in [["--shard", "4/4"], ["--shard", "auto/4"], ["--max-age", "3 weeks"], ["--ledger", "mysql://x"]] {
                let result = CLI.rial(["audit", "store"] + arguments + (arguments.first == "--ledger" ? [] : ["--ledger", "l.sqlite"]), cwd: dir)
                #expect(result.status == 64, "\(arguments): \(result)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("l.sqlite").path))
        }
    }

    /// The command of examples/kubernetes/audit-job.yaml's container, read from its
    /// `command:` list (one `- item` a line), so the test runs what the example runs.
    static func kubernetesCommand() throws -> [String] {
        let yaml = try String(contentsOf: CLI.repoRoot.appendingPathComponent("examples/kubernetes/audit-job.yaml"), encoding: .utf8)
        var command: [String] = []
        var inCommand = false
        for line in yaml.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == "command:" { inCommand = true; continue }
            guard inCommand else { continue }
            guard text.hasPrefix("- ") else { break }
            command.append(String(text.dropFirst(2)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return command
    }

    @Test("the Kubernetes Indexed Job's command and the Slurm batch script, as four and two workers, audit every package once")
    func examples() throws {
        try withTemporaryDirectory { dir in
            _ = try Self.store(in: dir)
            let store = dir.appendingPathComponent("store")
            for index in 40..<200 { try FileManager.default.removeItem(at: store.appendingPathComponent(String(format: "pkg-%03d.rialpkg", index))) }
            let ledger = dir.appendingPathComponent("ledger.sqlite").path

            let command = try Self.kubernetesCommand()
            try #require(command.first == "rial" && command.contains("auto/4"), "\(command)")
            let arguments = command.dropFirst().map { $0 == "/evidence" ? store.path : $0 }
            for index in 0..<4 {
                let run = CLI.execute(
                    [CLI.rialPath] + arguments, cwd: dir,
                    environment: [
                        "JOB_COMPLETION_INDEX": String(index), "RIAL_AUDIT_RUN": "rial-audit-2026-11-26", "RIAL_LEDGER": ledger,
                    ], timeLimit: Self.hangGuard)
                #expect(run.status == 0, "\(run)")
            }
            #expect(
                try LedgerOracle.query(
                    ledger, "SELECT COUNT(*), COUNT(DISTINCT path) FROM ledger_records WHERE kind = 'package' AND run_id = 'rial-audit-2026-11-26'", cwd: dir)
                    == ["40|40"])

            // The Slurm script as one array task with `slurm` set beside the store and ledger.
            let script = CLI.repoRoot.appendingPathComponent("examples/slurm/audit.sbatch").path
            func slurmTask(_ slurm: [String: String]) -> CLI.RawRun {
                CLI.execute(
                    ["bash", script], cwd: dir,
                    environment: slurm.merging(
                        ["SLURM_CPUS_PER_TASK": "1", "RIAL_LEDGER": ledger, "STORE": store.path, "RIAL": CLI.rialPath]) { given, _ in given },
                    timeLimit: Self.hangGuard)
            }
            func packagesRecorded(inRun run: String) throws -> [String] {
                try LedgerOracle.query(
                    ledger, "SELECT COUNT(*), COUNT(DISTINCT path) FROM ledger_records WHERE kind = 'package' AND run_id = '\(run)'", cwd: dir)
            }
            for task in 0..<2 {
                let run = slurmTask(["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_JOB_ID": "4242"])
                #expect(run.status == 0, "\(run)")
            }
            #expect(try packagesRecorded(inRun: "slurm-4242") == ["40|40"])
            // An array numbered from 1 (sbatch --array=1-2) covers every share too; one with a
            // step would leave shares unaudited, and is refused.
            for task in 1...2 {
                let run = slurmTask([
                    "SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_JOB_ID": "4343",
                ])
                #expect(run.status == 0, "\(run)")
            }
            #expect(try packagesRecorded(inRun: "slurm-4343") == ["40|40"])
            let stepped = slurmTask(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_JOB_ID": "4444"])
            #expect(stepped.status == 2 && String(decoding: stepped.stderr, as: UTF8.self).contains("has a step"), "\(stepped)")
            #expect(CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir).status == 0)
        }
    }
}

extension AuditTests {
    /// The cases above on PostgreSQL: skipped without a server (RIAL_TEST_POSTGRES_URL), failed
    /// without one when RIAL_REQUIRE_POSTGRES=1 (make test).
    @Suite("on PostgreSQL", .requires(.postgres))
    struct OnPostgres {
        @Test("four workers at once, a killed worker's rerun, a hand-edited record") func doneWhen() throws { try AuditTests().doneWhen(kind: .postgres) }
    }
}
