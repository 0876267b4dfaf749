import Foundation
import Testing

/// `case_validate` from case-utils 0.18.0 (PyPI), the CASE community's SHACL validator: the
/// outside oracle for `--format case` and the CASE renderer. It is looked for next to the oracle
/// Python (`RIAL_ORACLE_PYTHON`'s bin directory, where `make test` installs it), then on PATH. A
/// missing validator skips the tests that need it, unless `RIAL_REQUIRE_CASE_ORACLE=1` or
/// `RIAL_REQUIRE_MEDIA_ORACLES=1` (both set by `make test`): then they fail.
public enum CASEOracle {
    /// The CASE release the export targets (`CASERenderer.caseVersion`).
    public static let builtVersion = "case-1.5.0"

    public static let isRequired: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["RIAL_REQUIRE_CASE_ORACLE"] == "1" || environment["RIAL_REQUIRE_MEDIA_ORACLES"] == "1"
    }()

    /// The validator's path, if installed.
    public static let path: String? = {
        var candidates: [String] = []
        if let python = ProcessInfo.processInfo.environment["RIAL_ORACLE_PYTHON"], python.contains("/") {
            candidates.append(URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("case_validate").path)
        }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        candidates += directories.map { "\($0)/case_validate" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs the tests that need it when it is installed or required (then its absence fails them).
    public static let trait: ConditionTrait = .enabled(
        if: isRequired || path != nil,
        "case_validate (case-utils 0.18.0) is not installed; run `scripts/install-deps.sh --with-oracles` (make test does)")

    /// Validates `file` against CASE 1.5.0's ontology and shapes; info, warnings and violations
    /// all count (pyshacl's "Conforms" is false for any of them).
    public static func validate(_ file: URL) throws -> Subprocess.Run {
        guard let path else {
            throw OutsideOracle.Missing(message: "case_validate is not installed; run `scripts/install-deps.sh --with-oracles` (make test does)")
        }
        return Subprocess.execute([path, "--built-version", builtVersion, file.path], cwd: file.deletingLastPathComponent())
    }

    /// Fails the test unless `file` conforms, with the validator's report.
    public static func expectConforms(_ file: URL, _ name: String) throws {
        let result = try validate(file)
        #expect(result.status == 0 && result.output.contains("Conforms: True"), "\(name): \(result)")
    }

    /// The graph's nodes, decoded with Foundation's own JSON parser (not rial's).
    public static func graphNodes(_ text: String) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object")
        return try #require(document["@graph"] as? [[String: Any]], "no @graph")
    }

    /// Writes an export to `dir/name`, for the validator to read.
    public static func write(_ text: String, _ name: String, in dir: URL) throws -> URL {
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
