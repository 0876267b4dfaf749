import RialFormat
import RialCrypto
import RialArchive
import RialPackager
import RialVerifier
import RialReport

/// Writes signed receipts (`schema/SPEC.md` §18): the JSON report to `R.json` and a detached
/// CMS signature over its exact bytes to `R.json.p7s`, for `rial verify --receipt` (one) and
/// `rial audit --receipts DIR` (one per package). The signer is loaded once and held to its
/// validity now; the signature is written before the report, so a report never stands beside
/// another report's signature, and a token or TSA chain of an older receipt under the same
/// name is removed first.
struct ReceiptOutput {
    let sealer: Sealer
    let replacing: Bool

    /// - Throws: ``ExitStatus/usage`` after saying why the signer cannot sign.
    init(signing: SealingOptions, replacing: Bool) throws {
        guard let sealer = try signing.makeSealer() else { throw ExitStatus.usage }
        do {
            try sealer.checkUsable(at: .now())
        } catch let error as PackagerError {
            Console.error("--cert: \(error.reason); a receipt signed with it would not verify")
            throw ExitStatus.usage
        }
        self.sealer = sealer
        self.replacing = replacing
    }

    /// Says why `path` or its signature cannot be written, before any work is done.
    /// - Throws: ``ExitStatus/couldNotComplete`` after saying why.
    func check(_ path: String, option: String) throws {
        try OutputFile.check(path, option: option, replacing: replacing)
        try OutputFile.check(ReceiptLayout.signature(of: path), option: "\(option)'s signature", replacing: replacing)
    }

    /// Signs `report` and writes the receipt at `path`.
    /// - Returns: what the court report and the ledger name it by.
    /// - Throws: what signing or writing threw.
    func write(_ report: VerificationReport, to path: String) throws -> ReceiptFingerprint {
        let bytes = JSONReportRenderer.bytes(report)
        let signature = try sealer.signer.sign(bytes)
        try OutputFile.write(signature, to: ReceiptLayout.signature(of: path), replacing: replacing)
        try OutputFile.write(bytes, to: path, replacing: replacing)
        // An older receipt's token covers an older signature: it must not stand beside this one.
        // Removed only once this receipt is written: a receipt that is not replaced (no
        // --force, or a write that failed) keeps its token.
        FileWriter.remove(ReceiptLayout.token(of: path))
        FileWriter.remove(ReceiptLayout.tsaChain(of: path))
        return ReceiptFingerprint(
            reportPath: path, reportSHA256: Hex.encode(try StreamingDigest.digest(.sha256, of: bytes)),
            signer: sealer.signer.certificate.subject, signerFingerprint: sealer.signer.certificate.fingerprintSHA256)
    }

    /// `rial verify --receipt`: writes the receipt, says where on standard error unless `quiet`.
    /// - Throws: ``ExitStatus`` after saying why it could not be written; a failed verdict
    ///   still wins (exit 1), since it is what the evidence says.
    @discardableResult
    func write(_ report: VerificationReport, to path: String, quiet: Bool) throws -> ReceiptFingerprint {
        do {
            let fingerprint = try write(report, to: path)
            if !quiet {
                Console.error("Wrote the signed receipt \(path) (SHA-256 \(fingerprint.reportSHA256)) and its signature \(ReceiptLayout.signature(of: path))")
                Console.error(
                    "Check it: rial receipt verify \(path) \(report.subjectPath == Verifier.standardInput ? "" : report.subjectPath + " ")--trust ROOT.pem")
            }
            return fingerprint
        } catch {
            Console.error(Console.describe(error, after: "cannot write the receipt \(path)"))
            throw report.verdict == .fail ? ExitStatus.failed : ExitStatus.couldNotComplete
        }
    }
}
