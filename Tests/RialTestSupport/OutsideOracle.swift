import Foundation

/// The independent tools the suites check rial against: bagit-python and jsonschema (in the
/// oracle Python, `RIAL_ORACLE_PYTHON`, else `python3`), tamper.py (which rewrites a package as
/// an attacker would), `tar`, and coreutils. Shared by the CLI tests and the in-process library
/// tests, so both hold rial to the same outside judges. Missing oracles fail the test; they
/// never skip it.
public enum OutsideOracle {
    public static let hint = "run make test (installs oracles)"

    /// The repository root, found from this file's path (Tests/RialTestSupport/OutsideOracle.swift).
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let pythonPath: String = ProcessInfo.processInfo.environment["RIAL_ORACLE_PYTHON"].flatMap { $0.isEmpty ? nil : $0 } ?? "python3"

    private static let pythonProblem: String? = {
        let probe = Subprocess.execute([pythonPath, "-c", "import bagit, jsonschema, rfc3339_validator"], cwd: FileManager.default.temporaryDirectory)
        if probe.status == 0 { return nil }
        return
            "oracle Python \(pythonPath) cannot import bagit, jsonschema and rfc3339_validator (\(probe.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines))); \(hint)"
    }()

    /// The oracle Python; throws (failing the test, never skipping it) when it lacks the oracles.
    public static func python() throws -> String {
        if let problem = pythonProblem {
            throw Missing(message: problem)
        }
        return pythonPath
    }

    /// Requires a command-line tool (e.g. sha256sum) to be on PATH.
    public static func tool(_ name: String) throws -> String {
        let probe = Subprocess.execute(["sh", "-c", "command -v \(name)"], cwd: FileManager.default.temporaryDirectory)
        if probe.status != 0 {
            throw Missing(message: "\(name) is not installed; \(hint)")
        }
        return name
    }

    /// Why an oracle the test needs is missing.
    public struct Missing: Error, CustomStringConvertible {
        public let message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// A failed oracle run: which and what it said.
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static let schemaDirectory = repoRoot.appendingPathComponent("schema")
    public static let validateJSON = repoRoot.appendingPathComponent("Tests/oracles/validate_json.py").path
    public static let tamperScript = repoRoot.appendingPathComponent("Tests/RialCLITests/Fixtures/tamper.py").path

    /// Runs validate_json.py with `schema` (a file name in schema/) over `files`.
    public static func validate(schema: String, _ files: [String], cwd: URL) throws -> Subprocess.Run {
        let python = try python()
        return Subprocess.execute([python, validateJSON, schemaDirectory.appendingPathComponent(schema).path] + files, cwd: cwd)
    }

    /// `python -m bagit --validate` on a bag directory.
    public static func bagitValidate(_ bag: URL) throws -> Subprocess.Run {
        let python = try python()
        return Subprocess.execute([python, "-m", "bagit", "--validate", "--quiet", bag.path], cwd: bag.deletingLastPathComponent())
    }

    /// Writes a tampered copy of `package` (see Tests/RialCLITests/Fixtures/tamper.py for the ops).
    /// - Throws: ``Failed`` when tamper.py does not succeed.
    public static func tamper(_ package: URL, _ op: [String], output: URL) throws {
        let python = try python()
        guard let name = op.first else { throw Failed(description: "tamper.py needs an op") }
        let result = Subprocess.execute([python, tamperScript, name, package.path, output.path] + op.dropFirst(), cwd: package.deletingLastPathComponent())
        guard result.status == 0 else { throw Failed(description: "tamper.py \(op) failed: \(result)") }
    }

    /// Unpacks `package` with the system `tar` into `dir` and returns the bag directory (its one
    /// top-level directory).
    public static func untar(_ package: URL, into dir: URL) throws -> URL {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let result = Subprocess.execute(["tar", "-xf", package.path, "-C", dir.path], cwd: dir)
        guard result.status == 0 else { throw Failed(description: "tar -xf failed: \(result)") }
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        guard entries.count == 1 else { throw Failed(description: "expected one top-level directory, found \(entries)") }
        return dir.appendingPathComponent(entries[0])
    }

    /// The entry names `tar -tf` lists.
    public static func tarList(_ package: URL) throws -> [String] {
        let result = Subprocess.execute(["tar", "-tf", package.path], cwd: package.deletingLastPathComponent())
        guard result.status == 0 else { throw Failed(description: "tar -tf failed: \(result)") }
        return result.output.split(separator: "\n").map(String.init)
    }
}

/// A new, unique directory for one test, removed when it is done.
public enum TemporaryDirectory {
    /// Runs `body` with a new, unique directory that is removed afterwards.
    public static func with<T>(_ body: (URL) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("rial-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try body(dir)
    }

    /// Entries of `dir`, recursively (files and directories), sorted.
    public static func listing(_ dir: URL) -> [String] {
        (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Regular files under `dir`, recursively, as relative paths, sorted.
    public static func regularFiles(_ dir: URL) -> [String] {
        listing(dir).filter { path in
            let type = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(path).path))?[.type] as? FileAttributeType
            return type == .typeRegular
        }
    }
}
