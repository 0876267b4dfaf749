import ArgumentParser
import RialFormat
import RialCrypto
import RialArchive

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an ECDSA P-256 signing key, with a self-signed certificate or a CSR.",
        discussion: """
            Writes PREFIX.key (PKCS#8 PEM, readable by you alone: mode 0600) and either \
            PREFIX.pem, a self-signed certificate, or with --csr PREFIX.csr, a certificate \
            signing request for your organisation's CA. Existing files are never replaced.

            A self-signed certificate proves nothing by itself: whoever verifies must obtain it \
            from you by a channel they trust and pass it with `rial verify --trust PREFIX.pem`. \
            Compare its SHA-256 fingerprint, printed below, when you hand it over.

            Examples:
              rial keygen --subject "CN=Jane Doe,O=Metro Police Forensics,C=GB" -o jane
              rial pack capture -o case.rialpkg --sign-key jane.key --cert jane.pem
              rial keygen --subject "CN=Lab 3,O=County Lab" -o lab3 --csr

            \(ExitStatus.makingHelpText)
            """
    )

    @Option(help: ArgumentHelp("The subject: TYPE=value pairs separated by commas; CN is required (escape a comma in a value as \\,).", valueName: "DN"))
    var subject: String

    @Option(
        name: [.short, .customLong("output"), .customLong("out")],
        help: ArgumentHelp("Path prefix of the files to write: PREFIX.key and PREFIX.pem (or PREFIX.csr).", valueName: "PREFIX"))
    var out: String

    @Option(help: ArgumentHelp("Validity of the self-signed certificate, in days.", valueName: "N"))
    var days = 730

    @Flag(help: "Write a certificate signing request (PREFIX.csr) instead of a self-signed certificate.")
    var csr = false

    func validate() throws {
        guard (1...36500).contains(days) else { throw ValidationError("--days must be between 1 and 36500") }
    }

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        let name: DistinguishedName
        do {
            name = try DistinguishedName(parsing: subject)
        } catch let error as CryptoError {
            throw ValidationError(error.reason)
        }
        let keyPath = out + ".key"
        let otherPath = out + (csr ? ".csr" : ".pem")
        // Both, before a key is made: a key is never replaced, and never left without its certificate.
        for path in [keyPath, otherPath] { try OutputFile.check(path, option: "--output", replacing: false, canReplace: false) }
        do {
            let key = try SigningKey.generateP256()
            let other: [UInt8]
            var fingerprint: String?
            if csr {
                other = try CertificateIssuer.signingRequestPEM(key: key, subject: name)
            } else {
                let certificate = try CertificateIssuer.selfSigned(key: key, subject: name, days: days, now: Timestamp.now().seconds)
                other = try certificate.pem()
                fingerprint = certificate.fingerprintSHA256
            }
            try OutputFile.write(try key.pkcs8PEM(), to: keyPath, replacing: false, mode: 0o600)
            do {
                try OutputFile.write(other, to: otherPath, replacing: false, mode: 0o644)
            } catch {
                FileWriter.remove(keyPath)
                throw error
            }
            print("Private key:  \(keyPath)   (keep it secret; mode 0600)")
            if let fingerprint {
                print("Certificate:  \(otherPath)   (self-signed, valid \(days) days)")
                print("SHA-256 fingerprint: \(fingerprint)")
                print("Seal with:    rial pack CAPTURE -o OUT.rialpkg --sign-key \(keyPath) --cert \(otherPath)")
            } else {
                print("Request:      \(otherPath)   (send it to your CA; seal with the certificate it returns)")
            }
        } catch let error as ArchiveError {
            Console.error(error.conciseDescription)
            throw ExitStatus.couldNotComplete
        } catch let error as CryptoError {
            Console.error(error.conciseDescription)
            throw ExitStatus.couldNotComplete
        }
    }
}
