import Foundation
import RialXML
import Testing

/// The XML report against schema/report.xsd, judged twice: by libxml2 through rial's own
/// validator and by xmllint, the outside oracle.
public enum ReportSchemaOracle {
    public static let xsd = OutsideOracle.repoRoot.appendingPathComponent("schema/report.xsd").path

    /// Expects `file` to be valid against report.xsd both ways.
    public static func expectValid(_ file: URL, cwd: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validator = try XMLSchemaValidator(schemaPath: xsd)
        let problems = validator.problems(Array(try Data(contentsOf: file)))
        #expect(problems == nil, "\(file.lastPathComponent): \(problems ?? "")", sourceLocation: sourceLocation)
        let xmllint = try OutsideOracle.tool("xmllint")
        let oracle = Subprocess.execute([xmllint, "--noout", "--nonet", "--schema", xsd, file.path], cwd: cwd)
        #expect(oracle.status == 0, "\(oracle)", sourceLocation: sourceLocation)
    }
}
