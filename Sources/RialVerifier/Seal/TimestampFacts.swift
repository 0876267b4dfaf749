import RialFormat
import RialCrypto

/// What is known about the RFC 3161 token over the seal (`rial/seal/manifest.tsr`),
/// established once while the context is built: the token's parsed fields, the certificates
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
    private(set) var reading = Reading.absent
    /// `rial/seal/tsa-chain.pem`, parsed (empty when absent).
    private(set) var chain: Result<[Certificate], any Error> = .success([])
    /// The SHA-256 of the seal's signature value: what the token's imprint must be.
    private(set) var expectedImprint: [UInt8] = []
    /// Why the imprint could not be computed: OpenSSL failed on this machine, so nothing about
    /// the token can be judged (NOT CHECKED, never a mismatch).
    private(set) var imprintFailure: CryptoError?
    /// The TSA's certificate; `nil` until the imprint is known to match.
    private(set) var signer: Result<Certificate?, CryptoError>?
    /// Whether the token's signature verifies under the signer's key.
    private(set) var signatureVerifies: Result<Bool, CryptoError>?
    /// OpenSSL's RFC 3161 verification short of trust (signature and ESS binding): its reason to reject.
    private(set) var signerOnlyProblem: Result<String?, CryptoError>?
    /// The TSA's chain to the TSA anchors at genTime, for time stamping.
    private(set) var tsaChain: Result<TrustStore.Outcome, CryptoError>?
    /// OpenSSL's RFC 3161 verification with the anchors, once the chain is trusted.
    private(set) var anchoredProblem: Result<String?, CryptoError>?

    init(_ context: VerificationContext, seal: DetachedSignature?, crypto: any VerifierCrypto) {
        let path = PackageLayout.sealTimestamp
        otherTokens = context.inventory.files.keys.filter { PackageLayout.isTimestampResponse($0) && $0 != path }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        isRequired = context.policy.requiresTimestamp
        hasAnchors = !context.policy.timestampAnchors.isEmpty
        verificationTime = context.verificationTime
        packageCreated = context.parsedManifest?.created
        hasSeal = seal != nil
        guard context.has(path) else { return }
        guard let seal, let bytes = context.bytes(path), !bytes.isEmpty else { reading = .unreadable; return }
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(der: bytes)
        } catch {
            switch error {
            case .malformed(let why): reading = .malformed(why)
            case .notGranted(let why): reading = .notGranted(why)
            }
            return
        }
        reading = .parsed(response)
        if let pem = context.bytes(PackageLayout.sealTimestampChain) {
            chain = Result { try Certificate.load(pem: pem, source: PackageLayout.sealTimestampChain) }
        }
        do {
            expectedImprint = try StreamingDigest.digest(.sha256, of: seal.signatureValue)
        } catch {
            imprintFailure = error as? CryptoError ?? CryptoError(.openSSLFailure, "SHA-256 of the seal's signature value failed", cause: error)
            return
        }
        guard case .success(let extra) = chain, response.imprintIsSHA256, response.imprint == expectedImprint else { return }
        establishSignature(response, extra: extra, anchors: context.policy.timestampAnchors, crypto: crypto)
    }

    /// The token's signer, signature, OpenSSL's verdict and the TSA's chain, each only when the
    /// one before it holds.
    private mutating func establishSignature(_ response: TimeStampResponse, extra: [Certificate], anchors: [Certificate], crypto: any VerifierCrypto) {
        signer = Result { () throws(CryptoError) -> Certificate? in try crypto.signer(of: response, extra: extra) }
        guard case .success(let tsa?)? = signer else { return }
        signatureVerifies = Result { () throws(CryptoError) -> Bool in try crypto.signatureVerifies(response, extra: extra) }
        guard case .success(true)? = signatureVerifies else { return }
        let intermediates = response.embeddedCertificates + extra
        let imprint = expectedImprint
        signerOnlyProblem = Result { () throws(CryptoError) -> String? in
            try crypto.problem(with: response, anchors: [tsa], intermediates: intermediates, imprint: imprint, signerOnly: true)
        }
        guard case .success(nil)? = signerOnlyProblem, !anchors.isEmpty else { return }
        tsaChain = Result { () throws(CryptoError) -> TrustStore.Outcome in
            try crypto.validate(tsa, in: TrustStore(anchors: anchors), intermediates: intermediates, at: response.genTime, purpose: .timeStamping)
        }
        guard case .success(.trusted)? = tsaChain else { return }
        anchoredProblem = Result { () throws(CryptoError) -> String? in
            try crypto.problem(with: response, anchors: anchors, intermediates: intermediates, imprint: imprint, signerOnly: false)
        }
    }
}
