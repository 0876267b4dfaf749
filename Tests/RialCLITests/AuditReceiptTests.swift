import Foundation
import RialTestSupport
import Testing

/// `rial audit --receipts DIR`: a signed receipt per package, each named with its SHA-256 by
/// the package's ledger record, so the ledger vouches for the receipt and the receipt for the
/// verification (`schema/SPEC.md` §18, docs/ledger.md).
@Suite("Audit receipts")
struct AuditReceiptTests {
    @Test(
        "each package gets a receipt under DIR/RUN/; its record's detail names it with sha256sum's digest; openssl and rial receipt verify accept it; a failed package is signed too"
    )
    func receiptPerPackage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let store = dir.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            let capture = try Fixture.sample(in: dir, name: "capture", seed: 3)
            let good = try Fixture.pack(capture, in: store, name: "good.rialpkg", options: pki.signing())
            let bad = store.appendingPathComponent("bad.rialpkg")
            try Oracle.tamper(good, ["flip-byte", "data/media/capture.mov", "10"], output: bad)
            let receipts = dir.appendingPathComponent("receipts")
            try FileManager.default.createDirectory(at: receipts, withIntermediateDirectories: true)
            let ledger = dir.appendingPathComponent("ledger.sqlite").path
            let audit = CLI.rial(
                [
                    "audit", "--recursive", "store", "--root", "store", "--ledger", ledger, "--run", "night-1", "--quiet",
                    "--trust", pki.path("root-ca.pem"), "--examiner", "Audit Bot, Lab", "--receipts", receipts.path,
                    "--sign-key", pki.path("other-investigator.key"), "--cert", pki.path("other-investigator.pem"),
                    "--chain", pki.path("other-investigator-chain.pem"),
                ], cwd: dir)
            #expect(audit.status == 1, "the tampered copy fails: \(audit)")
            let made = try FileManager.default.contentsOfDirectory(atPath: receipts.appendingPathComponent("night-1").path).sorted()
            // A receipt and its signature for each package, named by the package file and a hash of its key.
            #expect(made.count == 4, "\(made)")
            #expect(made.filter { $0.hasSuffix(".receipt.json") }.map { $0.split(separator: "-").first.map(String.init) ?? "" } == ["bad", "good"], "\(made)")
            #expect(made.allSatisfy { $0.range(of: #"^(bad|good)-[0-9a-f]{16}\.receipt\.json(\.p7s)?$"#, options: .regularExpression) != nil }, "\(made)")
            let export = CLI.rial(["ledger", "export", "--ledger", ledger, "--format", "jsonl"], cwd: dir)
            try #require(export.status == 0, "\(export)")
            let records = export.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["kind"] as? String == "package" }
            #expect(records.count == 2)
            // Each exported line is a valid ledger record, the receipt's detail included.
            let lines = export.stdout.split(separator: "\n").enumerated().map { index, line -> String in
                let file = dir.appendingPathComponent("record-\(index).json")
                try? Data(line.utf8).write(to: file)
                return file.path
            }
            let valid = try Oracle.validate(schema: "ledger-record.schema.json", lines, cwd: dir)
            #expect(valid.status == 0, "\(valid)")
            for record in records {
                let receipt = try #require((record["detail"] as? [String: Any])?["receipt"] as? [String: Any], "\(record)")
                let file = try #require(receipt["file"] as? String)
                let sum = try OutsideOracle.digest(file, cwd: dir)
                #expect(receipt["sha256"] as? String == sum)
                let signed = OutsideOracle.cmsVerify(signature: file + ".p7s", content: file, anchor: pki.path("other-root-ca.pem"), cwd: dir)
                #expect(signed.status == 0, "\(signed)")
                let path = try #require(record["path"] as? String)
                let checked = CLI.rial(
                    [
                        "receipt", "verify", file, "store/" + path, "--trust", pki.path("other-root-ca.pem"),
                        "--trust", pki.path("root-ca.pem"), "--rerun", "--quiet",
                    ], cwd: dir)
                #expect(checked.status == 0, "\(checked)")
                let report = try #require(try JSONSerialization.jsonObject(with: Fixture.read(URL(fileURLWithPath: file))) as? [String: Any])
                #expect(report["verdict"] as? String == record["verdict"] as? String)
                #expect(((report["settings"] as? [String: Any])?["examiner"] as? [String: Any])?["name"] as? String == "Audit Bot, Lab")
            }
            // The ledger's links cover the detail: still intact.
            #expect(CLI.rial(["ledger", "verify", "--ledger", ledger], cwd: dir).status == 0)
        }
    }

    @Test("--receipts needs a signer, and a signer needs --receipts")
    func usage() throws {
        try withTemporaryDirectory { dir in
            #expect(CLI.rial(["audit", "x.rialpkg", "--receipts", "r"], cwd: dir).status == 64)
            #expect(CLI.rial(["audit", "x.rialpkg", "--sign-key", "k.pem", "--cert", "c.pem"], cwd: dir).status == 64)
        }
    }
}
