import Foundation
import Testing

/// The checks an expert without rial makes of a sealed package with the openssl CLI, as
/// README.txt tells them, and the forger's tools (Tests/RialCLITests/Fixtures/seal_forge.py,
/// `tar -xO`) that make the seals and tokens rial must reject. Shared by the CLI tests and the
/// in-process library tests: the outside judge is the same whichever way the package was made.
public enum SealOracle {
    public static let forgeScript = OutsideOracle.repoRoot.appendingPathComponent("Tests/RialCLITests/Fixtures/seal_forge.py").path

    /// Extracts `package` and runs the command README.txt gives experts:
    /// `openssl cms -verify -binary -inform DER -in rial/seal/manifest.p7s -content rial/manifest.json -CAfile ANCHOR -purpose any`.
    public static func opensslVerifiesSeal(_ package: URL, anchor: String, in dir: URL) throws -> Bool {
        let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("oracle-\(UUID().uuidString)"))
        return OutsideOracle.cmsVerify(signature: "rial/seal/manifest.p7s", content: "rial/manifest.json", anchor: anchor, cwd: bag).status == 0
    }

    /// Extracts `package` and runs `openssl ts -verify` on its token with the SHA-256 of its
    /// seal's signature value as the imprint, as README.txt step 7 does.
    public static func opensslVerifiesTimestamp(_ package: URL, anchor: String, in dir: URL) throws -> Bool {
        let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("oracle-\(UUID().uuidString)"))
        let value = bag.appendingPathComponent("signature-value.bin")
        try forge("signature-value", bag.appendingPathComponent("rial/seal/manifest.p7s"), value)
        let digest = try OutsideOracle.digest(value.path)
        var arguments = ["openssl", "ts", "-verify", "-digest", digest, "-in", "rial/seal/manifest.tsr", "-CAfile", anchor]
        if FileManager.default.fileExists(atPath: bag.appendingPathComponent("rial/seal/tsa-chain.pem").path) {
            arguments += ["-untrusted", "rial/seal/tsa-chain.pem"]
        }
        return Subprocess.execute(arguments, cwd: bag).status == 0
    }

    /// Runs seal_forge.py: `op` (`signature-value`, `low-s`, `high-s`, `signature-from`, …) over
    /// `input`, written to `output`.
    public static func forge(_ op: String, _ input: URL, _ output: URL, _ extra: [String] = []) throws {
        let result = Subprocess.execute(
            [try OutsideOracle.python(), forgeScript, op, input.path, output.path] + extra, cwd: input.deletingLastPathComponent())
        try #require(result.status == 0, "seal_forge.py \(op) failed: \(result)")
    }

    /// Writes the bytes of one file of `package` to `output` (`tar -xO`).
    public static func extract(_ path: String, of package: URL, to output: URL) throws {
        let top = try #require(try OutsideOracle.tarList(package).first?.split(separator: "/").first.map(String.init))
        let result = Subprocess.execute(
            ["sh", "-c", "tar -xOf \"$0\" \"$1\" > \"$2\"", package.path, "\(top)/\(path)", output.path], cwd: package.deletingLastPathComponent())
        try #require(result.status == 0, "tar -xO \(path) failed: \(result)")
    }
}
