import ArgumentParser
import RialFormat
import RialPackager

struct SealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Seal an existing package: sign the exact bytes of its rial/manifest.json.",
        discussion: """
        The package is verified first and sealed only if it passes. The seal is a detached \
        CMS signature (ECDSA P-256, SHA-256) with your certificate and chain inside, stored \
        as rial/seal/manifest.p7s. A SEALED event, signed by the same key, is added to the \
        custody log. Nothing the manifest lists changes; only the tag manifests gain lines. The package is rewritten under a temporary name and renamed into place.

        A package is sealed once; `rial pack --sign-key … --cert …` seals while packing.

        Examples:
          rial seal case.rialpkg --sign-key jane.key --cert jane.pem
          rial seal case.rialpkg --sign-key lab.key --cert lab.pem --chain lab-ca-chain.pem

        \(ExitStatus.helpText)
        """
    )

    @Argument(help: ArgumentHelp("The package to seal, in place.", valueName: "PKG"))
    var package: String

    @OptionGroup var sealing: SealingOptions

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    func validate() throws {
        if !sealing.isSealing { throw ValidationError("give --sign-key KEY.pem and --cert CERT.pem (make them with `rial keygen`)") }
    }

    func run() throws {
        guard let sealer = try sealing.makeSealer() else { throw ExitStatus.usage }
        let now = Timestamp.now()
        do {
            try sealer.checkUsable(at: now)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw ExitStatus.usage
        }
        // The SEALED event names the certificate's holder: refuse an unusable one before the work.
        let recorder = CustodyRecorder(signer: sealer)
        let actor: CustodyActor
        do {
            actor = try recorder.actor(nil)
        } catch let error as PackagerError {
            Console.error(error.reason)
            throw ExitStatus.usage
        }
        let report = try PassingPackage.require(package, action: "sealed", quiet: quiet)
        do {
            let tags = try SealedPackage.verifiedTagFiles(of: package, report: report)
            if tags.files[PackageLayout.seal] != nil {
                Console.error("\(package) is already sealed; a package is sealed once")
                throw ExitStatus.couldNotComplete
            }
            guard let manifest = tags.files[PackageLayout.manifest] else {
                Console.error("\(package) has no rial/manifest.json to seal")
                throw ExitStatus.couldNotComplete
            }
            let seal = try sealer.seal(manifest)
            // The custody log records the sealing, signed by the same key.
            let head = tags.custodyHead
            guard let packageID = report.packageID.flatMap({ try? PackageID($0) }) else {
                Console.error("\(package) has no readable package id; nothing was changed")
                throw ExitStatus.couldNotComplete
            }
            let event = try CustodyRecorder.next(after: head, manifestSHA256: report.manifestSHA256 ?? "", packageID: packageID, time: now,
                                                 action: .sealed, actor: actor,
                                                 details: "sealed rial/manifest.json (SHA-256 \(report.manifestSHA256 ?? "")) with a detached CMS signature, rial/seal/manifest.p7s")
            try PackageRewriter(source: package, destination: package)
                .append([.init(path: PackageLayout.seal, bytes: seal)] + recorder.files(for: event), modificationTime: now.seconds)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw ExitStatus.couldNotComplete
        }
        if !quiet {
            print("Sealed \(package)")
            print("Signer:           \(sealer.signer.certificate.subject)")
            print("Manifest SHA-256: \(report.manifestSHA256 ?? "")")
            print("Next, for trusted time: rial timestamp request \(package) -o request.tsq")
        }
    }
}
