import RialCrypto
import RialFormat

/// One file of revocation evidence to staple into a package (`--revocation`, `schema/SPEC.md`
/// §14.11): CRLs, one OCSP response, or certificates (intermediates), stored as
/// `rial/seal/revocation/SHA256.crl|.ocsp|.crt`, named by the SHA-256 of its bytes so the same
/// evidence stapled twice is one file, and a name says what it holds.
///
/// The bytes are stored as given. Nothing here vouches for them: each protects itself by its
/// issuer's signature, which the verifier checks before it uses them.
public struct RevocationStaple: Sendable, Equatable {
    /// The path in the package, `rial/seal/revocation/SHA256.EXT`.
    public let path: String
    /// The file's bytes, as given.
    public let bytes: [UInt8]
    /// What it holds, in words: "a CRL issued by …".
    public let reading: String

    /// The largest file stapled: what a verifier reads of one file (64 MiB), so no stapled file
    /// is one the verifier cannot read.
    public static let sizeLimit = PackageLayout.maxParsedFileBytes

    /// Reads `bytes` as CRLs, else an OCSP response, else certificates (PEM or DER).
    /// - Parameter source: the file, for messages.
    /// - Throws: ``AmenderError`` `.invalidRevocation` when it is none of them or too large.
    public init(bytes: [UInt8], source: String) throws {
        guard UInt64(bytes.count) <= Self.sizeLimit else {
            throw AmenderError(.invalidRevocation, "\(source) is larger than \(Self.sizeLimit >> 20) MiB, more than a verifier reads of one file")
        }
        let digest: String
        do {
            digest = Hex.encode(try StreamingDigest.digest(.sha256, of: bytes))
        } catch {
            throw AmenderError(.invalidRevocation, "cannot take the SHA-256 of \(source)", cause: error)
        }
        let (kind, reading): (String, String)
        if let lists = try? CertificateRevocationList.load(bytes, source: source) {
            (kind, reading) = ("crl", lists.count == 1 ? "a CRL issued by \(lists[0].issuer)" : "\(lists.count) CRLs")
        } else if (try? OCSPResponse(bytes, source: source)) != nil {
            (kind, reading) = ("ocsp", "an OCSP response")
        } else if let certificates = Self.certificates(bytes, source: source), !certificates.isEmpty {
            (kind, reading) = ("crt", certificates.count == 1 ? "the certificate of \(certificates[0].subject)" : "\(certificates.count) certificates")
        } else {
            throw AmenderError(.invalidRevocation, "\(source) is neither CRLs (PEM or DER), an OCSP response (DER or PEM) nor certificates (PEM or DER)")
        }
        path = PackageLayout.revocationDirectory + digest + "." + kind
        self.bytes = bytes
        self.reading = reading
    }

    private static func certificates(_ bytes: [UInt8], source: String) -> [Certificate]? {
        if bytes.starts(with: Array("-----BEGIN".utf8)) { return try? Certificate.load(pem: bytes, source: source) }
        return (try? Certificate(der: bytes)).map { [$0] }
    }

    /// The sentence a custody event adds to its details, naming what it stapled: an examiner
    /// reads it under the event's signature.
    static func record(_ staples: [RevocationStaple]) -> String {
        guard !staples.isEmpty else { return "" }
        return "; stapled revocation evidence: " + staples.map(\.path).joined(separator: ", ")
    }
}
