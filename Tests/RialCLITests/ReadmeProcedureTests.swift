import Foundation
import Testing

/// The package's README.txt tells an expert how to verify without rial. These tests run that
/// procedure exactly as written (the shell lines are taken from the README itself), on a good
/// package and on one whose BagIt manifests were rewritten to match a changed file.
@Suite("README.txt manual procedure")
struct ReadmeProcedureTests {
    /// Steps 2–5 of README.txt as one shell script: the indented command lines, in order.
    private func procedure(_ bag: URL) throws -> String {
        let readme = try Fixture.text(bag.appendingPathComponent("README.txt"))
        var lines: [String] = []
        var inStep = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("2. ") { inStep = true }
            if line.hasPrefix("        The tag manifests") || line.hasPrefix("The tag manifests") { break }
            guard inStep, line.hasPrefix("       ") else { continue }
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.hasPrefix("Without coreutils") { continue }
            lines.append(command)
        }
        return lines.joined(separator: "\n")
    }

    private func run(_ script: String, in bag: URL) -> CommandResult {
        CLI.run(["/bin/bash", "-c", script], cwd: bag)
    }

    @Test func procedurePassesOnAGoodPackage() throws {
        try withTemporaryDirectory { dir in
            let bag = try Fixture.untar(try Fixture.package(in: dir), into: dir.appendingPathComponent("x"))
            let script = try procedure(bag)
            #expect(script.contains("sha256sum rial/manifest.json"))
            #expect(script.contains("sha256sum -c manifest-sha256.txt"))
            let result = run("set -e\n" + script, in: bag)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdout.contains("FAILED"), "\(result)")
            #expect(result.stdout.contains("manifest-sha256.txt: OK"))
            #expect(result.stdout.contains("nothing added"))
        }
    }

    @Test func procedureCatchesRewrittenBagItManifests() throws {
        try withTemporaryDirectory { dir in
            let bag = try Fixture.untar(try Fixture.package(in: dir), into: dir.appendingPathComponent("x"))
            let fingerprint = try Fixture.text(bag.appendingPathComponent("rial/manifest.json"))
            // Change the video, then make every BagIt manifest agree with the change.
            let media = bag.appendingPathComponent("data/media/capture.mov")
            var bytes = try Data(contentsOf: media)
            bytes[100] ^= 0xFF
            try bytes.write(to: media)
            let rewrite = """
                sha256sum $(cut -c67- manifest-sha256.txt) > manifest-sha256.txt.new && mv manifest-sha256.txt.new manifest-sha256.txt
                sha512sum $(cut -c131- manifest-sha512.txt) > manifest-sha512.txt.new && mv manifest-sha512.txt.new manifest-sha512.txt
                sha256sum $(cut -c67- tagmanifest-sha256.txt) > t.new && mv t.new tagmanifest-sha256.txt
                sha512sum $(cut -c131- tagmanifest-sha512.txt) > t.new && mv t.new tagmanifest-sha512.txt
                """
            #expect(run(rewrite, in: bag).status == 0)
            #expect(run("sha256sum -c --quiet manifest-sha256.txt tagmanifest-sha256.txt", in: bag).status == 0, "the forgery fools BagIt alone")
            #expect(try Fixture.text(bag.appendingPathComponent("rial/manifest.json")) == fingerprint)
            let result = run(try procedure(bag), in: bag)
            #expect(result.stdout.contains("manifest-sha256.txt: FAILED"), "\(result)")
            #expect(CLI.rial(["verify", bag.path, "--quiet"], cwd: dir).status == 1)
        }
    }

    /// The indented command lines of README.txt from the line starting with `first` up to the
    /// line starting with `end`, with `replacements` applied (the expert's own anchors, an
    /// example file name made real).
    private func commands(_ bag: URL, from first: String, upTo end: String, replacing replacements: [(String, String)]) throws -> String {
        let readme = try Fixture.text(bag.appendingPathComponent("README.txt"))
        var lines: [String] = []
        var inStep = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(first) { inStep = true }
            if line.hasPrefix(end) { break }
            guard inStep, line.hasPrefix("       ") else { continue }
            var command = line.trimmingCharacters(in: .whitespaces)
            for (from, to) in replacements { command = command.replacingOccurrences(of: from, with: to) }
            lines.append(command)
        }
        return lines.joined(separator: "\n")
    }

    /// Steps 6–7 of README.txt (the seal and the timestamp) as one shell script, the
    /// anchors the expert brings substituted for trust.pem and tsa-root.pem.
    private func sealProcedure(_ bag: URL, anchor: String) throws -> String {
        try commands(bag, from: "6. ", upTo: "8. ", replacing: [("-CAfile trust.pem", "-CAfile \(anchor)"), ("-CAfile tsa-root.pem", "-CAfile \(anchor)")])
    }

    @Test func sealAndTimestampStepsWorkAsWrittenAndCatchAnEditedManifest() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir, options: pki.signing())
            try Sealing.timestamp(package, pki: pki, in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let script = try sealProcedure(bag, anchor: pki.path("root-ca.pem"))
            #expect(script.contains("openssl cms -verify -binary -inform DER -in rial/seal/manifest.p7s"))
            #expect(script.contains("openssl ts -verify"))
            // POSIX sh, not bash: an expert's shell may be dash.
            let result = CLI.run(["/bin/sh", "-c", "set -e\n" + script], cwd: bag)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("Verification successful"), "\(result)")
            #expect(result.stdout.contains("Verification: OK"), "\(result)")

            let manifest = bag.appendingPathComponent("rial/manifest.json")
            let edited = try Fixture.text(manifest).replacingOccurrences(of: "\"name\": \"rial\"", with: "\"name\": \"rial2\"")
            try Data(edited.utf8).write(to: manifest)
            let caught = run("set -e\n" + script, in: bag)
            #expect(caught.status != 0)
            #expect(!caught.stderr.contains("Verification successful"))
        }
    }

    /// Step 8 of README.txt (the custody log), with `signed` (e.g. `000006`) for the README's
    /// example event and the expert's anchor for trust.pem.
    private func custodyProcedure(_ bag: URL, signed: String, anchor: String) throws -> String {
        try commands(bag, from: "8. ", upTo: "Files under rial/custody/", replacing: [("000007", signed), ("-CAfile trust.pem", "-CAfile \(anchor)")])
    }

    @Test func custodyStepWorksAsWrittenAndCatchesAnEditedEvent() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir, options: pki.signing())
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let script = try custodyProcedure(bag, signed: "000006", anchor: pki.path("root-ca.pem"))
            #expect(script.contains("for f in rial/custody/[0-9]*.json"))
            let result = CLI.run(["/bin/sh", "-c", "set -e\n" + script], cwd: bag)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.components(separatedBy: ": OK").count - 1 == 6, "\(result)")
            #expect(!result.stdout.contains("BROKEN"), "\(result)")
            #expect(result.stderr.contains("Verification successful"), "\(result)")
            // The head the shell prints is the one rial reports.
            let (_, report) = try Sealing.verify(package, [], cwd: dir)
            let head = try #require(report.custody?.head?.sha256)
            #expect(result.stdout.contains("head: \(head)"), "\(result)")

            // An imported event's details edited: the next link breaks, and so does the
            // signature of nothing else; the shell sees the break where rial does.
            let third = bag.appendingPathComponent("rial/custody/000003.json")
            let edited = try Fixture.text(third).replacingOccurrences(of: "\"details\": \"", with: "\"details\": \"X")
            try Data(edited.utf8).write(to: third)
            let caught = CLI.run(["/bin/sh", "-c", script], cwd: bag)
            #expect(caught.stdout.contains("rial/custody/000004.json: BROKEN"), "\(caught)")
            #expect(caught.stdout.components(separatedBy: ": BROKEN").count - 1 == 1, "\(caught)")
        }
    }
}
