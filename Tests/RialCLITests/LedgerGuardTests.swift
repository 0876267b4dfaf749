import Foundation
import Testing
import RialTestSupport

/// The ledger guards itself (issue 35), end to end: an edited or truncated ledger is refused by
/// `audit` (exit 2) and marked by `history` and `report` (exit 1), on SQLite and PostgreSQL;
/// history's columns and --root; `ledger forget`'s statuses; a fresh or forbidden PostgreSQL
/// database in a sentence. The same cases in process, with what each record holds:
/// Tests/RialAuditTests.
@Suite("Ledger guards", .serialized)
struct LedgerGuardTests {
    /// Three small photo packages under store/, each with its own id.
    static func store(in dir: URL) throws {
        let sample = CLI.rial(["sample", "--out", "photo", "--kind", "photo"], cwd: dir)
        try #require(sample.status == 0, "\(sample)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("store"), withIntermediateDirectories: true)
        for index in 1...3 {
            let pack = CLI.rial(["pack", "photo", "-o", "store/p\(index).rialpkg", "--package-id", "guard-\(index)", "-q"], cwd: dir)
            try #require(pack.status == 0, "\(pack)")
        }
    }

    static func audit(_ ledger: String, _ arguments: [String] = [], paths: [String] = ["store"], cwd: URL) -> CommandResult {
        CLI.rial(["audit", "--recursive"] + paths + ["--ledger", ledger, "--quiet", "--no-examine-media", "--jobs", "1"] + arguments, cwd: cwd)
    }

    static func count(_ ledger: String, cwd: URL) throws -> String {
        try LedgerOracle.query(ledger, "SELECT COUNT(*) FROM ledger_records", cwd: cwd).first ?? ""
    }

    @Test(
        "an edited record: audit refuses and records nothing, names the seq; --extend-broken-ledger records after it; history and report mark what follows",
        arguments: [LedgerOracle.Kind.sqlite])
    func editedLedger(kind: LedgerOracle.Kind) throws {
        try withTemporaryDirectory { dir in
            let ledger = try LedgerOracle.ledger(kind, in: dir)
            try Self.store(in: dir)
            #expect(Self.audit(ledger, cwd: dir).status == 0)
            let twin = Self.audit(ledger, cwd: dir)
            #expect(twin.status == 0, "an intact ledger is extended: \(twin)")
            // The second audit's record of p1: its first verification stays before the break.
            let seq = try #require(
                try LedgerOracle.query(ledger, "SELECT MAX(seq) FROM ledger_records WHERE kind = 'package' AND path LIKE '%/store/p1.rialpkg'", cwd: dir).first)
            _ = try LedgerOracle.query(ledger, "UPDATE ledger_records SET host = 'elsewhere' WHERE seq = \(seq)", cwd: dir)
            let before = try Self.count(ledger, cwd: dir)

            let refused = Self.audit(ledger, cwd: dir)
            #expect(refused.status == 2, "\(refused)")
            #expect(
                refused.stderr.contains("is broken at record seq \(seq) (") && refused.stderr.contains("Nothing was verified or recorded")
                    && refused.stderr.contains("--extend-broken-ledger"), "\(refused)")
            #expect(refused.stdout.isEmpty, "nothing verified: \(refused)")
            #expect(try Self.count(ledger, cwd: dir) == before, "nothing recorded")

            let extended = Self.audit(ledger, ["--extend-broken-ledger"], cwd: dir)
            #expect(
                extended.status == 0 && extended.stderr.contains("warning: the ledger") && extended.stderr.contains("recording after the break"), "\(extended)")
            #expect(try Self.count(ledger, cwd: dir) != before)

            // Which rows are marked: in process (RialAuditTests' LedgerHistoryTests).
            let history = CLI.rial(["ledger", "history", "store/p1.rialpkg", "--ledger", ledger], cwd: dir)
            #expect(history.status == 1 && history.stdout.contains("the ledger's hash chain breaks at seq \(seq)"), "a broken chain: \(history)")
            let report = CLI.rial(["ledger", "report", "--ledger", ledger], cwd: dir)
            #expect(
                report.status == 1 && report.stdout.contains("chain: BROKEN at record seq \(seq)") && report.stdout.contains("not proven by the chain"),
                "\(report)")
        }
    }

    @Test("records dropped from the end are found from the head the last audit kept; audit refuses", arguments: [LedgerOracle.Kind.sqlite])
    func truncatedLedger(kind: LedgerOracle.Kind) throws {
        try withTemporaryDirectory { dir in
            let ledger = try LedgerOracle.ledger(kind, in: dir)
            try Self.store(in: dir)
            #expect(Self.audit(ledger, cwd: dir).status == 0)
            #expect(Self.audit(ledger, cwd: dir).status == 0)
            let head = try #require(try LedgerOracle.query(ledger, "SELECT MAX(seq) FROM ledger_verified_heads", cwd: dir).first)
            #expect(head == (try LedgerOracle.query(ledger, "SELECT MAX(seq) FROM ledger_records", cwd: dir).first), "the audit kept its head")
            _ = try LedgerOracle.query(ledger, "DELETE FROM ledger_records WHERE seq > \(Int(head)! - 3)", cwd: dir)
            let verify = CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir)
            #expect(verify.status == 1 && verify.stdout.contains("were dropped from the end"), "\(verify)")
            let refused = Self.audit(ledger, cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains("dropped from the end"), "\(refused)")
        }
    }

    @Test("history: keyed as the audit keys it, by package id with --root; a bad --root and an input outside it are usage errors")
    func oneHistory() throws {
        try withTemporaryDirectory { dir in
            let ledger = dir.appendingPathComponent("l.sqlite").path
            try Self.store(in: dir)
            let first = Self.audit(ledger, cwd: dir)
            #expect(first.status == 0 && first.stdout.contains("new"), "\(first)")
            // Another spelling of the store: the same keys (the spellings' cases: RialAuditTests).
            let again = Self.audit(ledger, paths: ["./store/"], cwd: dir)
            #expect(again.status == 0 && again.stdout.contains("no change since the previous audit"), "\(again)")
            // Its columns: in process (RialAuditTests' LedgerHistoryTests).
            let history = CLI.rial(["ledger", "history", "./store/p2.rialpkg", "--ledger", ledger], cwd: dir)
            #expect(history.status == 0 && history.stdout.hasPrefix("2 records of"), "\(history)")

            // With --root (the store at another mount point: RialAuditTests).
            let rooted = dir.appendingPathComponent("rooted.sqlite").path
            #expect(CLI.rial(["audit", "-r", "store", "--root", "store", "--ledger", rooted, "-q", "--no-examine-media"], cwd: dir).status == 0)
            try FileManager.default.copyItem(at: dir.appendingPathComponent("store"), to: dir.appendingPathComponent("mnt"))
            let byID = CLI.rial(["ledger", "history", "guard-2", "--root", "mnt", "--ledger", rooted], cwd: dir)
            #expect(byID.status == 0 && byID.stderr.isEmpty && byID.stdout.contains("p2.rialpkg"), "a package id with --root: \(byID)")
            let badRoot = CLI.rial(["ledger", "history", "p2.rialpkg", "--root", "none", "--ledger", rooted], cwd: dir)
            #expect(badRoot.status == 64 && badRoot.stderr.contains("is not a directory"), "\(badRoot)")
            let outside = CLI.rial(["audit", "-r", "store", "--root", "mnt", "--ledger", rooted, "-q"], cwd: dir)
            #expect(outside.status == 64 && outside.stderr.contains("is not under the store root"), "\(outside)")
        }
    }

    @Test(
        "a move and a vanished package end to end: audit's exit status, history follows the move, report lists the vanished apart, `ledger forget`'s statuses and output"
    )
    func vanishedAndForgotten() throws {
        try withTemporaryDirectory { dir in
            let ledger = dir.appendingPathComponent("l.sqlite").path
            try Self.store(in: dir)
            #expect(Self.audit(ledger, cwd: dir).status == 0)
            let store = dir.appendingPathComponent("store")
            try FileManager.default.moveItem(at: store.appendingPathComponent("p3.rialpkg"), to: store.appendingPathComponent("p3-renamed.rialpkg"))
            try FileManager.default.moveItem(at: store.appendingPathComponent("p2.rialpkg"), to: dir.appendingPathComponent("p2.rialpkg"))
            let second = Self.audit(ledger, cwd: dir)
            #expect(second.status == 1, "a vanished package needs a person: \(second)")
            #expect(second.stdout.contains("p3-renamed.rialpkg: moved from") && second.stdout.contains("p2.rialpkg: vanished (last verified"), "\(second)")
            let history = CLI.rial(["ledger", "history", "store/p3-renamed.rialpkg", "--ledger", ledger], cwd: dir)
            #expect(history.stdout.contains("MOVED") && history.stdout.contains("/store/p3.rialpkg"), "the history follows the move: \(history)")

            let report = CLI.rial(["ledger", "report", "--ledger", ledger], cwd: dir)
            #expect(
                report.status == 1 && report.stdout.contains("packages: 2 (latest verdict: 2 pass") && report.stdout.contains("1 vanished")
                    && report.stdout.contains("VANISHED  \(AuditTests.realPath(dir))/store/p2.rialpkg"), "not counted among the passes: \(report)")

            #expect(CLI.rial(["ledger", "forget", "store/p2.rialpkg", "--ledger", ledger], cwd: dir).status == 64, "--reason is required")
            let present = CLI.rial(["ledger", "forget", "store/p1.rialpkg", "--reason", "x", "--ledger", ledger], cwd: dir)
            #expect(present.status == 64 && present.stderr.contains("is still there"), "\(present)")
            let unknown = CLI.rial(["ledger", "forget", "store/none.rialpkg", "--reason", "x", "--ledger", ledger], cwd: dir)
            #expect(unknown.status == 1 && unknown.stderr.contains("holds no record of"), "\(unknown)")
            let forget = CLI.rial(["ledger", "forget", "store/p2.rialpkg", "--reason", "returned to the owner, order 118", "--ledger", ledger], cwd: dir)
            #expect(forget.status == 0 && forget.stdout.hasPrefix("forgotten: ") && forget.stdout.contains("returned to the owner"), "\(forget)")
            #expect(
                try LedgerOracle.query(ledger, "SELECT json_extract(detail, '$.reason') FROM ledger_records WHERE kind = 'forgotten'", cwd: dir) == [
                    "returned to the owner, order 118"
                ])
            let again = CLI.rial(["ledger", "forget", "store/p2.rialpkg", "--reason", "x", "--ledger", ledger], cwd: dir)
            #expect(again.status == 0 && again.stdout.hasPrefix("already forgotten: "), "\(again)")

            let fourth = Self.audit(ledger, cwd: dir)
            #expect(fourth.status == 0 && fourth.stdout.contains("no change since the previous audit"), "\(fourth)")
            let filed = CLI.rial(["ledger", "report", "--ledger", ledger], cwd: dir)
            #expect(
                filed.status == 0 && filed.stdout.contains("forgotten (acknowledged gone):")
                    && filed.stdout.contains("\"returned to the owner, order 118\" by"), "\(filed)")
            #expect(CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir).status == 0)
        }
    }

    @Test("a fresh PostgreSQL database, a missing one and a role that may not create tables: a sentence each, no SQL and no caret", .requires(.postgres))
    func postgresSentences() throws {
        try withTemporaryDirectory { dir in
            let ledger = try LedgerOracle.ledger(.postgres, in: dir)
            let fresh = CLI.rial(["ledger", "report", "--ledger", ledger], cwd: dir)
            #expect(fresh.status == 2 && fresh.stderr.contains("holds no rial ledger yet: the first `rial audit --ledger"), "\(fresh)")
            let missing = CLI.rial(["ledger", "verify", "--ledger", ledger + "_none"], cwd: dir)
            #expect(missing.status == 2 && missing.stderr.contains("does not exist: create the database first (`createdb -O rial"), "\(missing)")
            let role = "weak_" + String(UUID().uuidString.prefix(8)).lowercased()
            _ = try LedgerOracle.query(ledger, "CREATE ROLE \(role) LOGIN; REVOKE CREATE ON SCHEMA public FROM PUBLIC", cwd: dir)
            try Self.store(in: dir)
            let weak = ledger.replacingOccurrences(of: "://rial@", with: "://\(role)@")
            let refused = Self.audit(weak, cwd: dir)
            #expect(
                refused.status == 2 && refused.stderr.contains("permission denied for schema public")
                    && refused.stderr.contains("GRANT CREATE ON SCHEMA public TO \(role)")
                    && refused.stderr.contains("[ledger.not-permitted]"), "\(refused)")
            for said in [fresh.stderr, missing.stderr, refused.stderr] {
                #expect(!said.contains("LINE 1") && !said.contains("^") && !said.contains("SELECT MAX") && !said.contains("CREATE TABLE"), "\(said)")
            }
        }
    }
}

extension LedgerGuardTests {
    /// The cases above on PostgreSQL: skipped without a server (RIAL_TEST_POSTGRES_URL), failed
    /// without one when RIAL_REQUIRE_POSTGRES=1 (make test).
    @Suite("on PostgreSQL", .requires(.postgres))
    struct OnPostgres {
        @Test(
            "an edited record: audit refuses and records nothing, names the seq; --extend-broken-ledger records after it; history and report mark what follows")
        func editedLedger() throws { try LedgerGuardTests().editedLedger(kind: .postgres) }
        @Test("records dropped from the end are found from the head the last audit kept; audit refuses") func truncatedLedger() throws {
            try LedgerGuardTests().truncatedLedger(kind: .postgres)
        }
    }
}
