import Foundation
import Testing
import RialTestSupport
import RialAudit
import RialFormat
import RialLedger
import RialVerifier

/// The audit workflow in process (issue 22's "done when", issue 35's guards): what an audit
/// records, the changes a second audit reports, shares and reruns of one run, a broken or
/// truncated ledger refused, one history per package, moves, vanished packages. The command
/// line's own tests (Tests/RialCLITests/AuditTests.swift) keep what needs processes: workers
/// at once, a killed worker, exit statuses and output.
@Suite("Audit in process", .serialized)
struct AuditTests {
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test(
        "a first audit records a start, a record per package and an end; a second reports a changed fingerprint, a vanished and a new package, and records the vanished one",
        arguments: [AuditStore.LedgerKind.sqlite])
    func changes(kind: AuditStore.LedgerKind) throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 0..<5 { try store.add(String(format: "pkg-%02d.rialpkg", index)) }
        let ledger = try store.ledger(kind)
        let first = try store.audit(store.options(ledger, run: "first"))
        #expect(first.summary.outcome == .passed)
        #expect(first.summary.verdicts.pass == 5 && first.summary.verdicts.fail == 0 && first.summary.verdicts.error == 0)
        #expect(first.events.reports.count == 5 && first.events.notes.isEmpty)
        #expect(first.summary.changes.count == 5 && first.summary.changes.allSatisfy { $0.kinds == [.new] && !$0.needsAttention })

        let records = try AuditStore.records(ledger)
        #expect(records.map(\.kind) == [.runStarted] + Array(repeating: .package, count: 5) + [.runEnded])
        #expect(first.summary.head.seq == 7 && first.summary.head.hash == records.last?.recordHash)
        let base = Self.real(store.store)
        let package = try #require(records.first { $0.kind == .package })
        let report = try #require(first.events.reports.first)
        #expect(package.path == base + "/pkg-00.rialpkg" && package.runID == "first" && package.host == "test-host" && package.shard == "all")
        #expect(package.verdict == "pass" && package.failingCodes.isEmpty && package.errorCode == nil)
        #expect(package.packageID == "audit-base" && package.fingerprint == report.manifestSHA256)
        let size = try FileManager.default.attributesOfItem(atPath: store.store + "/pkg-00.rialpkg")[.size] as? Int
        #expect(package.size.map(Int.init) == size)
        let ended = try #require(records.last)
        #expect(ended.verdict == "pass")
        let detail = JSONDetail(ended.detail)
        #expect(detail.object?["pass"] == .integer(5) && detail.object?["exit_status"] == .integer(0) && detail.object?["changes"] == .integer(5))
        #expect(JSONDetail(records[0].detail).object?["inputs"] == .integer(5))

        try store.remove("pkg-01.rialpkg")
        try store.add("pkg-01.rialpkg", id: "audit-other")
        try store.remove("pkg-02.rialpkg")
        try store.add("pkg-05.rialpkg", id: "audit-other")
        let second = try store.audit(store.options(ledger, run: "second"))
        #expect(second.summary.outcome == .needsAttention, "a vanished package and a changed fingerprint need a person")
        #expect(
            second.summary.changesByPath == [
                base + "/pkg-01.rialpkg": ["fingerprint-changed"],
                base + "/pkg-02.rialpkg": ["vanished"],
                base + "/pkg-05.rialpkg": ["new"],
            ])
        let vanished = try AuditStore.records(ledger).filter { $0.kind == .vanished }
        #expect(vanished.map(\.path) == [base + "/pkg-02.rialpkg"] && vanished.first?.runID == "second")
        #expect(second.summary.text().contains("! \(base)/pkg-02.rialpkg: vanished (last verified"))
        #expect(second.summary.text().contains("+ \(base)/pkg-05.rialpkg: new"))
    }

    @Test("four shares audit every package once; a rerun of the run verifies only what it had not recorded, and adds no duplicate")
    func sharesAndReruns() throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 0..<8 { try store.add(String(format: "pkg-%02d.rialpkg", index)) }
        let ledger = try store.ledger(.sqlite)
        var total = 0
        for index in 0..<4 {
            var options = store.options(ledger, run: "first")
            options.shard = try ShardSelector.parse("\(index)/4", environment: [:]).get()
            let share = try store.audit(options)
            #expect(share.summary.outcome == .passed)
            total += share.summary.inputs
        }
        #expect(total == 8, "the four shares cover the store")
        let packages = try AuditStore.records(ledger).filter { $0.kind == .package }
        #expect(packages.count == 8 && Set(packages.compactMap(\.path)).count == 8)
        #expect(try AuditStore.records(ledger).filter { $0.kind != .package }.count == 8, "a start and an end per share")

        // A worker that recorded two packages before it stopped, then its rerun.
        let partial = store.options(ledger, run: "third", paths: [store.store + "/pkg-00.rialpkg", store.store + "/pkg-01.rialpkg"])
        _ = try store.audit(AuditOptions(paths: partial.paths, ledger: ledger, runID: "third", policy: partial.policy, host: "test-host"))
        let rerun = try store.audit(store.options(ledger, run: "third"))
        #expect(rerun.summary.inputs == 8 && rerun.summary.verifiedNow == 6 && rerun.events.reports.count == 6)
        #expect(rerun.summary.outcome == .passed && rerun.summary.changes.isEmpty)
        #expect(rerun.summary.text().contains("(2 recorded earlier in this run)"))
        let third = try AuditStore.records(ledger).filter { $0.kind == .package && $0.runID == "third" }
        #expect(third.count == 8 && Set(third.compactMap(\.path)).count == 8)
        let overview = try LedgerOverview(reading: Ledger.openForReading(ledger))
        #expect(overview.runs.map(\.id) == ["first", "third"] && overview.runs.map(\.starts) == [4, 2] && !overview.needsAttention)
    }

    @Test(
        "an edited record: the audit refuses, names the seq and records nothing; extending the broken ledger is said and recorded after the break",
        arguments: [AuditStore.LedgerKind.sqlite])
    func editedLedger(kind: AuditStore.LedgerKind) throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 1...3 { try store.add("p\(index).rialpkg", id: "guard-\(index)") }
        let ledger = try store.ledger(kind)
        _ = try store.audit(store.options(ledger, run: "a"))
        let seq = try #require(try AuditStore.records(ledger).first { $0.kind == .package && $0.path?.hasSuffix("/p1.rialpkg") == true }?.seq)
        try AuditStore.edit(ledger, "UPDATE ledger_records SET host = 'elsewhere' WHERE seq = \(seq)")
        let before = try AuditStore.records(ledger).count

        let events = RecordedEvents()
        #expect {
            _ = try Audit(options: store.options(ledger, run: "b")).run(events: events)
        } throws: { error in
            guard let error = error as? AuditError else { return false }
            return error.kind == .couldNotComplete && error.context.contains("is broken at record seq \(seq) (")
                && error.context.contains("Nothing was verified or recorded") && error.context.contains("--extend-broken-ledger")
        }
        #expect(events.reports.isEmpty, "nothing verified")
        #expect(try AuditStore.records(ledger).count == before, "nothing recorded")

        var extending = store.options(ledger, run: "c")
        extending.extendsBrokenLedger = true
        let extended = try store.audit(extending)
        #expect(extended.summary.outcome == .passed)
        #expect(
            extended.events.notes.contains { $0.hasPrefix("warning: the ledger") && $0.contains("recording after the break, as --extend-broken-ledger asks") },
            "\(extended.events.notes)")
        #expect(try AuditStore.records(ledger).count == before + 5)
        let overview = try LedgerOverview(reading: Ledger.openForReading(ledger))
        #expect(overview.needsAttention)
        #expect(overview.text().contains("chain: BROKEN at record seq \(seq)") && overview.text().contains("not proven by the chain"))
    }

    @Test("records dropped from the end are found from the head the last audit kept: the audit refuses", arguments: [AuditStore.LedgerKind.sqlite])
    func truncatedLedger(kind: AuditStore.LedgerKind) throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 1...3 { try store.add("p\(index).rialpkg", id: "guard-\(index)") }
        let ledger = try store.ledger(kind)
        _ = try store.audit(store.options(ledger, run: "a"))
        let second = try store.audit(store.options(ledger, run: "b"))
        #expect(second.summary.head.seq == 10, "the head kept is the last record")
        try AuditStore.edit(ledger, "DELETE FROM ledger_records WHERE seq > 7")
        #expect {
            _ = try Audit(options: store.options(ledger, run: "c")).run(events: RecordedEvents())
        } throws: { error in
            (error as? AuditError)?.context.contains("dropped from the end") == true
        }
    }

    @Test(
        "./store, store/ and the absolute path are one package each: no change; a store root keeps the keys from another mount point; an input outside it is refused"
    )
    func oneHistory() throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 1...3 { try store.add("p\(index).rialpkg", id: "guard-\(index)") }
        let ledger = try store.ledger(.sqlite)
        let first = try store.audit(store.options(ledger, run: "a"))
        #expect(first.summary.changes.count == 3)
        for (index, spelling) in [store.directory + "/./store/", Self.real(store.store), store.store + "//"].enumerated() {
            let again = try store.audit(store.options(ledger, run: "again-\(index)", paths: [spelling]))
            #expect(again.summary.outcome == .passed && again.summary.changes.isEmpty, "\(spelling): \(again.summary.text())")
            #expect(again.summary.text().hasPrefix("no change since the previous audit\n"))
        }
        #expect(Set(try AuditStore.records(ledger).compactMap(\.path)).count == 3)

        let rooted = try store.ledger(.sqlite)
        var options = store.options(rooted, run: "rooted")
        options.storeRoot = store.store
        _ = try store.audit(options)
        let mount = store.directory + "/mnt"
        try FileManager.default.copyItem(atPath: store.store, toPath: mount)
        var elsewhere = store.options(rooted, run: "mounted", paths: [mount])
        elsewhere.storeRoot = mount
        let mounted = try store.audit(elsewhere)
        #expect(mounted.summary.changes.isEmpty, "\(mounted.summary.text())")
        #expect(Set(try AuditStore.records(rooted).compactMap(\.path)) == ["p1.rialpkg", "p2.rialpkg", "p3.rialpkg"])
        #expect(JSONDetail(try AuditStore.records(rooted).first?.detail).string("store_root") == Self.real(store.store))

        var outside = store.options(rooted, run: "outside")
        outside.storeRoot = mount
        #expect { _ = try store.audit(outside) } throws: { error in
            guard let error = error as? AuditError else { return false }
            return error.kind == .usage && error.context.contains("is not under the store root")
        }
        var badRoot = store.options(rooted, run: "bad")
        badRoot.storeRoot = store.directory + "/none"
        #expect { _ = try store.audit(badRoot) } throws: { ($0 as? AuditError)?.kind == .usage }
    }

    @Test("nothing to audit: an error, and nothing recorded")
    func nothingFound() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let ledger = try store.ledger(.sqlite)
        #expect { _ = try store.audit(store.options(ledger, run: "a")) } throws: { error in
            guard let error = error as? AuditError else { return false }
            return error.kind == .couldNotComplete && error.context.hasPrefix("no .rialpkg file or bag directory found under ")
        }
        #expect(!FileManager.default.fileExists(atPath: ledger.displayName))
    }

    @Test("a failing package: its codes recorded, the run's worst verdict fail, the outcome needs a person; a verdict that changes is reported")
    func failingPackage() throws {
        let store = try AuditStore()
        defer { store.remove() }
        try store.add("good.rialpkg")
        try store.addTampered("bad.rialpkg")
        let ledger = try store.ledger(.sqlite)
        let first = try store.audit(store.options(ledger, run: "a"))
        #expect(first.summary.outcome == .needsAttention && first.summary.verdicts.fail == 1 && first.summary.verdicts.pass == 1)
        let records = try AuditStore.records(ledger)
        let bad = try #require(records.first { $0.path?.hasSuffix("/bad.rialpkg") == true })
        let badReport = try #require(first.events.reports.first { $0.subjectPath.hasSuffix("/bad.rialpkg") })
        var codes: [String] = []
        for check in badReport.failures where !codes.contains(check.code.rawValue) { codes.append(check.code.rawValue) }
        #expect(bad.verdict == "fail" && !codes.isEmpty && bad.failingCodes == codes, "\(bad.failingCodes)")
        #expect(records.last?.kind == .runEnded && records.last?.verdict == "fail")
        #expect(JSONDetail(records.last?.detail).object?["exit_status"] == .integer(1))

        // The good one is tampered with too: same path, another verdict (and the manifest stays).
        try store.remove("good.rialpkg")
        try store.addTampered("good.rialpkg", id: "audit-base-2")
        let second = try store.audit(store.options(ledger, run: "b"))
        let good = Self.real(store.store) + "/good.rialpkg"
        #expect(second.summary.changesByPath[good]?.contains("verdict-changed") == true, "\(second.summary.text())")
        #expect(second.summary.text().contains("verdict pass → fail"))

        let overview = try LedgerOverview(reading: Ledger.openForReading(ledger))
        #expect(overview.verdicts.fail == 2 && overview.failing.count == 2 && overview.needsAttention)
        #expect(overview.text().contains("not passing now:\n") && overview.text().contains("FAIL  \(Self.real(store.store))/bad.rialpkg"))
    }

    @Test("--max-age on the audit's clock: a package last verified longer ago is overdue; the records carry the clock's times")
    func overdue() throws {
        let store = try AuditStore()
        defer { store.remove() }
        try store.add("p.rialpkg")
        let ledger = try store.ledger(.sqlite)
        let time = try TestClock("2026-03-01T00:00:00Z")
        _ = try store.audit(store.options(ledger, run: "a"), clock: time.clock)
        let records = try AuditStore.records(ledger)
        #expect(records.allSatisfy { ($0.kind == .package ? $0.endedAt : $0.startedAt) == "2026-03-01T00:00:00.000Z" }, "\(records.map(\.startedAt))")
        time.advance(days: 31)
        var options = store.options(ledger, run: "b")
        options.maxAge = AuditOptions.seconds("30d")
        let late = try store.audit(options, clock: time.clock)
        #expect(late.summary.outcome == .needsAttention)
        #expect(late.summary.changes.first?.kinds == [.overdue])
        #expect(late.summary.text().contains("overdue: previously verified 2026-03-01T00:00:00.000Z"))
        time.advance(days: 1)
        var lenient = store.options(ledger, run: "c")
        lenient.maxAge = AuditOptions.seconds("2d")
        #expect(try store.audit(lenient, clock: time.clock).summary.changes.isEmpty)
    }
}

extension AuditTests {
    /// The cases above on PostgreSQL: skipped without a server (RIAL_TEST_POSTGRES_URL), failed
    /// without one when RIAL_REQUIRE_POSTGRES=1 (make test).
    @Suite("on PostgreSQL", .requires(.postgres))
    struct OnPostgres {
        @Test("first and second audit") func changes() throws { try AuditTests().changes(kind: .postgres) }
        @Test("an edited record") func editedLedger() throws { try AuditTests().editedLedger(kind: .postgres) }
        @Test("records dropped from the end") func truncatedLedger() throws { try AuditTests().truncatedLedger(kind: .postgres) }
    }
}
