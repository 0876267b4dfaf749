import ArgumentParser
import RialFormat
import RialVerifier
import RialReport

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a package holds and claims, without verifying it.",
        discussion: """
            Lists the package id, creation time, capture summary, bag-info fields and every file \
            with its size and role. Payload data is skipped, not hashed: inspect is quick, and \
            says nothing about integrity. Use `rial verify` for a verdict.

            --format hashdeep and --format dfxml are the exceptions: they verify the package \
            (every byte hashed) and, only if it passes, write a hashdeep known-file list of the \
            payload (size, SHA-256, path), or every file as DFXML (fileobject: filename, filesize, \
            SHA-256 and SHA-512), the format fiwalk and hashdeep write and forensic tools ingest. \
            The extracted package can then be audited with hashdeep itself:
              rial inspect case.rialpkg --format hashdeep > case.hashdeep
              rial extract case.rialpkg -o case/ && cd case/<package-id>
              hashdeep -c sha256 -a -k ../../case.hashdeep -r -l data

            --format case also verifies, and writes the package as CASE 1.5 / UCO 1.5 JSON-LD \
            (docs/case-uco.md): the package and each file with the size and digests rial \
            computed, the capture device and app within the package's privacy levels, each \
            custody event as an investigative action with its signature state, and a \
            provenance record; IRIs derive from the package id, so two exports are the same \
            bytes. It is written whatever the verdict (the digests are what was read), and the \
            exit status is the verdict's; `rial verify --format case` adds the verification.

            \(ExitStatus.helpText)
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, hashdeep, dfxml, `case`
    }

    @Argument(help: ArgumentHelp("The package file.", valueName: "PKG"))
    var package: String

    @Option(
        help:
            "Output format: text, json, hashdeep (a known-file list of the payload), dfxml (every file as DFXML) or case (CASE/UCO JSON-LD); the last three verify first."
    )
    var format: Format = .text

    @Flag(
        name: .customLong("examine-media"), inversion: .prefixedNo,
        help: "Read each media file with the media libraries (a confined child process, docs/media.md) and list what it is.")
    var examineMedia = true

    func run() throws {
        if format == .hashdeep || format == .dfxml { return try verifiedListing() }
        if format == .case {
            var policy = VerificationPolicy()
            policy.examinesMedia = examineMedia
            throw ExitStatus.of(try CASEOutput.write(package, policy: policy, includesVerification: false, showsProgress: true))
        }
        let value: JSONValue
        do {
            value = try PackageInspector(examinesMedia: examineMedia).inspect(path: package)
        } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
        switch format {
        case .json: FileHandleStream.standardOutput.write(String(decoding: JSONWriter.bytes(value, escaping: .invisibles), as: UTF8.self))
        case .text: FileHandleStream.standardOutput.write(Self.text(value))
        case .hashdeep, .dfxml, .case: break
        }
    }

    /// hashdeep and DFXML: lists made from a package that has just verified.
    private func verifiedListing() throws {
        let result: VerifiedContents.Result
        do {
            result = try ProgressLine.around("verifying", enabled: true) { try VerifiedContents.make(path: package, progress: $0) }
        } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
        guard let contents = result.contents else {
            if result.report.verdict == .pass {
                Console.error("\(package) is a bag directory; a known-file list is made from a .rialpkg file")
                throw ExitStatus.usage
            }
            Console.error(
                "\(package) does not verify (\(result.report.verdict.rawValue)); no known-file list is made from it. Run rial verify \(package) to see why")
            throw ExitStatus.of(result.report)
        }
        let bytes =
            format == .dfxml
            ? try DFXMLRenderer.bytes(contents, source: package, commandLine: (["rial"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
            : HashdeepList.bytes(contents)
        FileHandleStream.standardOutput.write(String(decoding: bytes, as: UTF8.self))
    }

    /// The inspection as aligned text; every string from the package escaped.
    static func text(_ value: JSONValue) -> String {
        guard let object = value.objectValue else { return "" }
        func field(_ key: String) -> String { object[key]?.stringValue.map(Escaping.visible) ?? "—" }
        var lines = ["Package          \(Escaping.visible(object["path"]?.stringValue ?? ""))   (not verified: run `rial verify` for a verdict)"]
        lines.append("Package id       \(field("package_id"))")
        lines.append("Created          \(field("created"))")
        if let tool = object["tool"]?.objectValue {
            lines.append("Made by          \(Escaping.visible(tool["name"]?.stringValue ?? "")) \(Escaping.visible(tool["version"]?.stringValue ?? ""))")
        }
        lines.append("Manifest SHA-256 \(field("manifest_sha256"))")
        if let error = object["manifest_error"]?.stringValue { lines.append("Manifest error   \(Escaping.visible(error))") }
        if let capture = object["capture"]?.objectValue {
            let parts = capture.entries.map { "\($0.key) \($0.value.integerValue.map(String.init) ?? $0.value.stringValue ?? "")" }
            lines.append("Capture          \(Escaping.visible(parts.joined(separator: ", ")))")
        }
        for item in object["bag_info"]?.arrayValue ?? [] {
            let label = item.objectValue?["label"]?.stringValue ?? ""
            let text = item.objectValue?["value"]?.stringValue ?? ""
            lines.append("bag-info         \(Escaping.visible(label)): \(Escaping.visible(text))")
        }
        lines.append("")
        let files = (object["files"]?.arrayValue ?? []).compactMap(\.objectValue)
        let roles = files.map { $0["role"]?.stringValue ?? Self.unlistedRole(of: $0["path"]?.stringValue ?? "") }
        // As wide as the longest role: a fixed width cut capture_descriptor short.
        let roleWidth = max(roles.map(\.count).max() ?? 0, 4)
        lines.append("       size  " + "role".padding(toLength: roleWidth, withPad: " ", startingAt: 0) + "  path")
        for (file, role) in zip(files, roles) {
            let size = String(file["size"]?.integerValue ?? 0)
            lines.append(
                String(repeating: " ", count: max(0, 11 - size.count)) + size + "  " + role.padding(toLength: roleWidth, withPad: " ", startingAt: 0) + "  "
                    + Escaping.visible(file["path"]?.stringValue ?? ""))
            if let media = file["media"]?.objectValue {
                let said = media["summary"]?.stringValue ?? media["outcome"]?.stringValue ?? ""
                lines.append("             media: " + Escaping.visible(said))
                if let created = media["creation_time"]?.objectValue {
                    lines.append(
                        "             created: " + Escaping.visible(created["text"]?.stringValue ?? "") + " ("
                            + Escaping.visible(created["tag"]?.stringValue ?? "") + ")")
                }
                if let rotation = media["video"]?.objectValue?["rotation"], case .number(let degrees) = rotation, degrees != 0 {
                    lines.append("             rotation: \(JSONWriter.formatDouble(degrees))° (display matrix)")
                }
                if let location = media["location"]?.objectValue {
                    lines.append(
                        "             embedded location: " + Escaping.visible(location["text"]?.stringValue ?? "") + " ("
                            + Escaping.visible(location["tag"]?.stringValue ?? "") + ")")
                }
                for key in ["make", "model", "software"] {
                    if let value = media[key]?.objectValue?["text"]?.stringValue { lines.append("             \(key): " + Escaping.visible(value)) }
                }
            }
        }
        for finding in object["findings"]?.arrayValue ?? [] {
            lines.append("note: \(Escaping.visible(finding.stringValue ?? ""))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a file rial/manifest.json does not list is, by where the format puts it, in
    /// parentheses (its own manifest, the tag manifests, the custody log, the seal: none of them
    /// can be listed in the manifest they follow or cover); "(unlisted)" for anything else.
    static func unlistedRole(of path: String) -> String {
        switch path {
        case PackageLayout.manifest: return "(rial manifest)"
        case _ where PackageLayout.tagManifests.contains(path): return "(tag manifest)"
        case PackageLayout.seal: return "(seal)"
        case PackageLayout.sealTimestamp: return "(seal timestamp)"
        case PackageLayout.sealTimestampChain: return "(TSA chain)"
        case _ where PackageLayout.isStapledRevocation(path): return "(stapled revocation evidence)"
        case _ where path.hasPrefix(PackageLayout.custodyDirectory):
            switch CustodyLogLayout.parse(path)?.1 {
            case .event?: return "(custody event)"
            case .signature?: return "(custody signature)"
            case nil: return "(unlisted)"
            }
        default: return "(unlisted)"
        }
    }
}
