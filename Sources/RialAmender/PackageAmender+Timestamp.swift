import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

extension PackageAmender {
    /// An RFC 3161 request over the SHA-256 of the package's seal signature value, with a
    /// random nonce, for a TSA. The package is not changed.
    /// - Parameter progress: called as the package is read for verification.
    /// - Returns: the request and whose seal it is for.
    /// - Throws: ``AmenderError`` `.verificationFailed`, `.unverifiable`, `.unreadablePackage`,
    ///   `.changedDuringVerification`, `.notSealed`, `.unreadableSeal`, `.sealMismatch`,
    ///   `.writeFailed` when the request cannot be made.
    public func makeTimestampRequest(progress: Verifier.Progress? = nil) throws -> TimestampRequestReceipt {
        let verified = try verifiedTagFiles(at: nil, progress: progress)
        let (report, tags) = (verified.report, verified.tags)
        let signature = try verifiedSeal(in: tags, report: report)
        do {
            let request = try TimeStampRequest(sha256Imprint: StreamingDigest.digest(.sha256, of: signature.signatureValue))
            return TimestampRequestReceipt(report: report, request: request, sealSigner: signature.signer.subject)
        } catch {
            throw AmenderError(.writeFailed, "could not make a timestamp request for \(path)", cause: error, report: report)
        }
    }

    /// Stores a TSA's RFC 3161 response in the sealed package, byte for byte, as
    /// `rial/seal/manifest.tsr`, and its chain as `rial/seal/tsa-chain.pem`.
    ///
    /// The token must timestamp the SHA-256 of the seal's signature value, and, when the
    /// request is given, repeat its nonce. Whether the TSA is trusted is for the verifier to
    /// judge later, with its own anchors.
    /// - Parameters:
    ///   - token: the response, and optionally the TSA's chain and the request it answers.
    ///   - time: now: the new entries' mtime.
    ///   - progress: called as the package is read for verification.
    /// - Returns: what was added and the token's time.
    /// - Throws: ``AmenderError`` `.invalidToken` before anything is read;
    ///   `.verificationFailed`, `.unverifiable`, `.unreadablePackage`,
    ///   `.changedDuringVerification`, `.notSealed`, `.unreadableSeal`, `.sealMismatch`, `.tokenNotSHA256`, `.tokenMismatch`,
    ///   `.invalidRequest`, `.nonceMismatch`, `.alreadyPresent` (already timestamped), `.writeFailed`.
    /// - Parameter staples: revocation evidence to staple (`--revocation`, §14.11), after the token;
    ///   no event records it: each file stands on its issuer's signature.
    public func attachTimestamp(_ token: TimestampToken, at time: Timestamp, stapling staples: [RevocationStaple] = [], progress: Verifier.Progress? = nil)
        throws -> TimestampReceipt
    {
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(der: token.response)
        } catch {
            throw AmenderError(.invalidToken, "the response is not a granted RFC 3161 response", cause: error)
        }
        if let chain = token.tsaChain {
            do {
                _ = try Certificate.load(pem: chain, source: "the TSA chain")
            } catch {
                throw AmenderError(.invalidToken, Self.reason(error), cause: error)
            }
        }
        return try whileLocked(at: time, progress: progress) { time, verified in
            let (report, tags) = (verified.report, verified.tags)
            let signature = try verifiedSeal(in: tags, report: report)
            guard response.imprintIsSHA256 else {
                throw AmenderError(.tokenNotSHA256, "the token's imprint uses \(response.imprintAlgorithm), not SHA-256", report: report)
            }
            guard let expected = try? StreamingDigest.digest(.sha256, of: signature.signatureValue), response.imprint == expected else {
                throw AmenderError(.tokenMismatch, "the token timestamps other bytes than the seal of \(path)", report: report)
            }
            try token.checkNonce(of: response, report: report)
            var files = [PackageFile(path: PackageLayout.sealTimestamp, bytes: token.response)]
            if let chain = token.tsaChain { files.append(PackageFile(path: PackageLayout.sealTimestampChain, bytes: chain)) }
            files += Self.new(staples, in: tags).map { PackageFile(path: $0.path, bytes: $0.bytes) }
            try append(files, modificationTime: time, to: verified)
            return TimestampReceipt(
                report: report, genTime: Timestamp(seconds: response.genTime), serialHex: response.serialHex,
                addedPaths: files.map(\.path))
        }
    }

    /// The seal of a package that just passed verification; it must sign the verified manifest.
    /// - Throws: ``AmenderError`` `.notSealed`, `.unreadableSeal`, `.sealMismatch`.
    func verifiedSeal(in tags: PackageTagFiles, report: VerificationReport) throws -> DetachedSignature {
        guard let bytes = tags.files[PackageLayout.seal] else {
            throw AmenderError(.notSealed, "\(path) is not sealed", report: report)
        }
        let signature: DetachedSignature
        do {
            signature = try DetachedSignature(der: bytes)
        } catch {
            throw AmenderError(.unreadableSeal, "the seal of \(path) cannot be read", cause: error, report: report)
        }
        // The tag files were checked to be the verified ones: the manifest hashes to this fingerprint.
        let fingerprint = report.manifestSHA256.flatMap(Hex.decode) ?? []
        guard signature.signsContent(sha256: fingerprint), signature.signatureVerifies() else {
            throw AmenderError(.sealMismatch, "the seal of \(path) does not sign its rial/manifest.json", report: report)
        }
        return signature
    }
}
