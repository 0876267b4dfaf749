import Foundation
import Testing
import RialReport
import RialTestSupport
@testable import RialVerifier

/// Any BagIt bag (issue 21), verified in-process: tag files in the encoding `bagit.txt`
/// declares, BagIt 0.97 bags with `./` manifest paths, and `fetch.txt` read but never fetched.
/// bagit-python, the outside oracle, makes the bags and judges each case beside rial.
@Suite("Any BagIt bag (library)")
struct AnyBagTests {
    /// A bag of two files (one named beyond ASCII) and a bag-info field beyond ASCII, made by
    /// bagit-python, with its tag files in `encoding` (`RialCLITests/Fixtures/encoded_bag.py`,
    /// which bagit-python validates before the test starts).
    static func makeBag(in dir: URL, encoding: String) throws -> URL {
        let bag = dir.appendingPathComponent("bag-\(encoding)")
        try FileManager.default.createDirectory(at: bag, withIntermediateDirectories: true)
        try Data("one\n".utf8).write(to: bag.appendingPathComponent("a.txt"))
        try Data("zwei\n".utf8).write(to: bag.appendingPathComponent("Müller.txt"))
        let script = OutsideOracle.repoRoot.appendingPathComponent("Tests/RialCLITests/Fixtures/encoded_bag.py").path
        let made = Subprocess.execute([try OutsideOracle.python(), script, bag.path, encoding], cwd: dir)
        try #require(made.status == 0, "bagit-python could not make or validate the bag: \(made)")
        return bag
    }

    /// bagit-python's own judgement of `bag`, or of `code` run over it.
    static func bagitPython(_ code: String, _ bag: URL) throws -> Subprocess.Run {
        Subprocess.execute([try OutsideOracle.python(), "-c", code, bag.path], cwd: bag.deletingLastPathComponent())
    }

    @Test(
        "tag files in ISO-8859-1 or UTF-16 are read in their declared encoding; a change is found as bagit-python finds it",
        arguments: ["iso-8859-1", "utf-16", "utf-8"])
    func encodings(encoding: String) throws {
        try TemporaryDirectory.with { dir in
            let bag = try Self.makeBag(in: dir, encoding: encoding)
            let declaration = try String(contentsOf: bag.appendingPathComponent("bagit.txt"), encoding: .utf8)
            #expect(declaration.contains("Tag-File-Character-Encoding: \(encoding)"), "\(declaration)")
            #expect(try OutsideOracle.bagitValidate(bag).status == 0)
            let report = LibraryFixture.verify(bag)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("bag.manifest.sha256", subject: "manifest-sha256.txt", status: .pass), "\(report.checks("bag.manifest.sha256"))")
            #expect(report.has("bag.info", subject: "bag-info.txt", status: .pass), "\(report.checks("bag.info"))")
            #expect(
                report.caseFields?.fields.contains { $0.label == "Contact-Name" && $0.value == "Zoë Müller" } == true,
                "\(String(describing: report.caseFields))")

            try Data("changed\n".utf8).write(to: bag.appendingPathComponent("data/Müller.txt"))
            #expect(try OutsideOracle.bagitValidate(bag).status != 0)
            let failed = LibraryFixture.verify(bag)
            #expect(failed.verdict == .fail)
            #expect(failed.has("bag.manifest.sha256.mismatch", subject: "data/Müller.txt"), "\(failed.failures)")
        }
    }

    @Test("an encoding rial does not read is said, with the ones it does; a package must be UTF-8")
    func unreadEncoding() throws {
        try TemporaryDirectory.with { dir in
            let bag = try Self.makeBag(in: dir, encoding: "utf-8")
            try Data("BagIt-Version: 1.0\nTag-File-Character-Encoding: Shift_JIS\n".utf8).write(to: bag.appendingPathComponent("bagit.txt"))
            let report = LibraryFixture.verify(bag)
            #expect(report.verdict == .fail)
            let failure = try #require(report.checks("bag.declaration.encoding").first)
            #expect(failure.status == .fail && failure.actual == "Shift_JIS" && failure.message.contains("ISO-8859-1"), "\(failure)")
        }
    }

    @Test(
        "a BagIt 0.97 bag whose manifests name files as ./data/…: read as bagit-python reads it, and passes with a warning in every report (the LoC suite's warning/relative-path)"
    )
    func dotSlashPaths() throws {
        try TemporaryDirectory.with { dir in
            let bag = try Self.makeBag(in: dir, encoding: "utf-8")
            try Data("BagIt-Version: 0.97\nTag-File-Character-Encoding: UTF-8\n".utf8).write(to: bag.appendingPathComponent("bagit.txt"))
            for algorithm in ["sha256", "sha512"] {
                let manifest = bag.appendingPathComponent("manifest-\(algorithm).txt")
                let lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").map {
                    $0.replacingOccurrences(of: "  data/", with: "  ./data/")
                }
                try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifest)
            }
            // The tag manifests list the changed manifests and bagit.txt: bagit-python's own fix-up makes them agree.
            let fix = try Self.bagitPython("import bagit, sys; b = bagit.Bag(sys.argv[1]); b.save(manifests=False)", bag)
            try #require(fix.status == 0, "\(fix)")
            #expect(try OutsideOracle.bagitValidate(bag).status == 0)
            let report = LibraryFixture.verify(bag)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("bag.manifest.sha256", subject: "manifest-sha256.txt", status: .pass))
            for algorithm in ["sha256", "sha512"] {
                #expect(
                    report.warnings.contains { $0.hasPrefix("manifest-\(algorithm).txt writes ") && $0.contains(" as ./…, the form of BagIt 0.97 tools") },
                    "\(report.warnings)")
            }
            // Shown to people too: the text report and the court report.
            let text = TextReportRenderer.render(report)
            #expect(text.contains("the form of BagIt 0.97 tools, deprecated by RFC 8493"), "\(text)")
            let (court, overview) = Verifier(policy: VerificationPolicy()).courtReport(for: bag.path)
            let html = HTMLReportRenderer.render(court, overview: overview)
            #expect(html.contains("Warning: ") && html.contains("deprecated by RFC"), "\(html.suffix(600))")
        }
    }

    @Test(
        "fetch.txt: each entry NOT CHECKED (rial never fetches); a path that would land outside data/ fails, as bagit-python refuses it",
        arguments: ["../outside.txt", "/etc/passwd", "~/.bashrc", "data/../../x"])
    func fetch(unsafe: String) throws {
        try TemporaryDirectory.with { dir in
            let bag = try Self.makeBag(in: dir, encoding: "utf-8")
            let fetch = bag.appendingPathComponent("fetch.txt")
            try Data("https://example.org/a.txt 4 data/a.txt\nhttps://example.org/more.txt - data/more.txt\n".utf8).write(to: fetch)
            let report = LibraryFixture.verify(bag)
            // data/more.txt is not in the bag and no manifest lists it: nothing fails for it, and nothing passes.
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("bag.fetch", subject: "data/a.txt", status: .notChecked))
            #expect(report.has("bag.fetch", subject: "data/more.txt", status: .notChecked))

            try Data("https://example.org/evil \(unsafe.count) \(unsafe)\n".utf8).write(to: fetch)
            let oracle = try Self.bagitPython("import bagit, sys; list(bagit.Bag(sys.argv[1]).fetch_entries())", bag)
            #expect(oracle.status != 0 && oracle.errorOutput.contains("unsafe"), "bagit-python should refuse \(unsafe): \(oracle)")
            let unsafeReport = LibraryFixture.verify(bag)
            #expect(unsafeReport.verdict == .fail)
            let failure = try #require(unsafeReport.checks("bag.fetch.invalid").first, "\(unsafeReport.failures)")
            #expect(failure.status == .fail && failure.message.contains("outside data/"), "\(failure)")
        }
    }

    /// The Library of Congress conformance suite's warning bags (`Tests/Fixtures/BagItConformance`,
    /// see its SOURCES), with the words of the warning each valid one must carry.
    static let conformanceWarnings: [(bag: String, warning: String?)] = [
        ("duplicate-file-with-different-case", nil),
        ("made-with-md5sum-tools", "as *…, md5sum's binary-mode mark"),
        ("relative-path", "as ./…, the form of BagIt 0.97 tools"),
        ("same-filename-listed-twice-with-different-normalization", nil),
        ("same-filename-listed-twice-with-the-same-hash", "twice with the same digest"),
        ("special-system-files", nil),
    ]

    @Test(
        "the LoC conformance suite's warning bags: each judged as bagit-python judges it, the valid ones passing with their warning",
        arguments: conformanceWarnings)
    func conformanceSuiteWarnings(_ bag: String, _ warning: String?) throws {
        try TemporaryDirectory.with { dir in
            let source = OutsideOracle.repoRoot.appendingPathComponent("Tests/Fixtures/BagItConformance/v0.97/warning/\(bag)")
            let copy = dir.appendingPathComponent(bag)
            try FileManager.default.copyItem(at: source, to: copy)
            let oracle = try OutsideOracle.bagitValidate(copy)
            let report = LibraryFixture.verify(copy)
            #expect((report.verdict == .pass) == (oracle.status == 0), "rial \(report.verdict), bagit-python \(oracle.status): \(report.failures)")
            if let warning {
                #expect(report.verdict == .pass && report.warnings.contains { $0.contains(warning) }, "\(report.warnings); \(report.failures)")
            }
        }
    }
}
