/// A fact a check may need, established by a provider the first time a check asks for it,
/// and kept for every later ask. A check names the facts it reads in
/// ``VerificationCheck/needs``; asking for one it does not name still works, but a test
/// (`FactNeedsTests`) runs every check alone and holds what it caused to be computed to what it
/// declared, so a check that does not need the seal can never make OpenSSL run.
///
/// What every check may read without naming it is the base the context establishes before any
/// check runs: the inventory, the JSON documents parsed within their budget, the recognised app
/// files, the profile, the time, the policy and the stapled revocation evidence.
enum Fact: Hashable, CaseIterable, Sendable {
    /// The encoding `bagit.txt` declares for the other tag files (``BagInfoProvider``).
    case tagEncoding
    /// `bag-info.txt`, parsed (``BagInfoProvider``).
    case bagInfo
    /// The payload and tag manifests, each parsed once however many checks read it
    /// (``BagInfoProvider``).
    case bagManifests
    /// `rial/manifest.json`, parsed (``RialDocumentProvider``).
    case rialManifest
    /// `rial/chain.json`, parsed (``RialDocumentProvider``).
    case frameChain
    /// `rial/depth.json`, parsed (``RialDocumentProvider``).
    case depthIndex
    /// The capture app's forensic manifest and hash chain, parsed (``CaptureAppProvider``).
    case appDocuments
    /// The metadata files, parsed (``CaptureAppProvider``).
    case metadata
    /// The capture app's RFC 3161 tokens, established with OpenSSL (``TimestampProvider``).
    case appTokens
    /// The seal's signature over the manifest, verified with OpenSSL (``SealProvider``).
    case sealSignature
    /// The RFC 3161 token over the seal's signature, established with OpenSSL (``TimestampProvider``).
    case timestamp
    /// The renewal of that token by evidence records (``TimestampProvider``).
    case renewal
    /// The seal's signer judged at the timestamp's trusted genTime (``SealProvider``).
    case seal
    /// The custody log, read (``CustodyProvider``).
    case custodyLog
    /// Each custody event's signature, established with OpenSSL (``CustodyProvider``).
    case custodySignatures
    /// The `--media` copy, hashed: reads a file that may be many GiB (``MediaProvider``).
    case externalMedia
    /// What the media libraries say each media file is: waits for the probes (``MediaProvider``).
    case media

    /// The facts this one is computed from: asking for it computes them first. Kept here,
    /// beside the providers' code that follows it, so the order in which facts depend on each
    /// other is read in one place: the seal's trust needs the timestamp's trusted genTime
    /// (RFC 3161 Appendix B), the timestamp needs the seal's signature value (its imprint),
    /// the custody signatures need the log.
    var dependencies: Set<Fact> {
        switch self {
        case .tagEncoding, .rialManifest, .frameChain, .depthIndex, .appDocuments, .metadata, .custodyLog: []
        case .bagInfo, .bagManifests: [.tagEncoding]
        case .appTokens: [.appDocuments, .metadata]
        case .sealSignature: []
        case .timestamp: [.sealSignature, .rialManifest]
        case .renewal: [.timestamp]
        case .seal: [.sealSignature, .timestamp]
        case .custodySignatures: [.custodyLog]
        case .externalMedia, .media: [.rialManifest]
        }
    }

    /// `facts` and everything they are computed from.
    static func closure(_ facts: Set<Fact>) -> Set<Fact> {
        var out = facts
        var pending = Array(facts)
        while let fact = pending.popLast() {
            for dependency in fact.dependencies where out.insert(dependency).inserted { pending.append(dependency) }
        }
        return out
    }
}
