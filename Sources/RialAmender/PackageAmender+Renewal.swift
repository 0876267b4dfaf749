import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

extension PackageAmender {
    /// An RFC 3161 request for the next archive timestamp of the package's evidence record
    /// (RFC 4998): over the seal's timestamp for the first, over the last archive timestamp
    /// for a timestamp renewal, or over the timestamp and the whole record for a hash-tree
    /// renewal to another algorithm. The package is not changed.
    /// - Parameters:
    ///   - algorithm: the hash; `nil` keeps the last chain's (SHA-256 for the first renewal).
    ///   - progress: called as the package is read for verification.
    /// - Returns: the request and where its answer goes.
    /// - Throws: ``AmenderError`` as ``makeTimestampRequest(progress:)``, and `.notTimestamped`,
    ///   `.unreadableRenewal`.
    public func makeRenewalRequest(algorithm: DigestAlgorithm? = nil, progress: Verifier.Progress? = nil) throws -> RenewalRequestReceipt {
        let verified = try verifiedTagFiles(at: nil, progress: progress)
        let (report, tags) = (verified.report, verified.tags)
        _ = try verifiedSeal(in: tags, report: report)
        let (number, record, dataObject) = try renewalState(in: tags, report: report)
        let algorithm = algorithm ?? record.chains.last?.first?.algorithm ?? .sha256
        do {
            let next = try record.nextImprint(algorithm: algorithm, dataObject: dataObject)
            let request = try TimeStampRequest(imprint: next.imprint, algorithm: algorithm)
            return RenewalRequestReceipt(report: report, request: request, algorithm: algorithm, renewal: number + 1, startsChain: next.startsChain)
        } catch {
            throw AmenderError(.writeFailed, "could not make a renewal request for \(path): \(Self.reason(error))", cause: error, report: report)
        }
    }

    /// Adds the TSA's answer to the package's evidence record as its next archive timestamp:
    /// the record so extended is written as the next `rial/seal/renewal/NNNNNN.ers`, and the
    /// TSA's chain, when given, is stapled as certificates (`rial/seal/revocation/H.crt`).
    ///
    /// The token's imprint algorithm says where it goes: the last chain's algorithm extends
    /// that chain, another starts a new one. Its imprint must be what that place requires.
    /// - Parameters:
    ///   - token: the response, and optionally the TSA's chain and the request it answers.
    ///   - time: now: the new entries' mtime.
    ///   - progress: called as the package is read for verification.
    /// - Returns: what was added and the token's time.
    /// - Throws: ``AmenderError`` `.invalidToken` before anything is read; then as
    ///   ``attachTimestamp(_:at:stapling:progress:)``, and `.notTimestamped`, `.unreadableRenewal`.
    public func attachRenewal(_ token: TimestampToken, at time: Timestamp, progress: Verifier.Progress? = nil) throws -> RenewalReceipt {
        let response: TimeStampResponse
        let tokenDER: [UInt8]
        do {
            response = try TimeStampResponse(der: token.response)
            tokenDER = try TimeStampResponse.tokenDER(of: token.response)
        } catch {
            throw AmenderError(.invalidToken, "the response is not a granted RFC 3161 response", cause: error)
        }
        var staples: [RevocationStaple] = []
        if let chain = token.tsaChain {
            do {
                _ = try Certificate.load(pem: chain, source: "the TSA chain")
                staples = [try RevocationStaple(bytes: chain, source: "the TSA chain")]
            } catch {
                throw AmenderError(.invalidToken, Self.reason(error), cause: error)
            }
        }
        guard let algorithm = response.imprintDigest, EvidenceRecord.oid(algorithm) != nil else {
            throw AmenderError(.tokenNotSHA256, "the token's imprint uses \(response.imprintAlgorithm), not SHA-256, SHA-384 or SHA-512")
        }
        return try whileLocked(at: time, progress: progress) { time, verified in
            let (report, tags) = (verified.report, verified.tags)
            _ = try verifiedSeal(in: tags, report: report)
            let (number, record, dataObject) = try renewalState(in: tags, report: report)
            let next: (startsChain: Bool, imprint: [UInt8])
            do {
                next = try record.nextImprint(algorithm: algorithm, dataObject: dataObject)
            } catch {
                throw AmenderError(.writeFailed, "could not hash the evidence record of \(path)", cause: error, report: report)
            }
            guard response.imprint == next.imprint else {
                throw AmenderError(.tokenMismatch, "the token timestamps other bytes than the next archive timestamp of \(path) needs", report: report)
            }
            try token.checkNonce(of: response, report: report)
            guard number < 999_999 else {
                throw AmenderError(.unreadableRenewal, "\(path) already has 999 999 renewals", report: report)
            }
            let renewed = record.appending(token: tokenDER, algorithm: algorithm)
            var files = [PackageFile(path: PackageLayout.renewalRecord(number + 1), bytes: renewed.der)]
            files += Self.new(staples, in: tags).map { PackageFile(path: $0.path, bytes: $0.bytes) }
            try append(files, modificationTime: time, to: verified)
            return RenewalReceipt(
                report: report, genTime: Timestamp(seconds: response.genTime), serialHex: response.serialHex,
                renewal: number + 1, startsChain: next.startsChain, addedPaths: files.map(\.path))
        }
    }

    /// The package's last renewal number (0 for none), its evidence record, and the data object
    /// it protects: the exact bytes of `rial/seal/manifest.tsr`.
    private func renewalState(in tags: PackageTagFiles, report: VerificationReport) throws -> (Int, EvidenceRecord, [UInt8]) {
        guard let dataObject = tags.files[PackageLayout.sealTimestamp] else {
            throw AmenderError(
                .notTimestamped, "\(path) has no seal timestamp (rial/seal/manifest.tsr) to renew: attach one first with rial timestamp attach", report: report)
        }
        let numbers = tags.files.keys.compactMap(PackageLayout.renewalNumber)
        guard let last = numbers.max() else { return (0, EvidenceRecord(), dataObject) }
        guard let bytes = tags.files[PackageLayout.renewalRecord(last)] else {
            throw AmenderError(.unreadableRenewal, "the last evidence record of \(path) cannot be read", report: report)
        }
        do {
            return (last, try EvidenceRecord(der: bytes), dataObject)
        } catch {
            throw AmenderError(.unreadableRenewal, "the last evidence record of \(path) cannot be read: \(error.reason)", cause: error, report: report)
        }
    }
}
