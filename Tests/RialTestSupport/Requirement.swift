import Foundation
import Testing

/// Something outside the suite a test needs (a command-line tool, a database server) and how a
/// test that needs it behaves when it is missing: skipped, so the run reports it as skipped
/// rather than counting a test that returned early as passed; or, when the requirement's
/// `RIAL_REQUIRE_*` variable is `1` (`make test` sets them all), failed with a sentence naming
/// what is missing and how to get it.
///
/// Use it as a trait: `@Test(.requires(.openssl))`, or on a suite.
public struct Requirement: Sendable {
    /// What is needed, as a reader names it ("the openssl CLI").
    public let name: String
    /// The environment variable that, set to `1`, makes a missing `name` fail the test.
    public let variable: String
    /// How to get it.
    public let hint: String
    /// Why it is missing, or `nil` when it is here (asked when a test that needs it is planned).
    public let problem: @Sendable () -> String?

    public init(name: String, variable: String, hint: String, problem: @escaping @Sendable () -> String?) {
        self.name = name
        self.variable = variable
        self.hint = hint
        self.problem = problem
    }

    /// Whether the environment says tests needing this must run.
    public var isRequired: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Why a required-but-missing requirement fails its test.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether a test needing this runs: `true` when it is here, `false` (skipped) when it is
    /// missing and not required.
    /// - Throws: ``Missing`` when it is missing and required, which fails the test.
    public func shouldRun() throws -> Bool {
        guard let problem = problem() else { return true }
        if isRequired {
            throw Missing(description: "\(name) is required (\(variable)=1) but missing: \(problem); \(hint)")
        }
        return false
    }

    /// The full path of the executable `name` on PATH, if there is one.
    public static func executable(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Command-line tools on PATH, required by `variable`.
    public static func tools(_ names: [String], named name: String? = nil, variable: String, hint: String) -> Requirement {
        Requirement(name: name ?? names.joined(separator: ", "), variable: variable, hint: hint) {
            let missing = names.filter { executable($0) == nil }
            return missing.isEmpty ? nil : "not on PATH: \(missing.joined(separator: ", "))"
        }
    }
}

extension Requirement {
    static let oracleHint = "run `scripts/install-deps.sh --with-oracles` (make test does)"

    /// The openssl CLI, which makes the test PKIs and time-stamp tokens and judges them
    /// (`RIAL_REQUIRE_OPENSSL`).
    public static let openssl = tools(["openssl"], named: "the openssl CLI", variable: "RIAL_REQUIRE_OPENSSL", hint: oracleHint)

    /// The test time-stamping authority: the openssl CLI with `openssl ts` (`RIAL_REQUIRE_OPENSSL`).
    public static let tsa = Requirement(name: "the openssl CLI's test TSA (openssl ts)", variable: "RIAL_REQUIRE_OPENSSL", hint: oracleHint) {
        guard executable("openssl") != nil else { return "openssl is not on PATH" }
        return nil
    }

    /// A PostgreSQL server at `RIAL_TEST_POSTGRES_URL` (`RIAL_REQUIRE_POSTGRES`).
    public static let postgres = Requirement(
        name: "a PostgreSQL server", variable: "RIAL_REQUIRE_POSTGRES",
        hint: "start one with scripts/test-postgres.sh start and set RIAL_TEST_POSTGRES_URL (make test does)"
    ) {
        let url = ProcessInfo.processInfo.environment["RIAL_TEST_POSTGRES_URL"] ?? ""
        return url.isEmpty ? "RIAL_TEST_POSTGRES_URL is not set" : nil
    }

    /// Media oracles and tools (ffmpeg, ffprobe, exiftool, heif-enc, sha256sum) by name
    /// (`RIAL_REQUIRE_MEDIA_ORACLES`).
    public static func media(_ names: String...) -> Requirement {
        tools(names, variable: "RIAL_REQUIRE_MEDIA_ORACLES", hint: oracleHint)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when `requirement` is met, skips it when it is not, and fails it when it is
    /// not but its `RIAL_REQUIRE_*` variable says it must run.
    public static func requires(_ requirement: Requirement) -> Self {
        .enabled(
            if: try requirement.shouldRun(),
            Comment(rawValue: "needs \(requirement.name), missing here (\(requirement.variable)=1 makes that a failure); \(requirement.hint)"))
    }
}
