import Foundation
import RialTestSupport
import Testing

/// `rial inspect --format case` and `rial verify --format case`, end to end: exit statuses, what
/// goes to standard output and error, the options, and a sealed package with a signed custody
/// event (made with `rial keygen`, `seal` and `custody append`) that case_validate (case-utils
/// 0.18.0) accepts. The graph of every other kind of package, its IRIs, a tampered package's
/// findings and what privacy withholds are in-process tests (RialVerifierTests' CASEExportTests).
@Suite("CASE/UCO export")
struct CASEExportTests {
    @Test(
        "a sealed package with a signed custody event: verify --format case exits 0, case_validate finds no SHACL result, the event's signature is said",
        CASEOracle.trait)
    func sealedValidates() throws {
        try withTemporaryDirectory { dir in
            let sealed = try Fixture.package(in: dir, name: "sealed.rialpkg")
            #expect(CLI.rial(["keygen", "--subject", "CN=CASE Test (TEST ONLY),O=Test Lab", "--out", "signer"], cwd: dir).status == 0)
            #expect(CLI.rial(["seal", sealed.path, "--sign-key", "signer.key", "--cert", "signer.pem", "--quiet"], cwd: dir).status == 0)
            // A signed event's actor and organisation are the certificate's CN and O.
            let signed = CLI.rial(
                [
                    "custody", "append", sealed.path, "--action", "TRANSFERRED",
                    "--location", "Evidence room 2", "--details", "handed over", "--sign-key", "signer.key", "--cert", "signer.pem", "--quiet",
                ], cwd: dir)
            #expect(signed.status == 0, "\(signed)")
            let result = CLI.rial(["verify", sealed.path, "--trust", "signer.pem", "--format", "case"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            try CASEOracle.expectConforms(try CASEOracle.write(result.stdout, "sealed.jsonld", in: dir), "sealed")
            // The signed event: its signature state on the action and on the event file.
            let nodes = try CASEOracle.graphNodes(result.stdout)
            let transfer = nodes.first { $0["uco-core:name"] as? String == "custody TRANSFERRED" }
            #expect(
                (transfer?["uco-core:description"] as? String)?.contains(
                    "signed, signer trusted (valid-trusted); certificate of CASE Test (TEST ONLY), Test Lab") == true, "\(transfer ?? [:])")
            #expect(result.stdout.contains("\"uco-observable:signatureVerified\": true"))
            #expect(result.stdout.contains("\"Evidence room 2\"") && result.stdout.contains("\"Test Lab\""))
            let performer = (transfer?["uco-action:performer"] as? [String: Any])?["@id"] as? String
            #expect(nodes.first { $0["@id"] as? String == performer }?["uco-core:name"] as? String == "CASE Test (TEST ONLY)")
        }
    }

    @Test("a tampered package: verify --format case exits 1 and still writes the graph; inspect --format case exits 1, says so on stderr, and still writes")
    func tamperedExitsOne() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let failed = dir.appendingPathComponent("failed.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: failed)
            let result = CLI.rial(["verify", failed.path, "--format", "case", "--quiet"], cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(try CASEOracle.graphNodes(result.stdout).contains { $0["uco-core:name"] as? String == "rial verify" })
            let inspected = CLI.rial(["inspect", failed.path, "--format", "case"], cwd: dir)
            #expect(inspected.status == 1, "\(inspected)")
            #expect(inspected.stderr.contains("does not verify"))
            #expect(try !CASEOracle.graphNodes(inspected.stdout).contains { $0["uco-core:name"] as? String == "rial verify" }, "inspect adds no verification")
        }
    }

    @Test(
        "--format case: one package (several, or --report FILE.html, are usage errors); --report FILE.json alongside; standard input has no file name or package digest"
    )
    func edges() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            #expect(CLI.rial(["verify", package.path, package.path, "--format", "case"], cwd: dir).status == 64)
            #expect(CLI.rial(["verify", package.path, "--format", "case", "--report", "r.html"], cwd: dir).status == 64)
            let both = CLI.rial(["verify", package.path, "--format", "case", "--report", "r.json", "--quiet"], cwd: dir)
            #expect(both.status == 0 && both.stdout.contains("\"@graph\""), "\(both)")
            #expect(try Report.decode(Fixture.text(dir.appendingPathComponent("r.json"))).verdict == "pass")

            let streamed = CLI.execute(["/bin/sh", "-c", "\(CLI.rialPath) verify - -q --format case < \(package.path)"], cwd: dir, timeLimit: 120)
            #expect(streamed.status == 0, "\(streamed)")
            let nodes = try CASEOracle.graphNodes(String(decoding: streamed.stdout, as: UTF8.self))
            let id = try #require(try Fixture.inspectJSON(package.path, cwd: dir).packageId)
            let packageNode = try #require(nodes.first { $0["uco-core:name"] as? String == id })
            #expect(packageNode["uco-core:hasFacet"] == nil, "a stream has no name and was not hashed as a whole")
            #expect(nodes.filter { $0["@type"] as? String == "uco-observable:File" }.count > 1, "its files are there")
        }
    }
}
