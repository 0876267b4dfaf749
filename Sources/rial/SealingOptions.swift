import ArgumentParser
import RialArchive
import RialPackager
import RialAmender

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
    /// - Parameter amending: for a command that adds to a package (`seal`, `custody append`):
    ///   an unusable key or certificate is then `amend.invalid-signer`, not `pack.invalid-option`.
    /// - Throws: ``ExitStatus/usage`` after printing why the key or certificate cannot be used.
    func makeSealer(amending: Bool = false) throws -> Sealer? {
        guard let signKey, let cert else { return nil }
        do {
            return try Sealer(keyPath: signKey, certificatePath: cert, chainPath: chain)
        } catch let error as PackagerError {
            Console.error(amending ? AmenderError(.invalidSigner, error.reason, cause: error.cause).conciseDescription : error.conciseDescription)
            if let hint = Self.swapHint(signKey: signKey, cert: cert) { Console.error(hint) }
            throw ExitStatus.usage
        }
    }

    /// What PEM a file holds, by its armour lines.
    enum Content: Equatable {
        case privateKey, certificate, other
    }

    /// For a key file that holds a certificate, or a certificate file that holds a key: says so,
    /// and that the two look swapped when both are.
    static func swapHint(signKey: String, cert: String) -> String? {
        let key = content(of: signKey), certificate = content(of: cert)
        switch (key, certificate) {
        case (.certificate, .privateKey):
            return
                "hint: --sign-key and --cert look swapped: \(signKey) holds a certificate and \(cert) a private key; try --sign-key \(cert) --cert \(signKey)"
        case (.certificate, _):
            return "hint: --sign-key \(signKey) holds a certificate; --sign-key takes the private key (KEY.pem from `rial keygen`)"
        case (_, .privateKey):
            return "hint: --cert \(cert) holds a private key; --cert takes the certificate (the .pem from `rial keygen`, or your CA's)"
        default:
            return nil
        }
    }

    /// Reads the start of `path` (PEM armour comes first) and tells what it holds.
    static func content(of path: String) -> Content {
        guard let bytes = try? FileChunkReader.readAll(path: path, limit: 1 << 20) else { return .other }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("-----BEGIN CERTIFICATE-----") && !text.contains("PRIVATE KEY-----") { return .certificate }
        if text.contains("PRIVATE KEY-----") && !text.contains("-----BEGIN CERTIFICATE-----") { return .privateKey }
        return .other
    }
}
