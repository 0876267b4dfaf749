/// What one of the capture app's exported files is (`schema/SPEC.md` §2.2), recognised by
/// content first and by name second, the same way by packer and verifier.
package enum AppFileKind: String, Sendable, CaseIterable, Comparable {
    /// `recording_<n>.manifest.json`: the media's digests, the NTP check, RFC 3161 tokens.
    case forensicManifest = "forensic_manifest"
    /// `custody_log.json`: the app's chain-of-custody events.
    case custodyLog = "custody_log"
    /// `hash_chain.json`: the frame hash chain the app computed (HashChainData).
    case hashChain = "hash_chain"
    /// `metadata.json`: VideoMetadata or the photo's record.
    case metadata
    /// `hash_only_payload.json`: the privacy-mode payload.
    case hashOnlyPayload = "hash_only_payload"
    /// `depth_analysis.json`: the app's DepthAnalysisResult.
    case depthAnalysis = "depth_analysis"
    /// `authentication_bundle.json`: the authentication bundle another capture app of this
    /// family sends its server (the security review; ``AppAuthenticationBundle``).
    case authenticationBundle = "authentication_bundle"

    package static func < (lhs: AppFileKind, rhs: AppFileKind) -> Bool { lhs.rank < rhs.rank }

    /// The order of §2.2, in which ambiguities and readings are reported.
    private var rank: Int {
        switch self {
        case .forensicManifest: return 0
        case .custodyLog: return 1
        case .hashChain: return 2
        case .metadata: return 3
        case .hashOnlyPayload: return 4
        case .depthAnalysis: return 5
        case .authenticationBundle: return 6
        }
    }

    /// The name rial's own capture layout gives the file under `app/`, and the suffix the
    /// app's export adds to `recording_<n>` (the manifest has no rial-layout name of its own).
    package var fileName: String {
        switch self {
        case .forensicManifest: return "manifest.json"
        case .custodyLog: return "custody_log.json"
        case .hashChain: return "hash_chain.json"
        case .metadata: return "metadata.json"
        case .hashOnlyPayload: return "hash_only_payload.json"
        case .depthAnalysis: return "depth_analysis.json"
        case .authenticationBundle: return "authentication_bundle.json"
        }
    }

    /// How a person calls it, for mappings and messages.
    package var title: String {
        switch self {
        case .forensicManifest: return "the app's forensic manifest (media digests, RFC 3161 tokens)"
        case .custodyLog: return "the app's custody log"
        case .hashChain: return "the app's frame hash chain"
        case .metadata: return "the app's capture metadata"
        case .hashOnlyPayload: return "the app's hash-only payload"
        case .depthAnalysis: return "the app's depth analysis"
        case .authenticationBundle: return "the app's authentication bundle (image hash, encrypted token, device digest)"
        }
    }

    /// The kind a file's name announces: `metadata.json` or `<anything>.metadata.json`, and so
    /// on; `<anything>.manifest.json` for the forensic manifest.
    package static func named(_ name: String) -> AppFileKind? {
        for kind in allCases {
            if (kind != .forensicManifest && name == kind.fileName) || name.hasSuffix("." + kind.fileName) { return kind }
        }
        return nil
    }

    /// The kind a parsed JSON document's shape shows, or `nil` for none of them:
    /// - an array whose elements are all objects holding `action` (an empty one included):
    ///   the custody log;
    /// - an object holding `sha256Hash` or `sha512Hash`: the forensic manifest;
    /// - `frameHashes`: the hash chain; `captureMode`: the hash-only payload;
    /// - `type` with `started_at`, `ended_at` or `captured_at`: the metadata;
    /// - `depthVariance` with `isLikelyRealScene`: the depth analysis;
    /// - `image_hash` with `device_signature`: the authentication bundle.
    package static func shaped(_ json: JSONValue) -> AppFileKind? {
        if let array = json.arrayValue {
            return array.allSatisfy({ $0.objectValue?["action"] != nil }) ? .custodyLog : nil
        }
        guard let object = json.objectValue else { return nil }
        if object["sha256Hash"] != nil || object["sha512Hash"] != nil { return .forensicManifest }
        if object["frameHashes"] != nil { return .hashChain }
        if object["captureMode"] != nil { return .hashOnlyPayload }
        if object["type"] != nil, object["started_at"] != nil || object["ended_at"] != nil || object["captured_at"] != nil { return .metadata }
        if object["depthVariance"] != nil, object["isLikelyRealScene"] != nil { return .depthAnalysis }
        if AppAuthenticationBundle.isShaped(object) { return .authenticationBundle }
        return nil
    }
}
