import Foundation
import Testing

/// `rial verify` over an evidence store: many inputs, any --jobs, one JSON line each, in
/// input order, a summary line, and the worst verdict as exit status.
@Suite("Batch verification")
struct BatchVerifyTests {
    /// 50 inputs: 44 copies of a good package (some nested), 3 tampered ones, a bag directory,
    /// a file that is not a package, and a path that does not exist.
    static func store(in dir: URL) throws -> (root: URL, expected: [String: (verdict: String, code: String?)]) {
        let fm = FileManager.default
        let package = try Fixture.package(in: dir)
        let root = dir.appendingPathComponent("store")
        var expected: [String: (String, String?)] = [:]
        for index in 0..<44 {
            let folder = root.appendingPathComponent(index % 3 == 0 ? "2026/case-\(index % 5)" : "inbox")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = folder.appendingPathComponent(String(format: "pkg-%02d.rialpkg", index))
            try fm.copyItem(at: package, to: copy)
            expected["store/" + copy.path.dropFirst(root.path.count + 1)] = ("pass", nil)
        }
        for (index, op) in [["flip-byte", "data/media/capture.mov", "10"], ["flip-byte", "rial/chain.json", "40"], ["remove", "rial/depth.json"]].enumerated() {
            let tampered = root.appendingPathComponent("tampered-\(index).rialpkg")
            try Oracle.tamper(package, op, output: tampered)
            expected["store/tampered-\(index).rialpkg"] = ("fail", nil)
        }
        let bag = try Fixture.untar(package, into: root.appendingPathComponent("extracted"))
        expected["store/" + bag.path.dropFirst(root.path.count + 1)] = ("pass", nil)
        try Data("not an archive\n".utf8).write(to: root.appendingPathComponent("notes.rialpkg"))
        expected["store/notes.rialpkg"] = ("error", "input.not-a-package")
        try Data("ignored: not a .rialpkg\n".utf8).write(to: root.appendingPathComponent("README.txt"))
        expected["missing.rialpkg"] = ("error", "input.unreadable")
        return (root, expected)
    }

    struct Line: Decodable {
        let type: String
        let path: String?
        let verdict: String?
        let packageId: String?
        let manifestSha256: String?
        let failingCodes: [String]?
        let error: ErrorLine?
        let total: Int?
        let verdicts: [String: Int]?
        let exitStatus: Int?
        struct ErrorLine: Decodable { let code: String }
    }

    static func lines(_ output: String) throws -> [Line] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try output.split(separator: "\n").map { try decoder.decode(Line.self, from: Data($0.utf8)) }
    }

    @Test("50 inputs at --jobs 1 and --jobs 4: the right line for each, in the same order, the summary and exit status 1")
    func batch() throws {
        try withTemporaryDirectory { dir in
            let (_, expected) = try Self.store(in: dir)
            #expect(expected.count == 50)
            var outputs: [String] = []
            for jobs in ["1", "4"] {
                let result = CLI.rial(["verify", "--recursive", "store", "missing.rialpkg", "--format", "jsonl", "--jobs", jobs, "--quiet"], cwd: dir)
                #expect(result.status == 1, "a failing package makes the batch fail: \(result)")
                #expect(!result.stderr.contains("\r"), "no progress when --quiet or piped")
                let lines = try Self.lines(result.stdout)
                try #require(lines.count == 51, "\(result)")
                let packages = lines.dropLast()
                #expect(packages.allSatisfy { $0.type == "package" })
                #expect(Dictionary(grouping: packages.compactMap(\.path), by: { $0 }).allSatisfy { $0.value.count == 1 }, "each input once")
                for line in packages {
                    let path = line.path ?? ""
                    guard let want = expected[path] else { Issue.record("unexpected input \(path)"); continue }
                    #expect(line.verdict == want.verdict, "\(path): \(line.verdict ?? "none"), expected \(want.verdict)")
                    #expect(line.error?.code == want.code, "\(path): error \(line.error?.code ?? "none")")
                    if want.verdict == "pass" {
                        #expect(line.manifestSha256?.count == 64 && line.packageId != nil && line.failingCodes == [], "\(path)")
                    }
                    if want.verdict == "fail" { #expect(!(line.failingCodes ?? []).isEmpty, "\(path)") }
                }
                #expect(lines.last?.type == "summary")
                #expect(
                    lines.last?.total == 50 && lines.last?.verdicts == ["pass": 45, "fail": 3, "error": 2] && lines.last?.exitStatus == 1,
                    "\(String(describing: lines.last))")
                // Input order: the sorted search results, then the explicit path.
                let found = packages.compactMap(\.path).dropLast()
                #expect(Array(found) == found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                #expect(packages.last?.path == "missing.rialpkg")
                outputs.append(result.stdout)
            }
            // Apart from timings, the two runs wrote the same lines.
            let untimed = outputs.map { $0.replacingOccurrences(of: #""elapsed_ms": [0-9]+"#, with: "", options: .regularExpression) }
            #expect(untimed[0] == untimed[1])

            // Every line validates against schema/verify-lines.schema.json.
            let files = try outputs[1].split(separator: "\n").enumerated().map { index, line -> String in
                let file = dir.appendingPathComponent("line-\(index).json")
                try Data(line.utf8).write(to: file)
                return file.path
            }
            let validation = try Oracle.validate(schema: "verify-lines.schema.json", files, cwd: dir)
            #expect(validation.status == 0, "\(validation)")
        }
    }

    @Test("only passing inputs exit 0; only unreadable ones exit 2; an empty search is exit 2 with a message")
    func exitStatuses() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let good = CLI.rial(["verify", package.path, package.path, "--format", "jsonl", "-q"], cwd: dir)
            #expect(good.status == 0, "\(good)")
            let bad = CLI.rial(["verify", "nope-1.rialpkg", "nope-2.rialpkg", "--format", "jsonl", "-q"], cwd: dir)
            #expect(bad.status == 2, "\(bad)")
            #expect(try Self.lines(bad.stdout).last?.exitStatus == 2)
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: false)
            let none = CLI.rial(["verify", "--recursive", "empty", "-q"], cwd: dir)
            #expect(none.status == 2 && none.stderr.contains("no .rialpkg file"), "\(none)")
        }
    }

    @Test(
        "--recursive accounts for every entry named like a package: a named pipe, a socket and a dangling link each get an error line saying what it is, and the summary counts them"
    )
    func oddEntries() throws {
        try withTemporaryDirectory { dir in
            let store = dir.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
            let package = try Fixture.package(in: dir)
            try FileManager.default.copyItem(at: package, to: store.appendingPathComponent("a.rialpkg"))
            try #require(CLI.run(["mkfifo", "store/pipe.rialpkg"], cwd: dir).status == 0)
            try FileManager.default.createSymbolicLink(atPath: store.appendingPathComponent("gone.rialpkg").path, withDestinationPath: "/nonexistent/x.rialpkg")
            let made = CLI.run(["python3", "-c", "import socket; socket.socket(socket.AF_UNIX).bind('store/sock.rialpkg')"], cwd: dir)
            try #require(made.status == 0, "\(made)")
            let run = CLI.execute([CLI.rialPath, "verify", "--recursive", "store", "--format", "jsonl", "-q"], cwd: dir, timeLimit: 120)
            #expect(run.status == 2 && !run.timedOut, "\(run)")
            let lines = try Self.lines(String(decoding: run.stdout, as: UTF8.self))
            let byPath = Dictionary(uniqueKeysWithValues: lines.compactMap { line in line.path.map { ($0, line) } })
            #expect(byPath["store/a.rialpkg"]?.verdict == "pass")
            #expect(byPath["store/pipe.rialpkg"]?.error?.code == "input.unreadable")
            #expect(byPath["store/gone.rialpkg"]?.error?.code == "input.unreadable")
            #expect(byPath["store/sock.rialpkg"]?.error?.code == "input.not-a-package")
            let text = String(decoding: run.stdout, as: UTF8.self)
            for words in ["a named pipe with no writer", "a symbolic link to a file that does not exist", "is a socket, not a package file"] {
                #expect(text.contains(words), "\(words): \(text)")
            }
            #expect(lines.last?.total == 4 && lines.last?.verdicts?["error"] == 3, "\(String(describing: lines.last))")
        }
    }
}
