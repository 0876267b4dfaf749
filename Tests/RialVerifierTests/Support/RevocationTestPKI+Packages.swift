import Foundation
import RialAmender
import RialFormat
import RialPackager
import RialTestSupport
import Testing
@testable import RialVerifier

/// Packages sealed by the revocation PKI's signers and timestamped by its TSAs, in process, as
/// the CLI's `rial pack --sign-key --cert --chain` and `rial timestamp request`/`attach` make
/// them, and the policy of `rial verify --trust root-ca.pem --tsa-trust root-ca.pem --crl …`.
extension RevocationTestPKI {
    /// A sample capture packed into the scratch directory and sealed by `signer` (`signer-good`,
    /// …) with `chain` embedded, as `rial pack CAPTURE --sign-key S.key --cert S.pem --chain CHAIN`.
    func package(_ signer: String, chain: String = "chain.pem") throws -> URL {
        let dir = URL(fileURLWithPath: directory).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let capture = try LibraryFixture.sample(in: dir, name: "capture-\(signer)")
        return try LibraryFixture.pack(capture, in: dir, name: "\(signer).rialpkg") {
            $0.sealer = try Sealer(keyPath: files.path("\(signer).key"), certificatePath: files.path("\(signer).pem"), chainPath: files.path(chain))
        }
    }

    /// Timestamps `package` as `tsa` (`tsa`, `tsa-compromised-later`) one day ago: the reply is
    /// made under `faketime -f -1d`, so its genTime is a day before now, and attached with the
    /// PKI's chain, as `rial timestamp attach --token T --tsa-chain chain.pem --request R` does.
    func timestampADayAgo(_ package: URL, tsa: String = "tsa") throws {
        let faketime = try OutsideOracle.tool("faketime")
        let amender = PackageAmender(path: package.path)
        let request = try amender.makeTimestampRequest().request.der
        let name = directory + "/" + UUID().uuidString
        try Data(request).write(to: URL(fileURLWithPath: name + ".tsq"))
        try RevocationPKIFixture.run(
            [faketime, "-f", "-1d", "openssl", "ts", "-reply", "-config", "\(tsa).cnf", "-queryfile", name + ".tsq", "-out", name + ".tsr"], in: pki)
        let token = TimestampToken(
            response: try Array(Data(contentsOf: URL(fileURLWithPath: name + ".tsr"))), tsaChain: try bytes("chain.pem"), request: request)
        _ = try amender.attachTimestamp(token, at: .now())
    }

    /// An OCSP response about `certificate` signed as `responder`, made `daysAgo` days in the
    /// past under `faketime` and valid one day (examples/pki/ocsp-reply.sh), named by its full path.
    func ocsp(_ certificate: String, by responder: String, daysAgo: Int) throws -> RevocationEvidenceFile {
        let out = files.path("\(certificate)-by-\(responder)-\(daysAgo)d.ocsp")
        let script = OutsideOracle.repoRoot.appendingPathComponent("examples/pki/ocsp-reply.sh").path
        try RevocationPKIFixture.run([try OutsideOracle.tool("faketime"), "-f", "-\(daysAgo)d", "bash", script, pki, certificate, responder, out])
        return try RevocationEvidenceFile(kind: .ocsp, path: out, bytes: Array(Data(contentsOf: URL(fileURLWithPath: out))))
    }

    /// The CRL files `names`, named by their full paths, as `--crl PKI/NAME` gives them.
    func crls(_ names: String...) throws -> [RevocationEvidenceFile] {
        try names.map { try RevocationEvidenceFile(kind: .crl, path: files.path($0), bytes: bytes($0)) }
    }

    /// The policy of `rial verify --trust root-ca.pem --tsa-trust root-ca.pem` with `evidence`
    /// given as `--crl` and `--ocsp`.
    func policy(_ evidence: [RevocationEvidenceFile] = []) throws -> VerificationPolicy {
        var policy = VerificationPolicy(sealAnchors: [try root], timestampAnchors: [try root])
        policy.revocationEvidence = evidence
        return policy
    }

    /// Verifies `package` now with the PKI's root as both anchors and `evidence`.
    func verify(_ package: URL, _ evidence: [RevocationEvidenceFile] = []) throws -> VerificationReport {
        Verifier(policy: try policy(evidence)).report(for: package.path)
    }
}

extension VerificationReport {
    /// The seal's one revocation finding (`seal.revocation…`, not a stapled file's row).
    func sealRevocation() throws -> CheckResult {
        let found = checks.filter { $0.code.rawValue.hasPrefix("seal.revocation") && $0.code.rawValue != "seal.revocation.stapled" }
        try #require(found.count == 1, "one seal.revocation finding expected: \(checks.filter { $0.code.rawValue.contains("revocation") })")
        return found[0]
    }
}
