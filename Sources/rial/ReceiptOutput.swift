import RialFormat
import RialCrypto
import RialArchive
import RialPackager
import RialVerifier

/// `rial verify --receipt R.json`: the JSON report written to `R.json` and a detached CMS
/// signature over its exact bytes to `R.json.p7s` (`schema/SPEC.md` §18). Both paths are
/// checked before the package is read, the signer is loaded and held to its validity now, and
/// the signature is written before the report, so a report is never beside another report's
/// signature; a token or TSA chain of an older receipt under the same name is removed.
struct ReceiptOutput {
    let path: String
    let sealer: Sealer
    let replacing: Bool

    /// - Throws: ``ExitStatus`` after saying why the receipt cannot be made.
    init(path: String, signing: SealingOptions, replacing: Bool) throws {
        try OutputFile.check(path, option: "--receipt", replacing: replacing)
        try OutputFile.check(ReceiptLayout.signature(of: path), option: "--receipt's signature", replacing: replacing)
        guard let sealer = try signing.makeSealer() else { throw ExitStatus.usage }
        do {
            try sealer.checkUsable(at: .now())
        } catch let error as PackagerError {
            Console.error("--cert: \(error.reason); a receipt signed with it would not verify")
            throw ExitStatus.usage
        }
        self.path = path
        self.sealer = sealer
        self.replacing = replacing
    }

    /// Signs and writes the receipt for `report`.
    /// - Returns: what the court report names it by.
    /// - Throws: ``ExitStatus`` after saying why it could not be written; a failed verdict
    ///   still wins (exit 1), since it is what the evidence says.
    @discardableResult
    func write(_ report: VerificationReport, quiet: Bool) throws -> ReceiptFingerprint {
        let bytes = JSONReportRenderer.bytes(report)
        do {
            let signature = try sealer.signer.sign(bytes)
            // An older receipt's token covers an older signature: it must not stand beside this one.
            FileWriter.remove(ReceiptLayout.token(of: path))
            FileWriter.remove(ReceiptLayout.tsaChain(of: path))
            try OutputFile.write(signature, to: ReceiptLayout.signature(of: path), replacing: replacing)
            try OutputFile.write(bytes, to: path, replacing: replacing)
            let fingerprint = ReceiptFingerprint(reportPath: path, reportSHA256: Hex.encode(try StreamingDigest.digest(.sha256, of: bytes)),
                                                 signer: sealer.signer.certificate.subject, signerFingerprint: sealer.signer.certificate.fingerprintSHA256)
            if !quiet {
                Console.error("Wrote the signed receipt \(path) (SHA-256 \(fingerprint.reportSHA256)) and its signature \(ReceiptLayout.signature(of: path))")
                Console.error("Check it: rial receipt verify \(path) \(report.subjectPath == Verifier.standardInput ? "" : report.subjectPath + " ")--trust ROOT.pem")
            }
            return fingerprint
        } catch {
            Console.error(Console.describe(error, after: "cannot write the receipt \(path)"))
            throw report.verdict == .fail ? ExitStatus.failed : ExitStatus.couldNotComplete
        }
    }
}
