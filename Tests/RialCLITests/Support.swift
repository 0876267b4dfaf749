import Foundation
import RialTestSupport
import Testing

/// A verification report as `rial verify --format json` writes it (schema/report.schema.json).
struct Report: Decodable, Sendable {
    struct Check: Decodable, Sendable, CustomStringConvertible {
        let code: String
        let status: String
        let subject: String
        let message: String
        let expected: String?
        let actual: String?
        /// The custody event a finding is about.
        let seq: Int?
        /// The part of the verdict (report 1.5): integrity, provenance or claims.
        let part: String?
        var description: String { "\(status) \(code) [\(subject)\(seq.map { " seq \($0)" } ?? "")]" }
    }
    struct Summary: Decodable, Sendable {
        let pass: Int
        let fail: Int
        let notPresent: Int
        let notChecked: Int
    }
    struct Subject: Decodable, Sendable {
        let path: String
        let kind: String
    }
    struct ErrorInfo: Decodable, Sendable {
        let code: String
        let message: String
        let location: String?
    }

    let verdict: String
    let subject: Subject
    let packageId: String?
    let manifestSha256: String?
    let summary: Summary
    let checks: [Check]
    let warnings: [String]
    let error: ErrorInfo?
    let seal: Seal?
    let timestamp: TimestampInfo?
    let custody: Custody?
    /// What the verdict rests on (report 1.4, SPEC §9.2).
    let basis: Basis?

    struct Basis: Decodable, Sendable, Equatable {
        let assurance: String
        let failure: String
        let custodyHead: String
        /// The headline's title (report 1.5).
        var title: String? = nil
        /// Each part of the verdict (report 1.5): integrity, provenance, claims.
        var parts: [String: Part]? = nil

        struct Part: Decodable, Sendable, Equatable {
            let state: String
            let pass: Int
            let fail: Int
            let notPresent: Int
            let notChecked: Int
        }

        /// The state of each part, by name.
        var states: [String: String] { parts?.mapValues(\.state) ?? [:] }

        /// Equal in what the verdict rests on (assurance, failure, custody head); the title and
        /// the parts are compared on their own.
        static func == (lhs: Basis, rhs: Basis) -> Bool {
            (lhs.assurance, lhs.failure, lhs.custodyHead) == (rhs.assurance, rhs.failure, rhs.custodyHead)
        }
    }
    /// The case fields of bag-info.txt (report version 1.4).
    let `case`: CaseFields?
    /// What the verdict was reached with (report version 1.4).
    let settings: Settings?

    struct CaseFields: Decodable, Sendable {
        struct Field: Decodable, Sendable, Equatable {
            let label: String
            let value: String
        }
        let caseNumber: String?
        let organisation: String?
        let description: String?
        let fields: [Field]
    }

    struct Settings: Decodable, Sendable {
        struct Anchor: Decodable, Sendable {
            let role: String
            let subject: String
            let sha256Fingerprint: String
            let option: String?
            let file: String?
        }
        let trustAnchors: [Anchor]
        let requireSeal: Bool
        let requireTimestamp: Bool
        let custodyHead: String?
        let media: String?
        let verificationTime: String
        /// Report version 1.8: `stated` (`--at`) or `clock`.
        let verificationTimeSource: String?
        let toolVersion: String
        let mediaProbeConfinement: String?
        let libraries: [Library]?

        struct Library: Decodable, Sendable {
            let name: String
            let version: String
        }
    }

    struct Custody: Decodable, Sendable {
        struct Head: Decodable, Sendable {
            let seq: Int
            let sha256: String?
        }
        struct Actor: Decodable, Sendable {
            let name: String
            let role: String?
            let organisation: String?
            let identifier: String?
            let certificateSha256: String?
        }
        struct Event: Decodable, Sendable {
            let seq: Int
            let path: String
            let sha256: String?
            let action: String?
            let timestamp: String?
            let actor: Actor?
            let details: String?
            let imported: Bool?
            let forced: Bool?
            let signature: String
            let signer: String?
            let problems: [String]
        }
        let state: String
        let eventCount: Int
        let importedCount: Int
        let signedCount: Int
        let head: Head?
        let firstBrokenSeq: Int?
        let events: [Event]
    }

    struct Seal: Decodable, Sendable {
        struct Signer: Decodable, Sendable {
            let subject: String
            let sha256Fingerprint: String
        }
        let state: String
        let signer: Signer?
        let trustAnchor: String?
        let certificatesJudgedAt: String?
    }
    struct TimestampInfo: Decodable, Sendable {
        struct TSA: Decodable, Sendable {
            let subject: String
            let serial: String
        }
        let state: String
        let genTime: String?
        let serial: String?
        let tsa: TSA?
    }

    var failures: [Check] { checks.filter { $0.status == "fail" } }

    func has(_ code: String, subject: String, status: String = "fail") -> Bool {
        checks.contains { $0.code == code && $0.subject == subject && $0.status == status }
    }

    func checks(_ code: String) -> [Check] { checks.filter { $0.code == code } }

    static func decode(_ text: String) throws -> Report {
        try decoder.decode(Report.self, from: Data(text.utf8))
    }

    static func decodeList(_ text: String) throws -> [Report] {
        try decoder.decode([Report].self, from: Data(text.utf8))
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

/// What `rial inspect --format json` prints.
struct Inspection: Decodable, Sendable {
    struct File: Decodable, Sendable, CustomStringConvertible {
        let path: String
        let size: UInt64
        let role: String?
        let mediaType: String?
        let claimedSha256: String?
        var description: String { "\(path) (\(role ?? "no role"))" }
    }
    let packageId: String?
    let packageDirectory: String?
    let files: [File]
}

/// Small captures and packages made with the real `rial` binary.
enum Fixture {
    static let created = "2026-01-20T00:00:00Z"
    /// Small and quick: 10 frames, depth keyframes 1, 4, 7, 10 (each 256×192 Float32).
    static let sampleOptions = ["--seconds", "1", "--fps", "10", "--width", "64", "--height", "48"]

    /// Writes a sample capture to `dir/name`.
    static func sample(in dir: URL, name: String = "capture", seed: Int = 1) throws -> URL {
        let result = CLI.rial(["sample", "--out", name, "--seed", String(seed)] + sampleOptions, cwd: dir)
        try #require(result.status == 0, "rial sample failed: \(result)")
        return dir.appendingPathComponent(name)
    }

    /// Packs `capture` into `dir/name` with a fixed creation time.
    static func pack(_ capture: URL, in dir: URL, name: String = "case.rialpkg", options: [String] = []) throws -> URL {
        let result = CLI.rial(["pack", capture.path, "-o", name, "--created", created, "--quiet"] + options, cwd: dir)
        try #require(result.status == 0, "rial pack failed: \(result)")
        return dir.appendingPathComponent(name)
    }

    /// A sample capture packed into `dir/case.rialpkg`.
    static func package(in dir: URL, name: String = "case.rialpkg") throws -> URL {
        try pack(sample(in: dir), in: dir, name: name)
    }

    /// Runs `rial verify --format json` and decodes the single report.
    static func verifyJSON(_ path: String, cwd: URL) throws -> (result: CommandResult, report: Report) {
        let result = CLI.rial(["verify", path, "--format", "json", "--quiet"], cwd: cwd)
        let report = try #require(try? Report.decode(result.stdout), "no JSON report on stdout: \(result)")
        return (result, report)
    }

    /// Runs `rial inspect --format json` and decodes it.
    static func inspectJSON(_ path: String, cwd: URL) throws -> Inspection {
        let result = CLI.rial(["inspect", path, "--format", "json"], cwd: cwd)
        try #require(result.status == 0, "rial inspect failed: \(result)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try #require(try? decoder.decode(Inspection.self, from: Data(result.stdout.utf8)), "not an inspection: \(result)")
    }

    /// Unpacks `package` with the system `tar` into `dir` and returns the bag directory.
    static func untar(_ package: URL, into dir: URL) throws -> URL { try OutsideOracle.untar(package, into: dir) }

    /// The entry names `tar -tf` lists.
    static func tarList(_ package: URL) throws -> [String] { try OutsideOracle.tarList(package) }

    static func read(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    static func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    /// Entries of `dir`, recursively (files and directories), sorted.
    static func listing(_ dir: URL) -> [String] { TemporaryDirectory.listing(dir) }

    /// Regular files under `dir`, recursively, as relative paths, sorted.
    static func regularFiles(_ dir: URL) -> [String] { TemporaryDirectory.regularFiles(dir) }
}

/// The independent tools the suite checks rial against (RialTestSupport's ``OutsideOracle``),
/// with their output as text. Missing oracles fail the test; they never skip it.
enum Oracle {
    static let hint = OutsideOracle.hint
    static let pythonPath = OutsideOracle.pythonPath

    /// The oracle Python; throws (failing the test, never skipping it) when it lacks the oracles.
    static func python() throws -> String { try OutsideOracle.python() }

    /// Requires a command-line tool (e.g. sha256sum) to be on PATH.
    static func tool(_ name: String) throws -> String { try OutsideOracle.tool(name) }

    typealias OracleMissing = OutsideOracle.Missing

    static let schemaDirectory = OutsideOracle.schemaDirectory
    static let validateJSON = OutsideOracle.validateJSON
    static let tamperScript = OutsideOracle.tamperScript

    /// Runs validate_json.py with `schema` (a file name in schema/) over `files`.
    static func validate(schema: String, _ files: [String], cwd: URL) throws -> CommandResult {
        CommandResult(try OutsideOracle.validate(schema: schema, files, cwd: cwd))
    }

    /// `python -m bagit --validate` on a bag directory.
    static func bagitValidate(_ bag: URL) throws -> CommandResult {
        CommandResult(try OutsideOracle.bagitValidate(bag))
    }

    /// Writes a tampered copy of `package` (see Fixtures/tamper.py for the ops).
    static func tamper(_ package: URL, _ op: [String], output: URL) throws {
        try OutsideOracle.tamper(package, op, output: output)
    }
}
