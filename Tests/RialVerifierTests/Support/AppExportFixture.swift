import Foundation
import Testing
import RialCrypto
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// The capture app's exports (`Tests/Fixtures/AppExport/make-app-exports.sh`: real H.264/HEVC
/// media, Swift-style JSON, RFC 3161 tokens from the fixtures' test TSA), packed and verified
/// in-process exactly as `rial pack EXPORT -o OUT` and `rial verify OUT [--tsa-trust ROOT]` do,
/// so that a test of what the packager refuses or the verifier finds needs no spawned binary.
enum AppExportFixture {
    /// The options `rial pack EXPORT -o OUT` gives the packager (the current time as `created`:
    /// the app's events are recent; media examined), then whatever `configure` changes.
    static func options(_ export: URL, output: URL, _ configure: (inout PackageOptions) throws -> Void = { _ in }) rethrows -> PackageOptions {
        var options = PackageOptions(captureDirectory: export.path, output: output.path)
        options.examinesMedia = true
        try configure(&options)
        return options
    }

    /// Packs `export` into `dir/name`: `rial pack EXPORT -o NAME`.
    /// - Returns: the package and what the packager said (warnings, notes, the app's digests).
    /// - Throws: the packager's refusal (`rial pack` exits 2 with it).
    @discardableResult
    static func pack(
        _ export: URL, in dir: URL, name: String? = nil, _ configure: (inout PackageOptions) throws -> Void = { _ in }
    ) throws -> (package: URL, summary: PackageSummary) {
        let output = dir.appendingPathComponent(name ?? export.lastPathComponent + ".rialpkg")
        let summary = try Packager(options: options(export, output: output, configure)).write()
        return (output, summary)
    }

    /// Packs the fixtures' `variant` into `dir/VARIANT.rialpkg`.
    @discardableResult
    static func pack(
        _ variant: String, _ exports: URL, in dir: URL, _ configure: (inout PackageOptions) throws -> Void = { _ in }
    ) throws -> (package: URL, summary: PackageSummary) {
        try pack(exports.appendingPathComponent(variant), in: dir, name: "\(variant).rialpkg", configure)
    }

    /// What the packager refuses `export` with (`rial pack` prints its concise description and
    /// exits 2); `nil`, failing the test, when it packs. With `plan`, `rial pack --plan`. No
    /// package is left behind (the test fails if one is).
    static func refusal(
        _ export: URL, in dir: URL, plan: Bool = false, _ configure: (inout PackageOptions) throws -> Void = { _ in }
    ) throws -> PackagerError? {
        let output = dir.appendingPathComponent(export.lastPathComponent + ".rialpkg")
        let packager = Packager(options: try options(export, output: output, configure))
        do {
            _ = plan ? try packager.plan() : try packager.write()
        } catch let error as PackagerError {
            #expect(!FileManager.default.fileExists(atPath: packager.options.output), "a refused package was left behind")
            return error
        }
        Issue.record("\(export.lastPathComponent) packed; a refusal was expected")
        return nil
    }

    /// `rial pack EXPORT --plan`.
    static func plan(_ export: URL, _ configure: (inout PackageOptions) throws -> Void = { _ in }) throws -> PackageSummary {
        try Packager(options: options(export, output: export.appendingPathExtension("unused"), configure)).plan()
    }

    /// The fixtures' test root (`exports/pki/root-ca.pem`), `rial verify --tsa-trust`'s anchor.
    static func tsaRoot(_ exports: URL) -> String { exports.appendingPathComponent("pki/root-ca.pem").path }

    /// Verifies `package` as `rial verify PKG` does, and with `tsaTrust` as `--tsa-trust FILE`.
    static func verify(_ package: URL, tsaTrust: String? = nil, _ configure: (inout VerificationPolicy) -> Void = { _ in }) throws -> VerificationReport {
        var policy = VerificationPolicy()
        if let tsaTrust {
            let anchors = try Certificate.load(pem: Array(Data(contentsOf: URL(fileURLWithPath: tsaTrust))), source: tsaTrust)
            policy.timestampAnchors = anchors
            for anchor in anchors {
                policy.timestampAnchorOrigins[anchor.fingerprintSHA256] = TrustAnchorOrigin(option: "--tsa-trust", file: tsaTrust)
            }
        }
        configure(&policy)
        return Verifier(policy: policy).report(for: package.path)
    }

    /// Packs and verifies a variant that must pack.
    static func packAndVerify(
        _ variant: String, _ configure: (inout PackageOptions) throws -> Void = { _ in }, tsaTrust: Bool = false
    ) throws -> VerificationReport {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try pack(variant, exports, in: dir, configure)
            return try verify(package, tsaTrust: tsaTrust ? tsaRoot(exports) : nil)
        }
    }

    /// `openssl ts -verify` over the exported media and the export's first token, trusting the
    /// fixtures' test root: the outside oracle for each token case.
    static func opensslAccepts(_ variant: String, _ exports: URL, in dir: URL) throws -> Bool {
        let export = exports.appendingPathComponent(variant)
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("recording_1764000000.manifest.json"))) as? [String: Any])
        let tokens = try #require(manifest["timestampTokens"] as? [[String: Any]])
        let text = try #require(tokens.first?["token"] as? String)
        let der = try #require(Data(base64Encoded: text))
        let token = dir.appendingPathComponent("\(variant).tsr")
        try der.write(to: token)
        let pki = exports.appendingPathComponent("pki")
        let run = Subprocess.execute(
            [
                "openssl", "ts", "-verify", "-data", export.appendingPathComponent("recording_1764000000.mp4").path, "-in", token.path,
                "-CAfile", pki.appendingPathComponent("root-ca.pem").path, "-untrusted", pki.appendingPathComponent("tsa-chain.pem").path,
            ], cwd: dir)
        return run.status == 0
    }
}
