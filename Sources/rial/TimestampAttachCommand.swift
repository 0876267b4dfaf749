import ArgumentParser
import RialFormat
import RialCrypto
import RialArchive
import RialVerifier
import RialReport
import RialAmender

struct TimestampAttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Store a TSA's RFC 3161 response in a sealed package.",
        discussion: """
            The response must grant a token whose SHA-256 imprint is that of the seal's \
            signature value (and, with --request, repeat the request's nonce). It is stored \
            byte for byte as rial/seal/manifest.tsr, and --tsa-chain as rial/seal/tsa-chain.pem \
            (certificates that help build the TSA's chain; the verifier still brings its own \
            anchor with --tsa-trust). The package is verified first and rewritten atomically; \
            nothing the seal covers changes.

            Given a signed receipt's report (R.json) instead, the token must cover the SHA-256 \
            of the receipt signature's value; it is written beside the report as R.json.tsr \
            (--tsa-chain as R.json.tsa-chain.pem); --force replaces a token already there.

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The sealed package, changed in place; or a signed receipt's report R.json.", valueName: "PKG"))
    var package: String

    @OptionGroup var tokenFiles: TokenFileOptions

    @OptionGroup var stapling: RevocationStapleOption

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    @Flag(help: "Amend a package its owner made read-only (it stays read-only), or one with other hard links (they keep the old version).")
    var force = false

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        let token = try tokenFiles.load()
        let staples = try stapling.load()
        if ReceiptStamper.isReceipt(package) {
            guard staples.isEmpty else {
                Console.error("--revocation staples evidence in a package; a receipt carries none")
                throw ExitStatus.usage
            }
            return try attachToReceipt(token)
        }
        let now = Timestamp.now()
        let amender = AmendRefusal.amender(for: package, at: now, force: force)
        let receipt: TimestampReceipt
        do {
            receipt = try ProgressLine.around("verifying", enabled: !quiet) {
                try amender.attachTimestamp(token, at: now, stapling: staples, progress: $0)
            }
        } catch let error as AmenderError {
            switch error.code {
            case .tokenNotSHA256:
                Console.error("\(error.reason); ask the TSA again with the request from `rial timestamp request` [\(error.code)]")
                throw ExitStatus.failed
            case .tokenMismatch:
                Console.error("the token timestamps other bytes than this package's seal; was it made for another package? [\(error.code)]")
                throw ExitStatus.failed
            case .nonceMismatch:
                Console.error("\(error.reason): it answers another request [\(error.code)]")
                throw ExitStatus.failed
            case .invalidRequest:
                Console.error(error.conciseDescription(after: "--request \(tokenFiles.request ?? "")"))
                throw ExitStatus.usage
            default:
                throw AmendRefusal.exitStatus(for: error, package: package, action: "changed")
            }
        }
        if !quiet {
            print("Attached the timestamp to \(package)")
            print("genTime: \(receipt.genTime.rfc3339)   serial: \(receipt.serialHex)")
            print("Check it: rial verify \(package) --tsa-trust TSA-ROOT.pem --require-timestamp")
        }
    }

    /// The token stored beside a signed receipt.
    private func attachToReceipt(_ token: TimestampToken) throws {
        let stamped: (genTime: Timestamp, serialHex: String)
        do {
            stamped = try ReceiptStamper(report: package).attachTimestamp(token, replacing: force)
        } catch let error as AmenderError {
            switch error.code {
            case .tokenNotSHA256, .tokenMismatch, .nonceMismatch, .sealMismatch:
                Console.error("\(error.reason) [\(error.code)]")
                throw ExitStatus.failed
            case .invalidRequest, .invalidToken:
                Console.error(error.conciseDescription)
                throw ExitStatus.usage
            default:
                Console.error(error.conciseDescription)
                throw ExitStatus.couldNotComplete
            }
        }
        if !quiet {
            print("Attached the timestamp to the receipt \(package): \(ReceiptLayout.token(of: package))")
            print("genTime: \(stamped.genTime.rfc3339)   serial: \(stamped.serialHex)")
            print("Check it: rial receipt verify \(package) --trust ROOT.pem --tsa-trust TSA-ROOT.pem")
        }
    }

}
