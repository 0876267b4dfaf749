import Foundation
import Testing

/// A throwaway PKI made at test time by `examples/pki/make-test-pki.sh` with the openssl CLI:
/// root and intermediate CA, an investigator, an expired investigator, another hierarchy,
/// and TSAs with and without the timeStamping EKU (see examples/pki/README.md). Shared by the
/// CLI tests (which hand its files to `rial`) and the in-process library tests (which load them
/// as certificates, sealers and policies: TestPKI+Library.swift).
public struct TestPKI: Sendable {
    /// The directory holding the PKI's files.
    public let dir: URL

    public static let script = OutsideOracle.repoRoot.appendingPathComponent("examples/pki/make-test-pki.sh").path
    public static let replyScript = OutsideOracle.repoRoot.appendingPathComponent("examples/pki/tsa-reply.sh").path

    public init(dir: URL) { self.dir = dir }

    /// Makes a fresh PKI in `parent/pki`; each test gets its own, so TSA serial files never race.
    public static func make(in parent: URL) throws -> TestPKI {
        _ = try OutsideOracle.tool("openssl")
        let dir = parent.appendingPathComponent("pki")
        let result = Subprocess.execute(["bash", script, dir.path], cwd: parent)
        try #require(result.status == 0, "make-test-pki.sh failed: \(result)")
        return TestPKI(dir: dir)
    }

    /// The full path of one of the PKI's files (`root-ca.pem`, `investigator.key`, …).
    public func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// Answers an RFC 3161 request as the named test TSA (`good`, `sha1`, `noeku`, `other`).
    public func reply(as tsa: String, request: URL, response: URL) throws {
        let result = Subprocess.execute(["bash", Self.replyScript, dir.path, tsa, request.path, response.path], cwd: dir)
        try #require(result.status == 0, "tsa-reply.sh \(tsa) failed: \(result)")
    }

    /// The DER response of the named test TSA to the DER `request`, through files in the PKI's
    /// directory.
    public func reply(as tsa: String = "good", to request: [UInt8]) throws -> [UInt8] {
        let name = UUID().uuidString
        let requestFile = dir.appendingPathComponent("\(name).tsq"), responseFile = dir.appendingPathComponent("\(name).tsr")
        try Data(request).write(to: requestFile)
        try reply(as: tsa, request: requestFile, response: responseFile)
        return Array(try Data(contentsOf: responseFile))
    }
}
