import Foundation
import RialTestSupport
import Testing

/// What the commands say when they refuse: each its own code, every cause said once, and a
/// hint where the mistake is a common one.
@Suite("Error messages")
struct ErrorMessageTests {
    /// The `[code]`s a message ends with.
    private func codes(_ text: String) -> [String] {
        text.matches(of: /\[([a-z0-9]+\.[a-z0-9.-]+)\]/).map { String($0.output.1) }
    }

    // MARK: Codes of the commands that add to a package

    @Test("seal, custody append and timestamp attach refuse with amend.* codes, never pack.*")
    func amendCodes() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            let cases: [(arguments: [String], code: String, status: Int32)] = [
                // A key that is not a key: the signer is unusable.
                (["seal", package.path, "--sign-key", pki.path("investigator.pem"), "--cert", pki.path("investigator.pem")], "amend.invalid-signer", 64),
                (
                    [
                        "custody", "append", package.path, "--action", "NOTE", "--sign-key", pki.path("investigator.pem"), "--cert",
                        pki.path("investigator.pem"),
                    ],
                    "amend.invalid-signer", 64
                ),
                // Before the last event: the event cannot be appended.
                (["custody", "append", package.path, "--action", "NOTE", "--actor-name", "J. Roe", "--at", "2000-01-01T00:00:00Z"], "amend.invalid-event", 64),
                (["timestamp", "request", package.path, "-o", "case.tsq"], "amend.not-sealed", 2),
                (["custody", "append", "no-such.rialpkg", "--action", "NOTE", "--actor-name", "J. Roe"], "amend.unverifiable", 2),
            ]
            for (arguments, code, status) in cases {
                let result = CLI.rial(arguments + ["--quiet"], cwd: dir)
                #expect(result.status == status, "\(arguments): \(result)")
                #expect(codes(result.stderr) == [code], "\(arguments): \(result.stderr)")
            }
            let sealed = CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir)
            try #require(sealed.status == 0, "\(sealed)")
            let again = CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir)
            #expect(again.status == 2 && codes(again.stderr) == ["amend.already-sealed"], "\(again)")
        }
    }

    @Test("every pack.*, amend.*, extract.* and io.* code the sources declare is in SPEC §8.6's table of command error codes")
    func commandCodesAreListed() throws {
        let spec = try String(contentsOf: CLI.repoRoot.appendingPathComponent("schema/SPEC.md"), encoding: .utf8)
        let table = try #require(spec.components(separatedBy: "**Command error codes.**").dropFirst().first?.components(separatedBy: "\n\n").dropFirst().first)
        let listed = Set(table.matches(of: /\n?\| `([a-z0-9.-]+)` \|/).map { String($0.output.1) })
        var declared: Set<String> = []
        for file in ["Sources/RialPackager/PackagerError.swift", "Sources/RialAmender/AmenderError.swift", "Sources/RialArchive/Support/ArchiveError.swift"] {
            let text = try String(contentsOf: CLI.repoRoot.appendingPathComponent(file), encoding: .utf8)
            declared.formUnion(text.matches(of: /(?:Self|Code)\("((?:pack|amend|extract|io)\.[a-z0-9.-]+)"\)/).map { String($0.output.1) })
        }
        #expect(declared.count >= 30, "\(declared.sorted())")
        #expect(declared.subtracting(listed).sorted() == [], "declared but not in SPEC §8.6")
        #expect(listed.subtracting(declared).sorted() == [], "in SPEC §8.6 but declared nowhere")
    }

    // MARK: Causes said once

    @Test("a missing capture directory is named once, with one code")
    func missingCapture() throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(["pack", "no-such-capture", "-o", "case.rialpkg"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.components(separatedBy: "no-such-capture").count == 2, "\(result.stderr)")
            #expect(codes(result.stderr) == ["pack.invalid-capture"], "\(result.stderr)")
            #expect(result.stderr.contains("No such file or directory"), "\(result.stderr)")
        }
    }

    @Test("a package that cannot be opened is named once in the report")
    func missingPackage() throws {
        try withTemporaryDirectory { dir in
            let (result, report) = try Fixture.verifyJSON("no-such.rialpkg", cwd: dir)
            #expect(result.status == 2)
            let message = try #require(report.error?.message)
            #expect(message.components(separatedBy: "no-such.rialpkg").count == 2, "\(message)")
            #expect(message.contains("No such file or directory"), "\(message)")
        }
    }

    @Test("a key that is not a key: OpenSSL's message and the reason each once")
    func unreadableKey() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let result = CLI.rial(
                [
                    "pack", capture.path, "-o", "case.rialpkg", "--sign-key", pki.path("investigator.pem"),
                    "--cert", pki.path("investigator.pem"),
                ], cwd: dir)
            #expect(result.status == 64, "\(result)")
            let line = try #require(result.stderr.split(separator: "\n").first.map(String.init))
            #expect(line.components(separatedBy: "is not an unencrypted PEM private key").count == 2, "\(line)")
            let openSSL = line.matches(of: /error:[0-9A-F]{8}:[^;\[]*/).map { String($0.output) }
            #expect(Set(openSSL).count == openSSL.count, "\(line)")
            #expect(codes(line) == ["pack.invalid-option"], "\(line)")
        }
    }

    @Test("--trust FILE that cannot be read names FILE once")
    func unreadableAnchor() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["verify", package.path, "--trust", "no-such-root.pem"], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.components(separatedBy: "no-such-root.pem").count == 2, "\(result.stderr)")

            try Data("not a certificate\n".utf8).write(to: dir.appendingPathComponent("notes.pem"))
            let notPEM = CLI.rial(["verify", package.path, "--trust", "notes.pem"], cwd: dir)
            #expect(notPEM.status == 64, "\(notPEM)")
            #expect(notPEM.stderr.components(separatedBy: "notes.pem").count == 2, "\(notPEM.stderr)")
        }
    }

    @Test("a --token that is not a response says why in words, not as a Swift value")
    func garbageToken() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            try Data("garbage\n".utf8).write(to: dir.appendingPathComponent("g.tsr"))
            let result = CLI.rial(["timestamp", "attach", package.path, "--token", "g.tsr"], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.hasPrefix("rial: --token g.tsr is not a granted RFC 3161 response: timestamp response is not valid DER"), "\(result)")
            #expect(!result.stderr.contains("malformed(\""), "\(result)")
        }
    }

    // MARK: Hints

    @Test("--sign-key and --cert swapped: a hint says so", arguments: ["pack", "seal"])
    func swappedKeyAndCertificate(command: String) throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let key = pki.path("investigator.key"), cert = pki.path("investigator.pem")
            let target = command == "pack" ? [try Fixture.sample(in: dir).path, "-o", "case.rialpkg"] : [try Fixture.package(in: dir).path]
            let result = CLI.rial([command] + target + ["--sign-key", cert, "--cert", key, "--quiet"], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("--sign-key and --cert look swapped"), "\(result)")
            #expect(result.stderr.contains("try --sign-key \(key) --cert \(cert)"), "\(result)")
        }
    }

    @Test("a certificate given as the key alone: the hint says what --sign-key takes")
    func certificateAsKey() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["seal", package.path, "--sign-key", pki.path("investigator.pem"), "--cert", pki.path("investigator.pem")], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("holds a certificate; --sign-key takes the private key"), "\(result)")
            #expect(!result.stderr.contains("swapped"), "\(result)")
        }
    }

    @Test("verify DIR of a directory that holds packages suggests --recursive", arguments: ["text", "json", "html"])
    func directoryOfPackages(format: String) throws {
        try withTemporaryDirectory { dir in
            let store = dir.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
            _ = try Fixture.package(in: store)
            let result = CLI.rial(["verify", "store", "--format", format, "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("add --recursive: rial verify --recursive store"), "\(result)")

            let recursive = CLI.rial(["verify", "--recursive", "store", "--quiet"], cwd: dir)
            #expect(recursive.status == 0 && !recursive.stderr.contains("hint"), "\(recursive)")
            let empty = dir.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
            let nothing = CLI.rial(["verify", "empty", "--quiet"], cwd: dir)
            #expect(nothing.status == 2 && !nothing.stderr.contains("--recursive"), "\(nothing)")
        }
    }

    // MARK: extract

    @Test("extract into a directory that cannot be written: extract.write-failed, not unsafe-destination")
    func extractReadOnly() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let readOnly = dir.appendingPathComponent("read-only")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            for destination in ["read-only", "read-only/new"] {
                let result = Unprivileged.rial(["extract", package.path, "-o", destination, "--quiet"], cwd: dir)
                #expect(result.status == 2, "\(destination): \(result)")
                #expect(codes(result.stderr) == ["extract.write-failed"], "\(destination): \(result)")
                #expect(result.stderr.contains("Permission denied"), "\(destination): \(result)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly.path).isEmpty)
        }
    }

    @Test("extract into a directory that is not empty is refused before the package is read")
    func extractNotEmpty() throws {
        try withTemporaryDirectory { dir in
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
            try Data("x".utf8).write(to: dir.appendingPathComponent("out/keep.txt"))
            // The package does not exist: the refusal names the destination, so it came first.
            let result = CLI.rial(["extract", "no-such.rialpkg", "-o", "out"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(codes(result.stderr) == ["extract.unsafe-destination"], "\(result)")
            #expect(result.stdout.isEmpty, "no report: nothing was verified: \(result)")
        }
    }
}

/// Runs `rial` as an unprivileged user when the tests run as root, for whom permissions do
/// not apply (`setpriv`, util-linux).
enum Unprivileged {
    static func rial(_ args: [String], cwd: URL) -> CommandResult {
        guard getuid() == 0 else { return CLI.rial(args, cwd: cwd) }
        return CLI.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", CLI.rialPath] + args, cwd: cwd)
    }
}
