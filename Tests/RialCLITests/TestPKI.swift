import Foundation
import Testing

/// A throwaway PKI made at test time by `examples/pki/make-test-pki.sh` with the openssl CLI:
/// root and intermediate CA, an investigator, an expired investigator, another hierarchy,
/// and TSAs with and without the timeStamping EKU (see examples/pki/README.md).
struct TestPKI {
    let dir: URL

    static let script = CLI.repoRoot.appendingPathComponent("examples/pki/make-test-pki.sh").path
    static let replyScript = CLI.repoRoot.appendingPathComponent("examples/pki/tsa-reply.sh").path

    /// Makes a fresh PKI in `parent/pki`; each test gets its own, so TSA serial files never race.
    static func make(in parent: URL) throws -> TestPKI {
        _ = try Oracle.tool("openssl")
        let dir = parent.appendingPathComponent("pki")
        let result = CLI.run(["bash", script, dir.path], cwd: parent)
        try #require(result.status == 0, "make-test-pki.sh failed: \(result)")
        return TestPKI(dir: dir)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// `--sign-key`, `--cert` and `--chain` for one of the PKI's signers.
    func signing(_ signer: String = "investigator", chain: String? = "investigator-chain.pem") -> [String] {
        ["--sign-key", path("\(signer).key"), "--cert", path("\(signer).pem")] + (chain.map { ["--chain", path($0)] } ?? [])
    }

    /// Answers an RFC 3161 request as the named test TSA (`good`, `sha1`, `noeku`, `other`).
    func reply(as tsa: String, request: URL, response: URL) throws {
        let result = CLI.run(["bash", Self.replyScript, dir.path, tsa, request.path, response.path], cwd: dir)
        try #require(result.status == 0, "tsa-reply.sh \(tsa) failed: \(result)")
    }
}

/// Sealed packages and their independent checks with the openssl CLI.
enum Sealing {
    /// `rial verify --format json` with extra arguments (trust anchors, policy).
    static func verify(_ package: URL, _ arguments: [String] = [], cwd: URL) throws -> (result: CommandResult, report: Report) {
        let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet"] + arguments, cwd: cwd)
        let report = try #require(try? Report.decode(result.stdout), "no JSON report on stdout: \(result)")
        return (result, report)
    }

    /// Extracts `package` and runs the command README.txt gives experts:
    /// `openssl cms -verify -binary -inform DER -in rial/seal/manifest.p7s -content rial/manifest.json -CAfile ANCHOR -purpose any`.
    static func opensslVerifiesSeal(_ package: URL, anchor: String, in dir: URL) throws -> Bool {
        let bag = try Fixture.untar(package, into: dir.appendingPathComponent("oracle-\(UUID().uuidString)"))
        let result = CLI.run(
            [
                "openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", "rial/seal/manifest.p7s",
                "-content", "rial/manifest.json", "-CAfile", anchor, "-purpose", "any", "-out", "/dev/null",
            ], cwd: bag)
        return result.status == 0
    }

    /// Extracts `package` and runs `openssl ts -verify` on its token with the SHA-256 of its
    /// seal's signature value as the imprint, as README.txt step 7 does.
    static func opensslVerifiesTimestamp(_ package: URL, anchor: String, in dir: URL) throws -> Bool {
        let bag = try Fixture.untar(package, into: dir.appendingPathComponent("oracle-\(UUID().uuidString)"))
        let value = bag.appendingPathComponent("signature-value.bin")
        try forge("signature-value", bag.appendingPathComponent("rial/seal/manifest.p7s"), value)
        let digest = CLI.run(["sha256sum", value.path], cwd: bag).stdout.prefix(64)
        var arguments = ["openssl", "ts", "-verify", "-digest", String(digest), "-in", "rial/seal/manifest.tsr", "-CAfile", anchor]
        if FileManager.default.fileExists(atPath: bag.appendingPathComponent("rial/seal/tsa-chain.pem").path) {
            arguments += ["-untrusted", "rial/seal/tsa-chain.pem"]
        }
        return CLI.run(arguments, cwd: bag).status == 0
    }

    static let forgeScript = CLI.repoRoot.appendingPathComponent("Tests/RialCLITests/Fixtures/seal_forge.py").path

    /// Runs Fixtures/seal_forge.py.
    static func forge(_ op: String, _ input: URL, _ output: URL, _ extra: [String] = []) throws {
        let result = CLI.run([try Oracle.python(), forgeScript, op, input.path, output.path] + extra, cwd: input.deletingLastPathComponent())
        try #require(result.status == 0, "seal_forge.py \(op) failed: \(result)")
    }

    /// Writes the bytes of one file of `package` to `output` (`tar -xO`).
    static func extract(_ path: String, of package: URL, to output: URL) throws {
        let top = try #require(try Fixture.tarList(package).first?.split(separator: "/").first.map(String.init))
        let result = CLI.run(
            ["sh", "-c", "tar -xOf \"$0\" \"$1\" > \"$2\"", package.path, "\(top)/\(path)", output.path], cwd: package.deletingLastPathComponent())
        try #require(result.status == 0, "tar -xO \(path) failed: \(result)")
    }

    /// Requests, answers (as test TSA `tsa`) and attaches a timestamp.
    static func timestamp(_ package: URL, pki: TestPKI, tsa: String = "good", chain: String = "tsa-chain.pem", in dir: URL) throws {
        let request = dir.appendingPathComponent("\(UUID().uuidString).tsq")
        let response = dir.appendingPathComponent("\(UUID().uuidString).tsr")
        let asked = CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir)
        try #require(asked.status == 0, "timestamp request failed: \(asked)")
        try pki.reply(as: tsa, request: request, response: response)
        let attached = CLI.rial(
            [
                "timestamp", "attach", package.path, "--token", response.path, "--tsa-chain", pki.path(chain),
                "--request", request.path, "--quiet",
            ], cwd: dir)
        try #require(attached.status == 0, "timestamp attach failed: \(attached)")
    }
}
