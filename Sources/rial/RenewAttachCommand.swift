import ArgumentParser
import RialFormat
import RialCrypto
import RialArchive
import RialVerifier
import RialAmender

struct RenewAttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Add a TSA's answer to the package's evidence record as its next archive timestamp.",
        discussion: """
            The token's imprint must be the one `rial renew request` asked for (and, with \
            --request, repeat its nonce). The evidence record so extended is written as the next \
            rial/seal/renewal/NNNNNN.ers; --tsa-chain is stapled as certificates under \
            rial/seal/revocation/. The package is verified first and rewritten atomically; nothing \
            already in it changes.

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The sealed, timestamped package, changed in place.", valueName: "PKG"))
    var package: String

    @OptionGroup var tokenFiles: TokenFileOptions

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    @Flag(help: "Amend a package its owner made read-only (it stays read-only), or one with other hard links (they keep the old version).")
    var force = false

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        let token = try tokenFiles.load()
        let now = Timestamp.now()
        let amender = AmendRefusal.amender(for: package, at: now, force: force)
        let receipt: RenewalReceipt
        do {
            receipt = try ProgressLine.around("verifying", enabled: !quiet) {
                try amender.attachRenewal(token, at: now, progress: $0)
            }
        } catch let error as AmenderError {
            switch error.code {
            case .invalidToken:
                Console.error(error.conciseDescription(after: "--token or --tsa-chain"))
                throw ExitStatus.usage
            case .tokenNotSHA256, .nonceMismatch, .notTimestamped, .unreadableRenewal:
                Console.error("\(error.reason) [\(error.code)]")
                throw ExitStatus.failed
            case .tokenMismatch:
                Console.error(
                    "the token timestamps other bytes than this package's next archive timestamp; ask again with a fresh `rial renew request` [\(error.code)]")
                throw ExitStatus.failed
            case .invalidRequest:
                Console.error(error.conciseDescription(after: "--request \(tokenFiles.request ?? "")"))
                throw ExitStatus.usage
            default:
                throw AmendRefusal.exitStatus(for: error, package: package, action: "changed")
            }
        }
        if !quiet {
            print(
                "Renewed the trusted time of \(package): \(receipt.addedPaths.first ?? "")\(receipt.startsChain && receipt.renewal > 1 ? " (a new chain)" : "")"
            )
            print("genTime: \(receipt.genTime.rfc3339)   serial: \(receipt.serialHex)")
            print("Check it: rial verify \(package) --tsa-trust TSA-ROOT.pem")
        }
    }
}
