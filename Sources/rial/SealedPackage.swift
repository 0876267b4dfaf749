import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

/// The seal of a package, read for the timestamp commands.
enum SealedPackage {
    /// The tag files of a package that just passed verification, read again, after checking
    /// they are still the verified ones (the manifest and the custody log's head): what is
    /// signed, timestamped or linked to is what was verified, even if the file changed in
    /// between.
    /// - Throws: ``ExitStatus/couldNotComplete`` when they cannot be read or changed.
    static func verifiedTagFiles(of package: String, report: VerificationReport) throws -> PackageTagFiles {
        let tags: PackageTagFiles
        do {
            tags = try PackageRewriter.tagFiles(of: package)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw ExitStatus.couldNotComplete
        }
        let manifest = tags.files[PackageLayout.manifest] ?? []
        let fingerprint = (try? StreamingDigest.digest(.sha256, of: manifest)).map(Hex.encode)
        // The manifest and the custody head are what a new seal, token or event is bound to.
        guard fingerprint != nil, fingerprint == report.manifestSHA256, tags.custodyHead?.sha256 == report.custody?.head?.sha256 else {
            Console.error("\(package) changed while it was being verified; nothing was changed, try again")
            throw ExitStatus.couldNotComplete
        }
        return tags
    }

    /// The seal of a package that just passed verification; it must sign the verified manifest.
    /// - Throws: ``ExitStatus/couldNotComplete`` after saying why there is no usable seal.
    static func signature(of package: String, report: VerificationReport) throws -> DetachedSignature {
        let tags = try verifiedTagFiles(of: package, report: report)
        guard let bytes = tags.files[PackageLayout.seal] else {
            Console.error("\(package) is not sealed; seal it first: rial seal \(package) --sign-key KEY.pem --cert CERT.pem")
            throw ExitStatus.couldNotComplete
        }
        let signature: DetachedSignature
        do {
            signature = try DetachedSignature(der: bytes)
        } catch {
            Console.error("the seal of \(package) cannot be read: \(error)")
            throw ExitStatus.couldNotComplete
        }
        // verifiedTagFiles checked that the manifest read again hashes to the verified fingerprint.
        let fingerprint = report.manifestSHA256.flatMap(Hex.decode) ?? []
        guard signature.signsContent(sha256: fingerprint), signature.signatureVerifies() else {
            Console.error("the seal of \(package) does not sign its rial/manifest.json; nothing was changed")
            throw ExitStatus.failed
        }
        return signature
    }
}
