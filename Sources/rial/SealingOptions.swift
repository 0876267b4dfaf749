import ArgumentParser
import RialPackager

/// `--sign-key`, `--cert`, `--chain`: who seals, shared by `pack` and `seal`.
struct SealingOptions: ParsableArguments {
    @Option(name: .customLong("sign-key"), help: ArgumentHelp("The signer's ECDSA P-256 private key, PEM (from `rial keygen`).", valueName: "KEY.pem"))
    var signKey: String?

    @Option(help: ArgumentHelp("The signer's X.509 certificate, PEM; may be followed by its chain.", valueName: "CERT.pem"))
    var cert: String?

    @Option(help: ArgumentHelp("Intermediate certificates to embed, PEM (never the root: the verifier brings that).", valueName: "CHAIN.pem"))
    var chain: String?

    var isSealing: Bool { signKey != nil || cert != nil }

    func validate() throws {
        if (signKey == nil) != (cert == nil) { throw ValidationError("--sign-key and --cert go together: the key signs, the certificate says whose key it is") }
        if chain != nil && signKey == nil { throw ValidationError("--chain needs --sign-key and --cert") }
    }

    /// The sealer, or `nil` when no key was given.
    /// - Throws: ``ExitStatus/usage`` after printing why the key or certificate cannot be used.
    func makeSealer() throws -> Sealer? {
        guard let signKey, let cert else { return nil }
        do {
            return try Sealer(keyPath: signKey, certificatePath: cert, chainPath: chain)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw ExitStatus.usage
        }
    }
}
