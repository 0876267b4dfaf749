import ArgumentParser
import RialFormat
import RialVerifier
import RialReport

struct CustodyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a package's custody log: who had it, when, and what they did.",
        discussion: """
            One line per event: seq, time (UTC), action, actor, and whether it is signed and by \
            whom; the details and place under it. The package is verified as a whole first, so \
            the state says whether every link holds, and where the chain is broken if it is.

            With --trust the signers of signed events are checked against your anchors, as for \
            the seal. --custody-head checks that the event you recorded at hand-over is still there.

            Examples:
              rial custody show case.rialpkg
              rial custody show case.rialpkg --trust agency-root.pem
              rial custody show case.rialpkg --format json | jq '.custody.head'

            Exit status: 0 when the package and its log verify, 1 when anything fails (the log is \
            still shown), 2 when the package cannot be read, 64 for a usage error, 130 or 143 when \
            interrupted (SIGINT, SIGTERM).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The package.", valueName: "PKG"))
    var package: String

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup(title: "Trust") var trustOptions: TrustOptions

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func run() throws {
        let verifier = Verifier(policy: try trustOptions.makePolicy())
        let report = ProgressLine.around("verifying", enabled: !quiet) { verifier.report(for: package, progress: $0) }
        if report.verdict == .error {
            FileHandleStream.standardOutput.write(TextReportRenderer.render(report))
            throw ExitStatus.couldNotComplete
        }
        switch format {
        case .text:
            FileHandleStream.standardOutput.write(CustodyTimelineRenderer.render(report))
        case .json:
            var object = JSONObject()
            object["report_version"] = .string(JSONReportRenderer.reportVersion)
            object["subject"] = .string(report.subjectPath)
            object["verdict"] = .string(report.verdict.rawValue)
            object["package_id"] = report.packageID.map(JSONValue.string) ?? .null
            object["manifest_sha256"] = report.manifestSHA256.map(JSONValue.string) ?? .null
            object["custody"] = report.custody.map(JSONReportRenderer.custodyValue) ?? .null
            object["findings"] = .array(report.checks.filter { $0.code.isIn(.custody) && $0.status != .pass }.map { JSONReportRenderer.checkValue($0) })
            FileHandleStream.standardOutput.write(String(decoding: JSONWriter.bytes(.object(object), escaping: .invisibles), as: UTF8.self))
        }
        throw ExitStatus.of(report)
    }
}
