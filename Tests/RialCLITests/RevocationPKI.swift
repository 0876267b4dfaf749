import Foundation
import Testing

/// The revocation test PKI of `examples/pki/make-revocation-pki.sh`, made at test time with
/// `openssl ca` (CRLs with reasons and dates) and answered with `openssl ocsp` as an offline
/// responder (`examples/pki/ocsp-reply.sh`), and packages sealed by its signers, for the
/// end-to-end tests of `--crl`, `--ocsp`, `--revocation` and `--at` (the in-process tests use
/// RialVerifierTests' RevocationTestPKI).
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

    /// An OCSP response about `certificate` signed as `responder`, valid one day.
    func ocsp(_ certificate: String, by responder: String) throws -> String {
        let out = path("\(certificate)-by-\(responder).ocsp")
        let result = CLI.run(["bash", Self.ocspScript, dir.path, certificate, responder, out], cwd: dir)
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
