import RialCrypto
import RialVerifier

/// What ``PackageAmender/makeTimestampRequest(progress:)`` made; the package is unchanged.
public struct TimestampRequestReceipt: Sendable {
    /// The verification the request rests on; it passed.
    public let report: VerificationReport
    /// The request, for the TSA: its DER bytes and nonce.
    public let request: TimeStampRequest
    /// The seal's signer, whose signature value the request is over (certificate subject, RFC 2253).
    public let sealSigner: String
}
