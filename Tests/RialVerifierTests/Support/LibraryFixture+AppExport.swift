import Foundation
import RialPackager
import RialReport
import RialTestSupport
import RialVerifier

/// The capture app's exports (Tests/Fixtures/AppExport), made fresh and packed in-process as
/// `rial pack VARIANT -o VARIANT.rialpkg` packs them for the CLI's AppExportTests.
extension LibraryFixture {
    /// Every variant of the fixtures script, made fresh in `dir/exports`.
    static func appExports(in dir: URL) throws -> URL {
        let script = OutsideOracle.repoRoot.appendingPathComponent("Tests/Fixtures/AppExport/make-app-exports.sh").path
        let out = dir.appendingPathComponent("exports")
        let result = Subprocess.execute([script, out.path], cwd: dir)
        guard result.status == 0 else { throw OutsideOracle.Failed(description: "the fixtures script failed: \(result)") }
        return out
    }

    /// Packs a variant as exported (the current time as `created`: the app's events are recent),
    /// then whatever `configure` changes (e.g. `keepAsReceived`, `--keep-as-received`).
    static func packAppExport(
        _ variant: String, _ exports: URL, in dir: URL, _ configure: (inout PackageOptions) throws -> Void = { _ in }
    ) throws -> URL {
        try pack(exports.appendingPathComponent(variant), in: dir, name: "\(variant).rialpkg") {
            $0.created = nil
            try configure(&$0)
        }
    }
}

extension VerificationReport {
    /// The JSON report (`rial verify --format json`), parsed, for what only it states (the
    /// verdict basis's title, each check's part).
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(JSONReportRenderer.bytes(self))) as? [String: Any] else {
            throw OutsideOracle.Failed(description: "the JSON report is not an object")
        }
        return object
    }

    /// The JSON report's `basis.title` and each part's state (`basis.parts.*.state`).
    func jsonBasis() throws -> (title: String?, states: [String: String]) {
        let basis = try jsonObject()["basis"] as? [String: Any]
        let parts = basis?["parts"] as? [String: [String: Any]] ?? [:]
        return (basis?["title"] as? String, parts.compactMapValues { $0["state"] as? String })
    }

    /// The JSON report's `part` of each check with this code.
    func jsonParts(_ code: String) throws -> [String?] {
        let checks = try jsonObject()["checks"] as? [[String: Any]] ?? []
        return checks.filter { $0["code"] as? String == code }.map { $0["part"] as? String }
    }
}
