import ArgumentParser
import RialFormat
import RialArchive
import RialVerifier
import RialReport
import RialAmender
import RialCrypto

struct TimestampRequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Write an RFC 3161 request over the SHA-256 of the package's seal signature.",
        discussion: """
            The request asks for a token over the SHA-256 of the seal's signature value (the \
            signature bytes in rial/seal/manifest.p7s), with a random nonce and the TSA's \
            certificate included. The package must be sealed and must pass verification. The \
            package itself is not changed.

            Given a signed receipt's report (R.json, from rial verify --receipt) instead, the \
            request is over the SHA-256 of the receipt signature's value (R.json.p7s), which \
            must sign the report as it stands (schema/SPEC.md §18.3).

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The sealed package, or a signed receipt's report R.json.", valueName: "PKG"))
    var package: String

    @Option(name: [.short, .customLong("output"), .customLong("out")], help: ArgumentHelp("Where to write the request (DER).", valueName: "REQ.tsq"))
    var output: String

    @Flag(help: "Replace REQ.tsq if it exists.")
    var force = false

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        // Before the package is read: a request that could not be written is known now.
        try OutputFile.check(output, option: "-o", replacing: force)
        if ReceiptStamper.isReceipt(package) { return try requestForReceipt() }
        let amender = PackageAmender(path: package, verifier: Verifier(verificationTime: Timestamp.now()))
        let receipt: TimestampRequestReceipt
        do {
            receipt = try ProgressLine.around("verifying", enabled: !quiet) { try amender.makeTimestampRequest(progress: $0) }
        } catch let error as AmenderError {
            throw AmendRefusal.exitStatus(for: error, package: package, action: "requested")
        }
        try OutputFile.writeRequest(receipt.request.der, to: output, replacing: force)
        if !quiet {
            print("Wrote \(output): an RFC 3161 request for the seal by \(Escaping.visible(receipt.sealSigner))")
            print("Nonce:  \(receipt.request.nonceHex)")
            print("Take it to your TSA, then: rial timestamp attach \(package) --token RESPONSE.tsr --tsa-chain TSA-CHAIN.pem --request \(output)")
        }
    }

    /// The request for a signed receipt's token.
    private func requestForReceipt() throws {
        let made: (request: TimeStampRequest, signer: String)
        do {
            made = try ReceiptStamper(report: package).makeTimestampRequest()
        } catch let error as AmenderError {
            Console.error(error.conciseDescription)
            throw error.code == .sealMismatch ? ExitStatus.failed : ExitStatus.couldNotComplete
        }
        try OutputFile.writeRequest(made.request.der, to: output, replacing: force)
        if !quiet {
            print("Wrote \(output): an RFC 3161 request for the receipt signed by \(Escaping.visible(made.signer))")
            print("Nonce:  \(made.request.nonceHex)")
            print("Take it to your TSA, then: rial timestamp attach \(package) --token RESPONSE.tsr --request \(output)")
        }
    }
}
