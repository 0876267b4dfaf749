import Foundation
import RialTestSupport
import Testing

/// Sealed packages through the `rial` binary, and their independent checks with the openssl CLI
/// (RialTestSupport's ``SealOracle``, shared with the in-process library tests).
enum Sealing {
    /// `rial verify --format json` with extra arguments (trust anchors, policy).
    static func verify(_ package: URL, _ arguments: [String] = [], cwd: URL) throws -> (result: CommandResult, report: Report) {
        let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet"] + arguments, cwd: cwd)
        let report = try #require(try? Report.decode(result.stdout), "no JSON report on stdout: \(result)")
        return (result, report)
    }

    /// `openssl cms -verify` of the package's seal with `anchor` (``SealOracle/opensslVerifiesSeal(_:anchor:in:)``).
    static func opensslVerifiesSeal(_ package: URL, anchor: String, in dir: URL) throws -> Bool {
        try SealOracle.opensslVerifiesSeal(package, anchor: anchor, in: dir)
    }

    /// `openssl ts -verify` of the package's seal timestamp with `anchor`
    /// (``SealOracle/opensslVerifiesTimestamp(_:anchor:in:)``).
    static func opensslVerifiesTimestamp(_ package: URL, anchor: String, in dir: URL) throws -> Bool {
        try SealOracle.opensslVerifiesTimestamp(package, anchor: anchor, in: dir)
    }

    /// Runs Fixtures/seal_forge.py.
    static func forge(_ op: String, _ input: URL, _ output: URL, _ extra: [String] = []) throws {
        try SealOracle.forge(op, input, output, extra)
    }

    /// Writes the bytes of one file of `package` to `output` (`tar -xO`).
    static func extract(_ path: String, of package: URL, to output: URL) throws {
        try SealOracle.extract(path, of: package, to: output)
    }

    /// Requests, answers (as test TSA `tsa`) and attaches a timestamp, with `rial timestamp request` and `attach`.
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
