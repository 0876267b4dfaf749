import Foundation
import RialTestSupport
import Testing
import RialAudit
import RialFormat
import RialLedger
import RialPackager
import RialVerifier

/// The stores and ledgers the in-process audit tests run on: small photo packages packed in
/// process into a temporary directory, a SQLite ledger beside them or a fresh database on the
/// PostgreSQL server of `RIAL_TEST_POSTGRES_URL` (scripts/test-postgres.sh, started by `make
/// test`; those cases are marked `.requires(.postgres)`).
struct AuditStore {
    /// The temporary directory, removed by ``remove()``.
    let directory: String
    /// `directory/store`, the store audited.
    let store: String
    /// One package of each id, packed once, copied into the store as asked.
    private let packed: String

    static let created = "2026-01-15T12:00:00Z"

    enum LedgerKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// An empty store in a new temporary directory.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-audit-\(UUID().uuidString)").path
        store = directory + "/store"
        packed = directory + "/packed"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: packed, withIntermediateDirectories: true)
        var sample = SampleCapture()
        sample.kind = .photo
        sample.width = 64
        sample.height = 48
        sample.depthWidth = 16
        sample.depthHeight = 12
        try sample.write(to: directory + "/capture")
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// The package of id `id` (packed the first time), copied to `store/name`.
    @discardableResult
    func add(_ name: String, id: String = "audit-base") throws -> String {
        let source = packed + "/" + id + ".rialpkg"
        if !FileManager.default.fileExists(atPath: source) {
            _ = try Packager(
                options: PackageOptions(
                    captureDirectory: directory + "/capture", output: source, packageID: try PackageID(id),
                    created: try Timestamp(rfc3339: Self.created))
            ).write()
        }
        let path = store + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    /// `store/name`, a copy of `id`'s package with one byte of its photo flipped: it fails.
    @discardableResult
    func addTampered(_ name: String, id: String = "audit-bad") throws -> String {
        let path = try add(name, id: id)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let offset = try RawTar.dataOffset(of: "\(id)/data/media/photo.jpg", in: data) + 10
        data[offset] ^= 0xFF
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func remove(_ name: String) throws { try FileManager.default.removeItem(atPath: store + "/" + name) }

    func move(_ name: String, to other: String) throws {
        try FileManager.default.moveItem(atPath: store + "/" + name, toPath: other.hasPrefix("/") ? other : store + "/" + other)
    }

    /// An empty ledger of `kind`.
    func ledger(_ kind: LedgerKind) throws -> LedgerLocation {
        switch kind {
        case .sqlite:
            return .sqlite(path: directory + "/ledger-\(UUID().uuidString.prefix(8)).sqlite")
        case .postgres:
            let url = try #require(ProcessInfo.processInfo.environment["RIAL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 })
            let name = "rial_audit_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            _ = try PostgresLedgerStore(url: url).execute("CREATE DATABASE \(name)", [])
            let slash = try #require(url.range(of: "/", options: .backwards))
            return .postgres(url: String(url[..<slash.upperBound]) + name)
        }
    }

    /// The options of an audit of the whole store (recursive, absolute keys), media not examined:
    /// the ledger is under test here, not the media checks.
    func options(_ ledger: LedgerLocation, run: String, paths: [String]? = nil) -> AuditOptions {
        var policy = VerificationPolicy()
        policy.examinesMedia = false
        return AuditOptions(paths: paths ?? [store], ledger: ledger, runID: run, policy: policy, recursive: true, host: "test-host")
    }

    /// Runs an audit; what it said on the way is in the events returned.
    func audit(_ options: AuditOptions, clock: AuditClock = .system) throws -> (summary: AuditSummary, events: RecordedEvents) {
        let events = RecordedEvents()
        let summary = try Audit(options: options, clock: clock).run(events: events)
        return (summary, events)
    }

    /// Every record of the ledger, oldest first, read in process.
    static func records(_ location: LedgerLocation) throws -> [LedgerRecord] {
        var records: [LedgerRecord] = []
        try Ledger.openForReading(location).forEachRow { (row: Result<LedgerRecord, LedgerError>) throws(LedgerError) in records.append(try row.get()) }
        return records
    }

    /// Runs `sql` on the ledger's own store: a hand edit, as sqlite3 or psql would make it.
    static func edit(_ location: LedgerLocation, _ sql: String) throws {
        _ = try Ledger.openForReading(location).store.execute(sql, [])
    }
}

/// What an audit told its sink, kept for the test to read.
final class RecordedEvents: AuditEvents, @unchecked Sendable {
    private(set) var reports: [VerificationReport] = []
    private(set) var notes: [String] = []
    private(set) var ticks = 0

    func verified(_ report: VerificationReport, elapsed: Double) { reports.append(report) }
    func note(_ text: String, cause: (any Error)?) { notes.append(cause.map { "\(text): \($0)" } ?? text) }
    func progress(done: Int, of total: Int, bytes: UInt64) { ticks += 1 }
}

/// A clock that says what it is told: records written under it can be predicted.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double

    init(_ rfc3339: String) throws { seconds = Double(try Timestamp(rfc3339: rfc3339).seconds) }

    func advance(days: Double) { lock.lock(); seconds += days * 86_400; lock.unlock() }

    var clock: AuditClock {
        AuditClock { [self] in
            lock.lock(); defer { lock.unlock() }; return seconds
        }
    }
}

extension AuditSummary {
    /// The changes by path, each as its kinds' names.
    var changesByPath: [String: [String]] {
        Dictionary(uniqueKeysWithValues: changes.map { ($0.path, $0.kinds.map(\.rawValue)) })
    }
}
