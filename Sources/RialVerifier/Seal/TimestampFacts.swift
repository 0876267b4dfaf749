import RialFormat
import RialCrypto

/// What is known about the RFC 3161 token over the seal (`rial/seal/manifest.tsr`),
/// established once, when a check first asks (``TimestampProvider``): the token's parsed fields, the certificates
/// beside it, whether its imprint is the SHA-256 of the seal's signature value, and the
/// outcomes of OpenSSL's checks (signer, signature, its own RFC 3161 verification, the TSA's
/// chain at genTime). Each cryptographic fact is established only when the ones before it
/// hold; ``TimestampVerdict`` is the rule over them, ``TimestampCheck`` words it.
struct TimestampFacts {
    enum Reading {
        case absent
        /// Empty, or too large to have been kept.
        case unreadable
        case malformed(String)
        case notGranted(String)
        case parsed(TimeStampResponse)
    }

    /// Timestamp responses under another name than `rial/seal/manifest.tsr`, sorted.
    let otherTokens: [String]
    let isRequired: Bool
    /// Whether the verifier gave TSA anchors (`--tsa-trust`).
    let hasAnchors: Bool
    let verificationTime: Timestamp
    /// When the manifest says the package was created, when it parsed.
    let packageCreated: Timestamp?
    /// Whether there is a parsed seal signature for the token to cover.
    let hasSeal: Bool
    /// Whether the package carries `rial/seal/tsa-chain.pem`, which only a token needs.
    let hasChainFile: Bool
    private(set) var reading = Reading.absent
    /// `rial/seal/tsa-chain.pem`, parsed (empty when absent).
    private(set) var chain: Result<[Certificate], any Error> = .success([])
    /// The SHA-256 of the seal's signature value: what the token's imprint must be.
    private(set) var expectedImprint: [UInt8] = []
    /// Why the imprint could not be computed: OpenSSL failed on this machine, so nothing about
    /// the token can be judged (NOT CHECKED, never a mismatch).
    private(set) var imprintFailure: CryptoError?
    /// The outcomes of OpenSSL's operations on the token; `nil` until the imprint is known to match.
    private(set) var operations: TokenSignatureFacts?
    /// The revocation of the TSA's chain at genTime, when the chain is trusted.
    private(set) var revocation: RevocationFacts?

    /// The TSA's certificate; `nil` until the imprint is known to match.
    var signer: Result<Certificate?, CryptoError>? { operations?.signer }
    /// Whether the token's signature verifies under the signer's key.
    var signatureVerifies: Result<Bool, CryptoError>? { operations?.signatureVerifies }
    /// OpenSSL's RFC 3161 verification short of trust (signature and ESS binding): its reason to reject.
    var signerOnlyProblem: Result<String?, CryptoError>? { operations?.signerOnlyProblem }

    init(_ context: VerificationContext, seal: DetachedSignature?, crypto: any VerifierCrypto) {
        let path = PackageLayout.sealTimestamp
        otherTokens = context.inventory.files.keys.filter { PackageLayout.isTimestampResponse($0) && $0 != path }
            .sorted(by: UTF8Order.precedes)
        isRequired = context.policy.requiresTimestamp
        hasAnchors = !context.policy.timestampAnchors.isEmpty
        verificationTime = context.verificationTime
        packageCreated = context.parsedManifest?.created
        hasSeal = seal != nil
        hasChainFile = context.has(PackageLayout.sealTimestampChain)
        guard context.has(path) else { return }
        guard let seal, let bytes = context.bytes(path), !bytes.isEmpty else { reading = .unreadable; return }
        let chainPEM = context.bytes(PackageLayout.sealTimestampChain)
        guard
            let response = establish(
                bytes, asResponseOnly: true, chainPEM: chainPEM, chainName: PackageLayout.sealTimestampChain,
                signatureValue: seal.signatureValue, extra: context.stapledRevocation.certificates,
                anchors: context.policy.timestampAnchors, crypto: crypto)
        else { return }
        if case .success(.trusted(let chain))? = operations?.tsaChain {
            // A token is the TSA's own word for its time: RFC 3161 §4 keeps one made before a
            // revocation for another reason than key compromise valid, and no other.
            let time = RevocationTime(seconds: response.genTime, isProven: true, basis: "the token's genTime")
            revocation = RevocationFacts(
                role: "the TSA", chain: chain, time: time, evidence: context.revocationEvidence,
                anchors: context.policy.timestampAnchors, compromiseFailsAtAnyDate: true)
        }
    }

    /// The facts about a token beside a signed receipt (`R.json.tsr`, `schema/SPEC.md` §18.4):
    /// judged by the same rule as the seal's, its imprint the SHA-256 of the receipt signature's
    /// value. Revocation of the TSA is not judged here (no evidence is given for a receipt).
    /// - Parameters:
    ///   - bytes: the token file; `nil` when absent, empty when unreadable.
    ///   - chainPEM: the TSA chain beside it, when present.
    ///   - signature: the receipt's signature, when it parsed.
    ///   - created: when the report says it was made: a token cannot predate it.
    init(
        receiptToken bytes: [UInt8]?, chainPEM: [UInt8]?, chainName: String, signature: DetachedSignature?, anchors: [Certificate],
        verificationTime: Timestamp, created: Timestamp?, crypto: any VerifierCrypto
    ) {
        otherTokens = []
        isRequired = false
        hasAnchors = !anchors.isEmpty
        self.verificationTime = verificationTime
        packageCreated = created
        hasSeal = signature != nil
        hasChainFile = chainPEM != nil
        guard let bytes else { return }
        guard let signature, !bytes.isEmpty else { reading = .unreadable; return }
        _ = establish(
            bytes, asResponseOnly: false, chainPEM: chainPEM, chainName: chainName, signatureValue: signature.signatureValue,
            extra: [], anchors: anchors, crypto: crypto)
    }

    /// Parses the token, reads the chain beside it, computes the imprint it must have (the
    /// SHA-256 of the signature value it covers) and, when it has it, runs OpenSSL's operations;
    /// the seal's and a receipt's token alike.
    /// - Parameter asResponseOnly: take only a `TimeStampResp` (the seal's), not a bare token too.
    /// - Returns: the token, once its operations were run.
    private mutating func establish(
        _ bytes: [UInt8], asResponseOnly: Bool, chainPEM: [UInt8]?, chainName: String, signatureValue: [UInt8],
        extra: [Certificate], anchors: [Certificate], crypto: any VerifierCrypto
    ) -> TimeStampResponse? {
        let response: TimeStampResponse
        do {
            response = asResponseOnly ? try TimeStampResponse(der: bytes) : try TimeStampResponse(responseOrToken: bytes)
        } catch {
            switch error {
            case .malformed(let why): reading = .malformed(why)
            case .notGranted(let why): reading = .notGranted(why)
            }
            return nil
        }
        reading = .parsed(response)
        if let chainPEM { chain = Result { try Certificate.load(pem: chainPEM, source: chainName) } }
        do {
            expectedImprint = try StreamingDigest.digest(.sha256, of: signatureValue)
        } catch {
            imprintFailure = error as? CryptoError ?? CryptoError(.openSSLFailure, "SHA-256 of the signature value failed", cause: error)
            return nil
        }
        guard case .success(let beside) = chain, response.imprintIsSHA256, response.imprint == expectedImprint else { return nil }
        operations = TokenSignatureFacts(response, extra: beside + extra, anchors: anchors, imprint: expectedImprint, crypto: crypto)
        return response
    }

    /// Whether the TSA's chain was revoked before genTime (or for key compromise at any date).
    var isTSARevoked: Bool {
        guard let revocation else { return false }
        return RevocationVerdict(revocation).isRevoked
    }

    /// The summary for the report's header: as ``TimestampVerdict`` says, but `invalid` when the
    /// TSA was revoked, so no header calls a revoked TSA's time trusted.
    var summary: TimestampSummary {
        let summary = TimestampVerdict(self).summary
        guard isTSARevoked else { return summary }
        return TimestampSummary(
            state: .invalid, genTime: summary.genTime, genTimeText: summary.genTimeText, serial: summary.serial,
            policy: summary.policy, tsaSubject: summary.tsaSubject, tsaSerial: summary.tsaSerial, tsaFingerprint: summary.tsaFingerprint)
    }

    /// genTime when the token is valid, its TSA trusted and not revoked before it: the time the
    /// seal's certificates are judged at.
    var trustedGenTime: Int64? {
        isTSARevoked ? nil : TimestampVerdict(self).trustedGenTime
    }
}
