import RialCrypto
import RialVerifier

/// A time-stamping authority's answer, as attached to a sealed package.
public struct TimestampToken: Sendable, Hashable {
    /// The DER `TimeStampResp`, stored byte for byte as `rial/seal/manifest.tsr`.
    public var response: [UInt8]
    /// Certificates, PEM, that help build the TSA's chain, stored as `rial/seal/tsa-chain.pem`.
    public var tsaChain: [UInt8]?
    /// The DER `TimeStampReq` the response answers; when given, the nonces must match.
    public var request: [UInt8]?

    /// - Parameters:
    ///   - response: the DER `TimeStampResp` from the TSA.
    ///   - tsaChain: the TSA's certificate chain, PEM.
    ///   - request: the DER request it answers, to check the nonce.
    public init(response: [UInt8], tsaChain: [UInt8]? = nil, request: [UInt8]? = nil) {
        self.response = response
        self.tsaChain = tsaChain
        self.request = request
    }
}

extension TimestampToken {
    /// Holds the response to the request it answers, when one was given: the nonces must be
    /// the same, or the response answers another request.
    /// - Throws: ``AmenderError`` `.invalidRequest`, `.nonceMismatch`.
    func checkNonce(of response: TimeStampResponse, report: VerificationReport? = nil) throws {
        guard let request else { return }
        let nonce: String?
        do {
            nonce = try TimeStampRequest.nonceHex(ofRequest: request)
        } catch {
            throw AmenderError(.invalidRequest, "the request is not an RFC 3161 request", cause: error, report: report)
        }
        guard nonce == response.nonceHex else {
            throw AmenderError(.nonceMismatch, "the token's nonce \(response.nonceHex ?? "(none)") is not the request's \(nonce ?? "(none)")", report: report)
        }
    }
}
