import Foundation
import RialAmender
import RialCrypto
import RialFormat
import RialVerifier
import Testing

/// The renewal TSAs of `examples/pki/add-renewal-tsas.sh` (RFC 4998 evidence records, SPEC
/// §14.12): TSA A (valid NOW−1d…NOW+30d) and TSA B (NOW−1d…NOW+3649d), answering with
/// `openssl ts -reply`, under `faketime` when asked to answer later than now.
extension TestPKI {
    public static let renewalScript = OutsideOracle.repoRoot.appendingPathComponent("examples/pki/add-renewal-tsas.sh").path

    /// Adds the renewal TSAs to this PKI.
    /// - Returns: NOW, the time their validity is counted from.
    public func addRenewalTSAs() throws -> Date {
        _ = try OutsideOracle.tool("faketime")
        let made = Subprocess.execute(["bash", Self.renewalScript, dir.path], cwd: dir.deletingLastPathComponent())
        try #require(made.status == 0, "add-renewal-tsas.sh failed: \(made)")
        let seconds = try #require(
            TimeInterval(
                try String(contentsOf: dir.appendingPathComponent("renewal-now.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        return Date(timeIntervalSince1970: seconds)
    }

    /// `openssl ts -reply` as `section` of the PKI's tsa.cnf (`tsa_a`, `tsa_b`, `tsa_other`),
    /// under `faketime -f SHIFT` when `shift` is given.
    public func reply(section: String, request: URL, response: URL, shift: String? = nil) throws {
        var command = ["openssl", "ts", "-reply", "-config", "tsa.cnf", "-section", section, "-queryfile", request.path, "-out", response.path]
        if let shift { command = [try OutsideOracle.tool("faketime"), "-f", shift] + command }
        let replied = Subprocess.execute(command, cwd: dir, environment: ["OPENSSL_CONF": "/dev/null"])
        try #require(replied.status == 0, "openssl ts -reply failed: \(replied)")
    }

    /// Timestamps the sealed `package` in process as `section`'s TSA answers, as `rial timestamp
    /// request` and `rial timestamp attach --token T --tsa-chain tsa-chain.pem` do.
    public func timestamp(_ package: URL, section: String, in dir: URL) throws {
        let amender = PackageAmender(path: package.path)
        let request = try amender.makeTimestampRequest()
        let (_, responseFile) = try answer(request.request.der, section: section, shift: nil, in: dir)
        let token = TimestampToken(response: Array(try Data(contentsOf: responseFile)), tsaChain: try bytes("tsa-chain.pem"))
        _ = try amender.attachTimestamp(token, at: .now())
    }

    /// Renews `package`'s seal timestamp in process as `section`'s TSA answers, as `rial renew
    /// request [--hash ALG]` and `rial renew attach --token T --tsa-chain tsa-chain.pem --request R` do.
    /// - Returns: what attaching added.
    @discardableResult
    public func renew(_ package: URL, section: String = "tsa_b", algorithm: DigestAlgorithm? = nil, shift: String? = nil, in dir: URL) throws
        -> RenewalReceipt
    {
        let amender = PackageAmender(path: package.path)
        let request = try amender.makeRenewalRequest(algorithm: algorithm)
        let (_, responseFile) = try answer(request.request.der, section: section, shift: shift, in: dir)
        let token = TimestampToken(
            response: Array(try Data(contentsOf: responseFile)), tsaChain: try bytes("tsa-chain.pem"), request: request.request.der)
        return try amender.attachRenewal(token, at: .now())
    }

    /// Writes `request` and `section`'s answer to it in `dir`.
    private func answer(_ request: [UInt8], section: String, shift: String?, in dir: URL) throws -> (request: URL, response: URL) {
        let name = UUID().uuidString
        let requestFile = dir.appendingPathComponent("\(name).tsq"), responseFile = dir.appendingPathComponent("\(name).tsr")
        try Data(request).write(to: requestFile)
        try reply(section: section, request: requestFile, response: responseFile, shift: shift)
        return (requestFile, responseFile)
    }
}
