import ArgumentParser
import RialFormat
import RialArchive
import RialVerifier
import RialAmender
import RialCrypto

struct RenewRequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Write an RFC 3161 request for the package's next archive timestamp.",
        discussion: """
            The first renewal's request is over the hash of rial/seal/manifest.tsr; a later one \
            with the same hash is over the last archive timestamp (timestamp renewal, RFC 4998 \
            §5.2); one with another hash starts a new chain over the timestamp and the whole \
            evidence record (hash-tree renewal, §5.3). The package must be sealed, timestamped and \
            pass verification; it is not changed.

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The sealed, timestamped package.", valueName: "PKG"))
    var package: String

    @Option(name: [.short, .customLong("output"), .customLong("out")], help: ArgumentHelp("Where to write the request (DER).", valueName: "REQ.tsq"))
    var output: String

    @Option(help: ArgumentHelp("The hash: sha256 or sha512 (default: the last chain's, else sha256).", valueName: "ALG"))
    var hash: String?

    @Flag(help: "Replace REQ.tsq if it exists.")
    var force = false

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    func validate() throws {
        if let hash, !["sha256", "sha512"].contains(hash) {
            throw ValidationError("--hash takes sha256 or sha512, not \(hash)")
        }
    }

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        try OutputFile.check(output, option: "-o", replacing: force)
        let amender = PackageAmender(path: package, verifier: Verifier(verificationTime: Timestamp.now()))
        let receipt: RenewalRequestReceipt
        do {
            receipt = try ProgressLine.around("verifying", enabled: !quiet) {
                try amender.makeRenewalRequest(algorithm: hash.flatMap(DigestAlgorithm.init(rawValue:)), progress: $0)
            }
        } catch let error as AmenderError {
            if error.code == .notTimestamped || error.code == .unreadableRenewal {
                Console.error("\(error.reason) [\(error.code)]")
                throw ExitStatus.failed
            }
            throw AmendRefusal.exitStatus(for: error, package: package, action: "requested")
        }
        try OutputFile.writeRequest(receipt.request.der, to: output, replacing: force)
        if !quiet {
            let kind =
                receipt.renewal == 1
                ? "the first renewal"
                : receipt.startsChain ? "renewal \(receipt.renewal), a new \(receipt.algorithm.displayName) chain" : "renewal \(receipt.renewal)"
            print("Wrote \(output): an RFC 3161 \(receipt.algorithm.displayName) request for \(kind)")
            print("Nonce:  \(receipt.request.nonceHex)")
            print("Take it to your TSA, then: rial renew attach \(package) --token RESPONSE.tsr --tsa-chain TSA-CHAIN.pem --request \(output)")
        }
    }
}
