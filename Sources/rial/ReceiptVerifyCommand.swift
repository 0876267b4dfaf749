import ArgumentParser
import RialFormat
import RialVerifier
import RialReport

struct ReceiptVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a receipt's signature, signer and token, and that a package is the bytes it names.",
        discussion: """
            Checks that R.json.p7s is a valid signature over the exact bytes of R.json and that \
            its signer chains to an anchor given with --trust (judged at the receipt token's \
            genTime when it has a trusted one, else now or --at); that the token R.json.tsr, \
            if any, covers the SHA-256 of the signature's value and comes from a TSA chaining \
            to --tsa-trust; and, given PKG, that PKG has the SHA-256 and size the report names.

            --rerun verifies PKG again with the settings the report records (its anchors, \
            picked by SHA-256 from those you give; its requirements and custody head; its \
            media examination; its time, as --at) and says whether today's verdict and findings \
            agree with the receipt's. An anchor or revocation file it recorded that you do not \
            give makes the re-run NOT CHECKED, naming it.

            Each finding is PASS, FAIL, NOT PRESENT or NOT CHECKED (codes receipt.*, \
            schema/SPEC.md §18.4). Exit status 0 when nothing failed, 1 when anything did.

            Examples:
              rial receipt verify case.receipt.json --trust expert-root.pem
              rial receipt verify case.receipt.json case.rialpkg --trust expert-root.pem \\
                  --trust root.pem --tsa-trust tsa-root.pem --rerun

            \(ExitStatus.helpText)
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The receipt's report; its signature R.json.p7s and token R.json.tsr are beside it.", valueName: "R.json"))
    var receipt: String

    @Argument(help: ArgumentHelp("The package the receipt should be about.", valueName: "PKG"))
    var package: String?

    @Flag(help: "Verify PKG again with the recorded settings and compare today's result with the receipt's.")
    var rerun = false

    @Option(help: "Output: text, or json (schema/receipt-verification.schema.json).")
    var format: Format = .text

    @OptionGroup(title: "Trust") var trustOptions: TrustOptions

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func validate() throws {
        if rerun && package == nil { throw ValidationError("--rerun verifies the package again: give it, rial receipt verify R.json PKG --rerun") }
        if trustOptions.requireSeal || trustOptions.requireTimestamp || trustOptions.custodyHead != nil {
            throw ValidationError("--require-seal, --require-timestamp and --custody-head are taken from the receipt for a re-run; they are not given here")
        }
        if !InputFile.isReadableFile(receipt) {
            throw ValidationError("\(receipt) is not a readable file; give the receipt's report, R.json (its signature R.json.p7s is beside it)")
        }
        if let package, !InputFile.isReadableFile(package) { throw ValidationError("\(package) is not a readable package file") }
    }

    func run() throws {
        let policy = try trustOptions.makePolicy()
        let verifier = ReceiptVerifier(policy: policy)
        let result =
            rerun
            ? ProgressLine.around("verifying again", enabled: !quiet) { verifier.verify(report: receipt, package: package, rerun: true, progress: $0) }
            : verifier.verify(report: receipt, package: package, rerun: false)
        switch format {
        case .text: FileHandleStream.standardOutput.write(ReceiptReportRenderer.text(result))
        case .json: FileHandleStream.standardOutput.write(String(decoding: ReceiptReportRenderer.json(result), as: UTF8.self))
        }
        throw result.verdict == .fail ? ExitStatus.failed : ExitStatus.success
    }
}
