import ArgumentParser
import RialFormat
import RialPackager
import RialVerifier
import RialReport
import RialAmender

struct SealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Seal an existing package: sign the exact bytes of its rial/manifest.json.",
        discussion: """
            The package is verified first and sealed only if it passes. The seal is a detached \
            CMS signature (ECDSA P-256, SHA-256) with your certificate and chain inside, stored \
            as rial/seal/manifest.p7s. A SEALED event, signed by the same key, is added to the \
            custody log. Nothing the manifest lists changes; only the tag manifests gain lines. The package is rewritten under a temporary name and renamed into place.

            Long-term validation: --revocation FILE (repeatable) staples CRLs, OCSP responses \
            and intermediate certificates under rial/seal/revocation/, each named by its \
            SHA-256, and the SEALED event names them under your signature; years later the \
            package verifies with nothing but the roots (docs/revocation.md).

            A package is sealed once; `rial pack --sign-key … --cert …` seals while packing.

            Examples:
              rial seal case.rialpkg --sign-key jane.key --cert jane.pem
              rial seal case.rialpkg --sign-key lab.key --cert lab.pem \\
                  --chain lab-ca-chain.pem
              rial seal case.rialpkg --sign-key jane.key --cert jane.pem \\
                  --revocation ca.crl --revocation jane.ocsp

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The package to seal, in place.", valueName: "PKG"))
    var package: String

    @OptionGroup var sealing: SealingOptions

    @OptionGroup var stapling: RevocationStapleOption

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    @Flag(help: "Amend a package its owner made read-only (it stays read-only), or one with other hard links (they keep the old version).")
    var force = false

    func validate() throws {
        if !sealing.isSealing { throw ValidationError("give --sign-key KEY.pem and --cert CERT.pem (make them with `rial keygen`)") }
    }

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        guard let sealer = try sealing.makeSealer(amending: true) else { throw ExitStatus.usage }
        let staples = try stapling.load()
        let now = Timestamp.now()
        let amender = AmendRefusal.amender(for: package, at: now, force: force)
        let receipt: SealReceipt
        do {
            receipt = try ProgressLine.around("verifying", enabled: !quiet) { try amender.seal(with: sealer, at: now, stapling: staples, progress: $0) }
        } catch let error as AmenderError where error.code == .noPackageIdentity {
            Console.error("\(package) has no readable package id; nothing was changed [\(error.code)]")
            throw ExitStatus.couldNotComplete
        } catch let error as AmenderError {
            throw AmendRefusal.exitStatus(for: error, package: package, action: "sealed")
        }
        if !quiet {
            print("Sealed \(package)")
            print("Signer:           \(receipt.signer)")
            print("Manifest SHA-256: \(receipt.manifestSHA256)")
            print("Next, for trusted time: rial timestamp request \(package) -o request.tsq")
        }
    }
}
