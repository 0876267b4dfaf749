import Foundation
import Testing

/// The revocation test PKI of `examples/pki/make-revocation-pki.sh`, made at test time with
/// `openssl ca` (CRLs with reasons and dates) and answered with `openssl ocsp` as an offline
/// responder (`examples/pki/ocsp-reply.sh`), and packages sealed by its signers.
struct RevocationPKI {
    let dir: URL
    /// The moment the script ran: its dates are offsets from it.
    let now: Date

    static let script = CLI.repoRoot.appendingPathComponent("examples/pki/make-revocation-pki.sh").path
    static let ocspScript = CLI.repoRoot.appendingPathComponent("examples/pki/ocsp-reply.sh").path

    /// Makes a fresh PKI in `parent/revocation-pki`.
    static func make(in parent: URL) throws -> RevocationPKI {
        _ = try Oracle.tool("openssl")
        let dir = parent.appendingPathComponent("revocation-pki")
        let result = CLI.run(["bash", script, dir.path], cwd: parent)
        try #require(result.status == 0, "make-revocation-pki.sh failed: \(result)")
        let seconds = try #require(
            TimeInterval(
                try String(contentsOf: dir.appendingPathComponent("now.txt"), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        return RevocationPKI(dir: dir, now: Date(timeIntervalSince1970: seconds))
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// An OCSP response about `certificate` signed as `responder`; with `daysAgo`, made that
    /// many days in the past under `faketime`, valid one day.
    func ocsp(_ certificate: String, by responder: String, daysAgo: Int? = nil) throws -> String {
        let out = path("\(certificate)-by-\(responder)\(daysAgo.map { "-\($0)d" } ?? "").ocsp")
        var command = ["bash", Self.ocspScript, dir.path, certificate, responder, out]
        if let daysAgo { command = [try Oracle.tool("faketime"), "-f", "-\(daysAgo)d"] + command }
        let result = CLI.run(command, cwd: dir)
        try #require(result.status == 0, "ocsp-reply.sh failed: \(result)")
        return out
    }

    /// A package sealed by `signer` (`signer-good`, …), chained through `chain`.
    func package(_ signer: String, chain: String = "chain.pem", in parent: URL) throws -> URL {
        let capture = try Fixture.sample(in: parent, name: "capture-\(signer)")
        return try Fixture.pack(
            capture, in: parent, name: "\(signer).rialpkg",
            options: ["--sign-key", path("\(signer).key"), "--cert", path("\(signer).pem"), "--chain", path(chain)])
    }

    /// Timestamps `package` as `tsa` (`tsa`, `tsa-compromised-later`) one day before ``now``:
    /// the reply is made under `faketime -f -1d`, so its genTime is T = NOW − 1 day.
    func timestampADayAgo(_ package: URL, tsa: String = "tsa", in parent: URL) throws {
        let request = parent.appendingPathComponent("\(UUID().uuidString).tsq")
        let response = parent.appendingPathComponent("\(UUID().uuidString).tsr")
        let asked = CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: parent)
        try #require(asked.status == 0, "timestamp request failed: \(asked)")
        let replied = CLI.run(
            [
                try Oracle.tool("faketime"), "-f", "-1d", "openssl", "ts", "-reply", "-config", "\(tsa).cnf",
                "-queryfile", request.path, "-out", response.path,
            ], cwd: dir, environment: ["OPENSSL_CONF": "/dev/null"])
        try #require(replied.status == 0, "openssl ts -reply failed: \(replied)")
        let attached = CLI.rial(
            [
                "timestamp", "attach", package.path, "--token", response.path, "--tsa-chain", path("chain.pem"),
                "--request", request.path, "--quiet",
            ], cwd: parent)
        try #require(attached.status == 0, "timestamp attach failed: \(attached)")
    }

    /// `--trust` and `--tsa-trust` with the PKI's root.
    var anchors: [String] { ["--trust", path("root-ca.pem"), "--tsa-trust", path("root-ca.pem")] }

    /// `--crl` for each of `names`.
    func crls(_ names: String...) -> [String] { names.flatMap { ["--crl", path($0)] } }

    /// The time `rial verify` judged at, as an RFC 3339 string, for the outside oracle.
    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
