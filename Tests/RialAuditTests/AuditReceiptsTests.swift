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
    @Test("DIR/RUN/NAME-KEYHASH.receipt.json: the run's directory made, a slash in the run id kept one name (with the id's hash), KEYHASH the key's SHA-256")
    func paths() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let receipts = try AuditReceipts(directory: store.directory + "/", runID: "night/1")
        #expect(receipts.directory.hasPrefix(store.directory + "/night_1-") && receipts.directory.count == store.directory.count + 9 + 16)
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

    @Test("a run id that would leave DIR or not be one name stays one name inside it; long names are cut, and stay apart")
    func hostileNames() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let long = String(repeating: "r", count: 300)
        for (runID, expected) in [
            ("..", "__-"), (".", "_-"), ("", "_-"), ("a/../b", "a_.._b-"), ("/\u{301}x", "_\u{301}x-"), ("nul\u{0}", "nul_-"), ("night-1", "night-1"),
        ] {
            let receipts = try AuditReceipts(directory: store.directory, runID: runID)
            let name = String(receipts.directory.dropFirst(store.directory.count + 1))
            // A changed id is followed by its hash; an id used as it is has none.
            #expect(
                expected.hasSuffix("-") ? name.hasPrefix(expected) && name.count == expected.count + 16 : name == expected, "\(runID.debugDescription): \(name)"
            )
        }
        #expect(
            try AuditReceipts(directory: store.directory, runID: "a/b").directory != AuditReceipts(directory: store.directory, runID: "a_b").directory,
            "two ids, two directories")
        let one = try AuditReceipts(directory: store.directory, runID: long + "1").directory
        let two = try AuditReceipts(directory: store.directory, runID: long + "2").directory
        #expect(one != two && one.hasPrefix(store.directory + "/") && two.hasPrefix(store.directory + "/"))
        #expect(one.utf8.count - store.directory.utf8.count - 1 <= AuditReceipts.maxNameBytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).allSatisfy { !$0.contains("/") })

        // A package name as long as a file name may be, and one whose `/` carries a combining mark.
        let receipts = try AuditReceipts(directory: store.directory, runID: "r")
        let longName = String(repeating: "é", count: 120) + ".rialpkg"
        let path = try receipts.path(for: StoreKeys.Input(path: "/s/" + longName, key: "k1"))
        let file = String(path.dropFirst(receipts.directory.count + 1))
        #expect(!file.contains("/") && file.utf8.count <= 255 && file.hasSuffix(".receipt.json"), "\(file.utf8.count) bytes")
        let marked = try receipts.path(for: StoreKeys.Input(path: "/s/d/\u{301}x.rialpkg", key: "k2"))
        #expect(marked.hasPrefix(receipts.directory + "/\u{301}x-"), "\(marked)")

        // A run directory that is a link to somewhere else is refused.
        try FileManager.default.createSymbolicLink(atPath: store.directory + "/linked", withDestinationPath: "/tmp")
        #expect(throws: AuditError.self) { _ = try AuditReceipts(directory: store.directory, runID: "linked") }
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
