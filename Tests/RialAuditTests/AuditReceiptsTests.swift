import Foundation
import Testing
import RialAudit
import RialCrypto
import RialFormat
import RialLedger
import RialVerifier

/// `--receipts DIR` in process: where each receipt goes, what the ledger records of it, and an
/// audit that goes on when one cannot be made. (Signing and the receipt's checks by openssl and
/// `rial receipt verify`: Tests/RialCLITests/AuditReceiptTests.swift.)
@Suite("Audit receipts in process")
struct AuditReceiptsTests {
    @Test("DIR/RUN/NAME-KEYHASH.receipt.json: the run's directory made, a slash in the run id kept one name, KEYHASH the key's SHA-256")
    func paths() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let receipts = try AuditReceipts(directory: store.directory + "/", runID: "night/1")
        #expect(receipts.directory == store.directory + "/night_1")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: receipts.directory, isDirectory: &isDirectory) && isDirectory.boolValue)
        _ = try AuditReceipts(directory: store.directory, runID: "night/1")
        let path = try receipts.path(for: StoreKeys.Input(path: "/a/b/case.rialpkg", key: "b/case.rialpkg"))
        let hash = Hex.encode(try StreamingDigest.digest(.sha256, of: Array("b/case.rialpkg".utf8)))
        #expect(path == receipts.directory + "/case-\(hash.prefix(16)).receipt.json")
        #expect(try receipts.path(for: StoreKeys.Input(path: "bag", key: "x")).hasPrefix(receipts.directory + "/bag-"))
        #expect { _ = try AuditReceipts(directory: store.directory + "/none", runID: "r") } throws: { error in
            (error as? AuditError)?.context == "--receipts \(store.directory)/none: not a directory; make it first (mkdir -p \(store.directory)/none)"
        }
    }

    @Test("each package record names its receipt and SHA-256; a receipt that cannot be written is said, and the audit goes on without it")
    func recorded() throws {
        let store = try AuditStore()
        defer { store.remove() }
        try store.add("a.rialpkg")
        try store.add("b.rialpkg", id: "audit-other")
        let ledger = try store.ledger(.sqlite)
        var options = store.options(ledger, run: "r1")
        var written: [String] = []
        options.receipts = .init(directory: store.directory) { report, path in
            if path.contains("/b-") { throw CocoaError(.fileWriteNoPermission) }
            written.append(path)
            return ReceiptFingerprint(reportPath: path, reportSHA256: String(repeating: "c", count: 64), signer: "CN=Test", signerFingerprint: "f")
        }
        let audit = try store.audit(options)
        #expect(audit.summary.outcome == .passed)
        #expect(written.count == 1 && written[0].hasPrefix(store.directory + "/r1/a-"))
        #expect(
            audit.events.notes.count == 1 && audit.events.notes[0].hasPrefix("cannot write the receipt of \(store.store)/b.rialpkg"), "\(audit.events.notes)")
        let packages = try AuditStore.records(ledger).filter { $0.kind == .package }
        let a = try #require(packages.first { $0.path?.hasSuffix("/a.rialpkg") == true })
        #expect(
            JSONDetail(a.detail).object == ["receipt": .object(["file": .string(written[0]), "sha256": .string(String(repeating: "c", count: 64))])],
            "\(a.detail ?? "")")
        #expect(packages.first { $0.path?.hasSuffix("/b.rialpkg") == true }?.detail == nil, "no receipt, nothing named")
    }
}
