import RialFormat
import RialCrypto

/// What is known about one RFC 3161 token the capture app stored in its forensic manifest
/// (`timestampTokens[i]`, `schema/SPEC.md` §8.5.1), established once, when a check first
/// asks (``TimestampProvider``): the token read, what its imprint is held against (the media's digest, already
/// computed with the inventory), and the outcomes of OpenSSL's operations on it
/// (``TokenSignatureFacts``, the seal's token's own). ``AppTimestampVerdict`` is the rule
/// over them, ``AppTimestampCheck`` words it.
///
/// Only the verifier's `--tsa-trust` anchors are anchors: the certificates the token carries
/// are offered as intermediates and never vouch for the token.
struct AppTokenFacts {
    enum Reading {
        /// Not a DER TimeStampResp or TimeStampToken, or a part of it that cannot be read.
        case malformed(String)
        /// A response that grants no token.
        case notGranted(String)
        case parsed(TimeStampResponse)
    }

    /// What the token's imprint is held against.
    enum Imprint {
        /// The media's digest in the imprint's algorithm, lowercase hex.
        case media(path: String, algorithm: DigestAlgorithm, expected: String)
        /// Why there is nothing to hold it against: the media is not in the input, the
        /// algorithm is not SHA-256 or SHA-512, or the media's digest in it was not computed.
        case notCheckable(String)

        /// Whether the imprint is known to be of other bytes than the media.
        func isMismatch(_ response: TimeStampResponse) -> Bool {
            if case .media(_, _, let expected) = self { return Hex.encode(response.imprint) != expected }
            return false
        }
    }

    /// The token's place in the manifest's `timestampTokens`.
    let index: Int
    /// The TSA as the app names it (a URL); informative only.
    let authority: String
    let reading: Reading
    /// `nil` when the token was not read.
    let imprint: Imprint?
    /// OpenSSL's operations; `nil` when the token was not read or its imprint is of other bytes.
    let operations: TokenSignatureFacts?
    /// Whether the verifier gave TSA anchors (`--tsa-trust`).
    let hasAnchors: Bool

    /// How the token is named in messages: `timestampTokens[i]`.
    var label: String { "timestampTokens[\(index)]" }

    /// - Parameters:
    ///   - mediaPath: the media the manifest names, when the input holds it.
    ///   - digests: the media's digests, as the inventory computed them.
    ///   - missingMedia: why there is no media to hold the imprint against, when `mediaPath` is `nil`.
    init(
        _ token: AppForensicManifest.Token, index: Int, mediaPath: String?, digests: [DigestAlgorithm: String],
        anchors: [Certificate], crypto: any VerifierCrypto, missingMedia: String = "the media the forensic manifest names is not in the package"
    ) {
        self.index = index
        authority = token.authority
        hasAnchors = !anchors.isEmpty
        if let problem = token.encodingProblem {
            reading = .malformed(problem)
            imprint = nil
            operations = nil
            return
        }
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(responseOrToken: token.der)
        } catch {
            switch error {
            case .malformed(let why): reading = .malformed(why)
            case .notGranted(let why): reading = .notGranted(why)
            }
            imprint = nil
            operations = nil
            return
        }
        reading = .parsed(response)
        let imprint = Self.imprint(of: response, mediaPath: mediaPath, digests: digests, missingMedia: missingMedia)
        self.imprint = imprint
        // As for the seal's token, nothing more is established about a token over other bytes.
        guard !imprint.isMismatch(response) else { operations = nil; return }
        // OpenSSL compares the imprint itself with the media's digest; with nothing to hold it
        // against, it is given the token's own, so that it still checks the signature and the
        // ESS binding, and the imprint stays NOT CHECKED.
        var expected = response.imprint
        if case .media(_, _, let digest) = imprint, let bytes = Hex.decode(digest) { expected = bytes }
        operations = TokenSignatureFacts(response, extra: [], anchors: anchors, imprint: expected, crypto: crypto)
    }

    /// Every token of the context's forensic manifest, in order; none when it has none or did not parse.
    static func all(_ context: VerificationContext, crypto: any VerifierCrypto) -> [AppTokenFacts] {
        guard let manifest = context.parsedAppManifest else { return [] }
        let mediaPath = context.appMediaPath
        let digests = mediaPath.flatMap { context.inventory.files[$0]?.digests } ?? [:]
        // Said as it is: only a hash-only package withholds its media by design.
        let missing =
            context.metadataSources?.isHashOnly == true
            ? "the package withholds its media (hash-only)"
            : "the media the forensic manifest names, \(manifest.fileName), is not in the package, and no media file has the SHA-256 or SHA-512 it records"
        return manifest.tokens.enumerated().map { index, token in
            AppTokenFacts(
                token, index: index, mediaPath: mediaPath, digests: digests, anchors: context.policy.timestampAnchors, crypto: crypto,
                missingMedia: missing)
        }
    }

    private static func imprint(of response: TimeStampResponse, mediaPath: String?, digests: [DigestAlgorithm: String], missingMedia: String) -> Imprint {
        guard let algorithm = response.imprintDigest, algorithm == .sha256 || algorithm == .sha512 else {
            let name = response.imprintDigest.map { "\($0.displayName), " } ?? ""
            return .notCheckable(
                "the imprint's algorithm is \(name)\(response.imprintAlgorithm); rial holds an app token against the media's SHA-256 or SHA-512 only")
        }
        guard let mediaPath else {
            return .notCheckable("\(missingMedia), so nothing shows what the token covers")
        }
        guard let expected = digests[algorithm] else {
            return .notCheckable("the \(algorithm.displayName) of \(mediaPath) was not computed")
        }
        return .media(path: mediaPath, algorithm: algorithm, expected: expected)
    }
}
