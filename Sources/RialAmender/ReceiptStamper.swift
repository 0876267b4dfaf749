#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialCrypto
import RialArchive

/// Adds an RFC 3161 token to a signed verification receipt (`schema/SPEC.md` §18.3), as
/// `rial timestamp request` and `attach` do for a sealed package: the token covers the SHA-256
/// of the receipt signature's value, and is stored beside the report as `R.json.tsr` (its TSA
/// chain as `R.json.tsa-chain.pem`). The report and its signature are never changed.
public struct ReceiptStamper: Sendable {
    /// The receipt's report, `R.json`.
    public let report: String

    /// - Parameter report: the receipt's report, `R.json`; its signature is beside it.
    public init(report: String) {
        self.report = report
    }

    /// Whether `path` is a receipt's report rather than a package: a file that starts with `{`
    /// (a tar archive never does) with a signature beside it.
    public static func isReceipt(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            stat(ReceiptLayout.signature(of: path), &info) == 0,
            let head = try? FileChunkReader.readHead(path: path, count: 64)
        else { return false }
        return head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// The receipt's signature, once it is shown to sign the exact bytes of the report.
    /// - Throws: ``AmenderError`` `.unreadableSeal`, `.sealMismatch`.
    package func verifiedSignature() throws -> DetachedSignature {
        let reportBytes: [UInt8], signatureBytes: [UInt8]
        do {
            reportBytes = try FileChunkReader.readAll(path: report, limit: ReceiptLayout.maxReportBytes)
            signatureBytes = try FileChunkReader.readAll(path: ReceiptLayout.signature(of: report), limit: ReceiptLayout.maxSidecarBytes)
        } catch {
            throw AmenderError(.unreadableSeal, "the receipt \(report) or its signature cannot be read", cause: error)
        }
        let signature: DetachedSignature
        do {
            signature = try DetachedSignature(der: signatureBytes)
        } catch {
            throw AmenderError(.unreadableSeal, "the receipt's signature \(ReceiptLayout.signature(of: report)) cannot be read", cause: error)
        }
        guard let digest = try? StreamingDigest.digest(.sha256, of: reportBytes), signature.signsContent(sha256: digest),
            signature.signatureVerifies()
        else {
            throw AmenderError(
                .sealMismatch,
                "the receipt's signature does not sign \(report) as it stands: the report was edited after it was signed; check it with rial receipt verify")
        }
        return signature
    }

    /// A request over the SHA-256 of the receipt signature's value, with a random nonce.
    /// - Returns: the request and the receipt's signer.
    /// - Throws: as ``verifiedSignature()``, or `.writeFailed`.
    public func makeTimestampRequest() throws -> (request: TimeStampRequest, signer: String) {
        let signature = try verifiedSignature()
        do {
            return (try TimeStampRequest(sha256Imprint: StreamingDigest.digest(.sha256, of: signature.signatureValue)), signature.signer.subject)
        } catch {
            throw AmenderError(.writeFailed, "could not make a timestamp request for \(report)", cause: error)
        }
    }

    /// Stores the TSA's response beside the receipt.
    /// - Parameter replacing: replace a token already there (`--force`).
    /// - Returns: the token's genTime and serial.
    /// - Throws: ``AmenderError`` `.invalidToken`, `.unreadableSeal`, `.sealMismatch`, `.tokenNotSHA256`,
    ///   `.tokenMismatch`, `.invalidRequest`, `.nonceMismatch`, `.alreadyPresent`, `.writeFailed`.
    public func attachTimestamp(_ token: TimestampToken, replacing: Bool) throws -> (genTime: Timestamp, serialHex: String) {
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(der: token.response)
        } catch {
            throw AmenderError(.invalidToken, "the response is not a granted RFC 3161 response", cause: error)
        }
        let signature = try verifiedSignature()
        guard response.imprintIsSHA256 else {
            throw AmenderError(.tokenNotSHA256, "the token's imprint uses \(response.imprintAlgorithm), not SHA-256")
        }
        guard let expected = try? StreamingDigest.digest(.sha256, of: signature.signatureValue), response.imprint == expected else {
            throw AmenderError(.tokenMismatch, "the token timestamps other bytes than the signature of the receipt \(report)")
        }
        try token.checkNonce(of: response)
        let tokenPath = ReceiptLayout.token(of: report), chainPath = ReceiptLayout.tsaChain(of: report)
        var existing = stat()
        if !replacing, stat(tokenPath, &existing) == 0 {
            throw AmenderError(.alreadyPresent, "the receipt already has a token, \(tokenPath); --force replaces it")
        }
        do {
            // The chain first: a token is never beside another token's chain.
            if let chain = token.tsaChain {
                try FileWriter.writeAtomically(chain, to: chainPath, existing: .replace)
            } else {
                FileWriter.remove(chainPath)
            }
            try FileWriter.writeAtomically(token.response, to: tokenPath, existing: replacing ? .replace : .refuse)
        } catch {
            throw AmenderError(.writeFailed, "cannot write the token beside \(report)", cause: error)
        }
        return (Timestamp(seconds: response.genTime), response.serialHex)
    }
}
