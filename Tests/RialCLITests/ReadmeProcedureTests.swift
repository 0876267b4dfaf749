import Foundation
import RialTestSupport
import Testing

/// A package's README.txt tells an expert how to check it with tar, sha256sum and openssl. These
/// tests run its numbered steps exactly as the package writes them (the shell lines are taken
/// from the package's own README.txt), in one POSIX shell as an examiner would, on every kind of
/// package rial makes and on a tampered twin of each; SPEC §5.5 and §11 are held to the same text.
@Suite("README.txt manual procedure")
struct ReadmeProcedureTests {
    /// One kind of package, its tampered twin, and the step of the recipe that must catch the tamper.
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case video
        case photo
        case hashOnly = "hash-only"
        case noFrames = "no frames"
        case sealed
        case timestampedWithChain = "sealed and timestamped, with tsa-chain.pem"
        case timestampedWithoutChain = "sealed and timestamped, without tsa-chain.pem"
        case custodyUnsigned = "unsigned custody event appended"
        case custodySigned = "signed custody event appended"

        var testDescription: String { rawValue }

        var isSealed: Bool { [.sealed, .timestampedWithChain, .timestampedWithoutChain].contains(self) }
        var isTimestamped: Bool { [.timestampedWithChain, .timestampedWithoutChain].contains(self) }

        /// The step of README.txt that must report the twin's tamper, and what the tamper is.
        var tamper: (step: Int, what: String) {
            switch self {
            case .video: (4, "a byte of the video flipped")
            case .photo: (3, "the photo changed, every manifest rewritten to match and rial/manifest.json put back")
            case .hashOnly: (2, "the media's SHA-256 replaced, every manifest rewritten to match (a new fingerprint)")
            case .noFrames: (5, "a file added under data/")
            case .sealed: (6, "rial/manifest.json edited, every manifest rewritten to match")
            case .timestampedWithChain: (7, "the seal replaced by a new signature over the same manifest")
            case .timestampedWithoutChain: (7, "the token replaced by one from a TSA of another hierarchy")
            case .custodyUnsigned: (8, "an imported custody event edited")
            case .custodySigned: (8, "the signed custody event edited")
            }
        }

        /// Makes the package in `dir` and its tampered twin.
        func make(in dir: URL, pki: TestPKI) throws -> (good: URL, tampered: URL) {
            let good: URL
            switch self {
            case .video, .custodyUnsigned, .custodySigned:
                good = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
            case .photo:
                good = try Fixture.pack(try sample(in: dir, ["--kind", "photo"]), in: dir)
            case .hashOnly:
                good = try Fixture.pack(try sample(in: dir, ["--kind", "hash-only"]), in: dir, options: ["--hash-only"])
            case .noFrames:
                good = try Fixture.pack(try sample(in: dir, ["--no-frames"]), in: dir)
            case .sealed, .timestampedWithChain, .timestampedWithoutChain:
                good = try Fixture.pack(try Fixture.sample(in: dir), in: dir, options: pki.signing())
            }
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            switch self {
            case .video:
                try Oracle.tamper(good, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            case .photo:
                let covered = dir.appendingPathComponent("covered.rialpkg")
                try Oracle.tamper(good, ["flip-byte", "data/media/photo.jpg", "100", "--cover"], output: covered)
                let manifest = dir.appendingPathComponent("manifest.json")
                try Sealing.extract("rial/manifest.json", of: good, to: manifest)
                try Oracle.tamper(covered, ["replace-file", "rial/manifest.json", manifest.path], output: tampered)
            case .hashOnly:
                try Oracle.tamper(
                    good, ["json-set", "rial/hash_only_payload.json", "/mediaHash", "\"\(String(repeating: "0", count: 64))\"", "--cover"],
                    output: tampered)
            case .noFrames:
                try Oracle.tamper(good, ["add", "data/media/extra.mov", "not part of the capture"], output: tampered)
            case .sealed:
                try Oracle.tamper(good, ["replace-text", "rial/manifest.json", "\"name\": \"rial\"", "\"name\": \"rial2\"", "--cover"], output: tampered)
            case .timestampedWithChain:
                try Self.timestamp(good, pki: pki, withChain: true, in: dir)
                let manifest = dir.appendingPathComponent("manifest.json")
                let signature = dir.appendingPathComponent("resigned.p7s")
                try Sealing.extract("rial/manifest.json", of: good, to: manifest)
                let signed = CLI.run(
                    [
                        "openssl", "cms", "-sign", "-binary", "-in", manifest.path, "-signer", pki.path("investigator.pem"),
                        "-inkey", pki.path("investigator.key"), "-certfile", pki.path("investigator-chain.pem"),
                        "-md", "sha256", "-outform", "DER", "-out", signature.path,
                    ], cwd: dir)
                try #require(signed.status == 0, "openssl cms -sign failed: \(signed)")
                try Oracle.tamper(good, ["replace-file", "rial/seal/manifest.p7s", signature.path], output: tampered)
            case .timestampedWithoutChain:
                let otherToken = try Self.timestamp(good, pki: pki, withChain: false, in: dir)
                try Oracle.tamper(good, ["replace-file", "rial/seal/manifest.tsr", otherToken.path], output: tampered)
            case .custodyUnsigned:
                try append(to: good, ["--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--details", "To the lab"], in: dir)
                try Oracle.tamper(good, ["replace-text", "rial/custody/000003.json", "\"details\": \"", "\"details\": \"X"], output: tampered)
            case .custodySigned:
                try append(to: good, ["--action", "RECEIVED", "--details", "Received at the lab"] + pki.signing(), in: dir)
                try Oracle.tamper(good, ["replace-text", "rial/custody/000007.json", "Received at", "Returned from"], output: tampered)
            }
            return (good, tampered)
        }

        private func sample(in dir: URL, _ options: [String]) throws -> URL {
            let result = CLI.rial(["sample", "--out", "capture"] + Fixture.sampleOptions + options, cwd: dir)
            try #require(result.status == 0, "rial sample failed: \(result)")
            return dir.appendingPathComponent("capture")
        }

        private func append(to package: URL, _ options: [String], in dir: URL) throws {
            let result = CLI.rial(["custody", "append", package.path, "--quiet"] + options, cwd: dir)
            try #require(result.status == 0, "rial custody append failed: \(result)")
        }

        /// Attaches a token from the good test TSA, with its chain file or without (its
        /// certificates then travel in the token alone); returns a token for the same request
        /// from the TSA of the other hierarchy.
        @discardableResult
        private static func timestamp(_ package: URL, pki: TestPKI, withChain: Bool, in dir: URL) throws -> URL {
            let request = dir.appendingPathComponent("request.tsq")
            let token = dir.appendingPathComponent("good.tsr")
            let other = dir.appendingPathComponent("other.tsr")
            let asked = CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir)
            try #require(asked.status == 0, "timestamp request failed: \(asked)")
            try pki.reply(as: "good", request: request, response: token)
            try pki.reply(as: "other", request: request, response: other)
            let chain = withChain ? ["--tsa-chain", pki.path("tsa-chain.pem")] : []
            let attached = CLI.rial(["timestamp", "attach", package.path, "--token", token.path, "--request", request.path, "--quiet"] + chain, cwd: dir)
            try #require(attached.status == 0, "timestamp attach failed: \(attached)")
            return other
        }
    }

    /// What an examiner's run of the recipe printed, step by step.
    struct Run: CustomStringConvertible {
        let output: [Int: String]
        let description: String

        func step(_ number: Int) -> String { output[number] ?? "" }

        /// Whether the step printed a failure: a loop's FAILED or BROKEN, sha256sum's FAILED,
        /// openssl's "Verification failure" or "Verification: FAILED".
        func failed(_ number: Int) -> Bool {
            ["FAILED", "BROKEN", "Verification failure"].contains { step(number).contains($0) }
        }

        /// Whether the step printed an error of any tool (a file missing, a command refused).
        func erred(_ number: Int) -> Bool {
            let text = step(number).lowercased()
            return ["error", "no such file", "not found", "could not", "usage:"].contains { text.contains($0) }
        }
    }

    /// Runs every numbered step of `package`'s README.txt, as written, in one `/bin/sh` from an
    /// empty directory: step 1 unpacks, the others run in the bag. A step that opens with
    /// "If FILE is present" runs only when it is. `anchor` stands for the expert's own
    /// trust.pem and tsa-root.pem; `steps` are the numbers README.txt must have.
    func follow(_ package: URL, anchor: String, in dir: URL, steps numbers: [Int] = Array(1...8)) throws -> Run {
        let readme = dir.appendingPathComponent("README.txt")
        try Sealing.extract("README.txt", of: package, to: readme)
        let recipe = Recipe(try Fixture.text(readme))
        #expect(recipe.steps.map(\.number) == numbers, "README.txt's steps: \(recipe.steps.map(\.number))")
        let quoted = { (path: String) in "'\(path)'" }
        var script = ["exec 2>&1"]
        for step in recipe.steps {
            var lines = step.commands.map { line in
                line.replacingOccurrences(of: "PACKAGE.rialpkg", with: quoted(package.path))
                    .replacingOccurrences(of: "-CAfile trust.pem", with: "-CAfile \(quoted(anchor))")
                    .replacingOccurrences(of: "-CAfile tsa-root.pem", with: "-CAfile \(quoted(anchor))")
            }
            if let file = step.condition {
                lines = ["if [ -e \(file) ]; then"] + lines + ["else echo '@@ skipped'; fi"]
            }
            script += ["echo '@@ \(step.number)'"] + lines
        }
        let work = dir.appendingPathComponent("examiner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let result = CLI.run(["/bin/sh", "-c", script.joined(separator: "\n")], cwd: work)
        var output: [Int: String] = [:]
        var current = 0
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@@ "), let number = Int(line.dropFirst(3)) {
                current = number
                continue
            }
            output[current, default: ""] += line + "\n"
        }
        return Run(output: output, description: "\(result)")
    }

    @Test(arguments: Kind.allCases)
    func recipeHoldsOnEveryKindOfPackage(_ kind: Kind) throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let anchor = pki.path("root-ca.pem")
            let (package, tampered) = try kind.make(in: dir, pki: pki)
            let trust = ["--trust", anchor, "--tsa-trust", anchor]

            // What the examiner holds from the case file: the fingerprint and the custody head.
            let (verified, report) = try Sealing.verify(package, trust, cwd: dir)
            #expect(verified.status == 0, "\(kind): rial verify \(verified)")
            let fingerprint = try #require(report.manifestSha256)
            let head = try #require(report.custody?.head?.sha256)
            let signedEvents = try Fixture.tarList(package).filter { $0.contains("/rial/custody/") && $0.hasSuffix(".p7s") }.count
            #expect(kind != .custodySigned || signedEvents == 1)
            #expect(!kind.isSealed || signedEvents == 1, "a sealed package's PACKAGED event is signed")

            let good = try follow(package, anchor: anchor, in: dir)
            for step in 1...8 {
                #expect(!good.failed(step) && !good.erred(step), "\(kind): step \(step) on a good package: \(good.step(step))\n\(good)")
            }
            #expect(good.step(2).contains("\(fingerprint)  rial/manifest.json"), "\(good)")
            let step3 = good.step(3).split(separator: "\n")
            #expect(step3.count >= 5 && step3.allSatisfy { $0.hasSuffix(": OK") }, "\(good)")
            #expect(good.step(4).contains(": OK"), "\(good)")
            #expect(good.step(5).contains("nothing added"), "\(good)")
            #expect(good.step(6).contains(kind.isSealed ? "Verification successful" : "@@ skipped"), "\(good)")
            #expect(good.step(7).contains(kind.isTimestamped ? "Verification: OK" : "@@ skipped"), "\(good)")
            #expect(good.step(8).contains("head: \(head)"), "\(good)")
            #expect(good.step(8).contains("in time order"), "\(good)")
            #expect(good.step(8).components(separatedBy: "Verification successful").count - 1 == signedEvents, "\(good)")

            // The twin: rial refuses it, and the step that claims to catch such a tamper does.
            let (refused, _) = try Sealing.verify(tampered, trust, cwd: dir)
            #expect(refused.status != 0, "\(kind): rial verify accepted the twin (\(kind.tamper.what))")
            let bad = try follow(tampered, anchor: anchor, in: dir)
            let step = kind.tamper.step
            if step == 2 {
                #expect(!bad.step(2).contains(fingerprint), "\(kind): step 2 printed the recorded fingerprint after \(kind.tamper.what)\n\(bad)")
            } else {
                #expect(bad.failed(step), "\(kind): step \(step) did not catch \(kind.tamper.what)\n\(bad)")
            }
        }
    }

    /// SPEC §5.5 states README.txt's exact text and size (with a hash-only package's paragraph,
    /// and step 9 of a package made from the capture app's export, with tokens and without),
    /// and §11 gives the same commands for every step: both are held to what rial writes into
    /// a package.
    @Test func specStatesTheRecipeThePackageCarries() throws {
        try withTemporaryDirectory { dir in
            let spec = try Fixture.text(CLI.repoRoot.appendingPathComponent("schema/SPEC.md"))
            let package = try Fixture.package(in: dir)
            let id = try #require(try Fixture.tarList(package).first?.split(separator: "/").first.map(String.init))
            let readmeFile = dir.appendingPathComponent("README.txt")
            try Sealing.extract("README.txt", of: package, to: readmeFile)
            let readme = try Fixture.text(readmeFile)

            let section55 = try #require(Self.section(spec, from: "### 5.5 `README.txt`", to: "\n## 6."))
            let blocks = Self.codeBlocks(section55)
            try #require(blocks.count == 4, "§5.5: \(blocks.count) text blocks")
            #expect(blocks[0] == readme.replacingOccurrences(of: id, with: "{ID}"), "§5.5's text is not the README.txt rial writes")
            let base = try #require(Self.number(after: "Its size is ", in: section55))
            #expect(readme.utf8.count == base + 3 * id.utf8.count, "§5.5's size: \(base) + 3 × \(id.utf8.count), README.txt \(readme.utf8.count)")

            let hashOnlyDir = dir.appendingPathComponent("hash-only")
            try FileManager.default.createDirectory(at: hashOnlyDir, withIntermediateDirectories: true)
            let sampled = CLI.rial(["sample", "--out", "capture", "--kind", "hash-only"] + Fixture.sampleOptions, cwd: hashOnlyDir)
            try #require(sampled.status == 0, "\(sampled)")
            let hashOnly = try Fixture.pack(hashOnlyDir.appendingPathComponent("capture"), in: hashOnlyDir, options: ["--hash-only"])
            let hashOnlyID = try #require(try Fixture.tarList(hashOnly).first?.split(separator: "/").first.map(String.init))
            try Sealing.extract("README.txt", of: hashOnly, to: readmeFile)
            let hashOnlyReadme = try Fixture.text(readmeFile)
            #expect(hashOnlyReadme.contains(blocks[1]), "§5.5's hash-only paragraph is not in a hash-only README.txt")
            let hashOnlyBase = try #require(Self.number(after: "Its size is then ", in: section55))
            #expect(hashOnlyReadme.utf8.count == hashOnlyBase + 3 * hashOnlyID.utf8.count)

            // Step 9, on the capture app's export, with its token and without.
            let exports = try AppExportFiles.exports(in: dir)
            var appReadmes: [String: String] = [:]
            for variant in ["rich", "flat-no-token"] {
                let (packed, appPackage) = AppExportTests.pack(variant, exports, in: dir, options: ["--quiet"])
                try #require(packed.status == 0, "\(packed)")
                let appID = try #require(try Fixture.tarList(appPackage).first?.split(separator: "/").first.map(String.init))
                try Sealing.extract("README.txt", of: appPackage, to: readmeFile)
                appReadmes[variant] = try Fixture.text(readmeFile).replacingOccurrences(of: appID, with: "{ID}")
            }
            let paths = ["{MANIFEST}": "'\(AppExportFiles.manifest)'", "{MEDIA}": "'\(AppExportFiles.media)'"]
            let quoted = paths.values.reduce(0) { $0 + $1.utf8.count }
            var stepNine = blocks[2]
            for (placeholder, path) in paths { stepNine = stepNine.replacingOccurrences(of: placeholder, with: path) }
            let tokens = try #require(stepNine.range(of: "   The app's timestamp tokens."))
            let withoutToken = String(stepNine[..<tokens.lowerBound]) + blocks[3]
            let closing = try #require(blocks[0].range(of: "\nFiles under rial/custody/"))
            for (variant, step, size) in [("rich", stepNine, "The step adds "), ("flat-no-token", withoutToken, "and adds ")] {
                // After step 8 and its blank line, before "Files under rial/custody/".
                let text = String(blocks[0][...closing.lowerBound]) + step + "\n" + String(blocks[0][blocks[0].index(after: closing.lowerBound)...])
                #expect(appReadmes[variant] == text, "§5.5's step 9 is not the one in \(variant)'s README.txt")
                let added = try #require(Self.number(after: size, in: section55))
                #expect(appReadmes[variant]?.utf8.count == base + 3 * "{ID}".utf8.count + added + quoted, "§5.5's size of step 9 for \(variant)")
            }

            let section11 = try #require(Self.section(spec, from: "## 11. Verifying without rial", to: "**Why step 3 is needed.**"))
            let specSteps = Dictionary(Recipe(section11).steps.map { ($0.number, $0.commands) }, uniquingKeysWith: { first, _ in first })
            for text in [readme.replacingOccurrences(of: id, with: "ID"), appReadmes["rich"]?.replacingOccurrences(of: "{ID}", with: "ID") ?? ""] {
                for step in Recipe(text).steps {
                    #expect(specSteps[step.number] == step.commands, "§11 step \(step.number) gives other commands than README.txt")
                }
            }
            #expect(Recipe(appReadmes["rich"] ?? "").steps.map(\.number) == Array(1...9))
        }
    }

    private static func section(_ text: String, from start: String, to end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.lowerBound..<to.lowerBound])
    }

    /// The contents of the ```text blocks, each ending with a line feed.
    private static func codeBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```text" {
                current = ""
            } else if line == "```", let block = current {
                blocks.append(block)
                current = nil
            } else if let block = current {
                current = block + line + "\n"
            }
        }
        return blocks
    }

    private static func number(after prefix: String, in text: String) -> Int? {
        guard let range = text.range(of: prefix) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}

/// The numbered steps of README.txt or of SPEC §11: a step starts with "N. " at the start of a
/// line and runs to the next line that starts at the margin; its commands are its lines indented
/// by seven spaces or more, seven removed.
struct Recipe {
    struct Step {
        let number: Int
        var lines: [String]

        var commands: [String] {
            lines.filter { $0.hasPrefix(Recipe.indent) }.map { String($0.dropFirst(Recipe.indent.count)) }
        }

        /// FILE, when the step opens with "If FILE is present": the step is for packages that have it.
        var condition: String? {
            let words = (lines.first ?? "").split(separator: " ")
            guard words.count > 4, words[1] == "If", words[3] == "is", words[4].hasPrefix("present") else { return nil }
            return String(words[2])
        }
    }

    static let indent = "       "
    let steps: [Step]

    init(_ text: String) {
        var steps: [Step] = []
        var current: Step?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let first = line.first, first != " " {
                if let step = current { steps.append(step) }
                current = nil
                let digits = line.prefix { $0.isNumber }
                if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". "), let number = Int(digits) {
                    current = Step(number: number, lines: [line])
                }
            } else {
                current?.lines.append(line)
            }
        }
        if let step = current { steps.append(step) }
        self.steps = steps
    }
}
