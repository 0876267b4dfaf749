import RialFormat

/// Which keys of each of the capture app's files a check answers, and which rial carries without
/// one (`schema/SPEC.md` §8.5 check 14c), so that the report names every key no check reads
/// instead of dropping it: the import line of a custody log with an extra `editedBy` must not
/// read as "everything matched".
///
/// Keys are JSON paths from the file (`location.lat`, `checkpoints[].timestamp`, `[].details`),
/// array indices written `[]`. A key whose path, or an ancestor's, is `answered` is judged by a
/// check whose result names it; a key in `carried` is read but held against nothing, for the
/// reason given; any other key is one the file's format, as rial reads it, does not define.
enum AppKeyCoverage {
    /// The keys a check answers, per kind (an entry answers its descendants too).
    static func answered(_ kind: AppFileKind) -> Set<String> {
        switch kind {
        case .forensicManifest:
            // app.media.*, app.timestamp… (each naming timestampTokens[i]), app.clock.
            return ["fileName", "fileSize", "sha256Hash", "sha512Hash", "timestampTokens[].token", "createdAt"]
        case .custodyLog:
            // custody.import, entry by entry.
            return ["[].timestamp", "[].action", "[].details", "[].userIdentifier"]
        case .hashChain:
            // app.chain (and metadata.chain-final, metadata.frame-count against it).
            return ["frameHashes", "finalHash", "checkpoints[].index", "checkpoints[].frameNumber", "checkpoints[].hash"]
        case .metadata:
            // metadata.* (§16.5) and media.* (§8.5 check 15a).
            return [
                "type", "started_at", "ended_at", "duration_ms", "frame_count", "depth_keyframe_count", "resolution",
                "codec", "hash_chain_final", "depth_resolution", "attestation_level", "assertion",
                // media.location, media.device-model (a result whether or not the media answers);
                // media.start-time (a photo's captured_at against its EXIF time).
                "location", "device_model", "captured_at",
            ]
        case .hashOnlyPayload:
            // metadata.* on the payload, metadata.payload.*, privacy (its flags and filtered claims).
            return ["captureMode", "mediaHash", "mediaType", "metadataFlags", "assertion", "hashChain", "durationMs", "frameCount"]
        case .depthAnalysis:
            return []
        case .authenticationBundle:
            // app.bundle.*, each naming its key.
            return Set(AppAuthenticationBundle.keys)
        }
    }

    /// Keys read (or carried) and held against nothing, with why; a key not listed here nor
    /// answered is one the format does not define.
    static func carried(_ kind: AppFileKind) -> [String: String] {
        switch kind {
        case .forensicManifest:
            let clock = "the app's own clock statement (app.clock): not checkable offline"
            return [
                "timestampTokens[].authority": "the TSA as the app names it: informative; the token's signer is what is judged",
                "timestampTokens[].requestedAt": "when the app asked the TSA: read for its form only, held against no other time",
                "verifiedTimestamp.ntpServer": clock, "verifiedTimestamp.ntpTime": clock,
                "verifiedTimestamp.localTime": clock, "verifiedTimestamp.timeDifference": clock,
            ]
        case .custodyLog:
            return [:]
        case .hashChain:
            return ["checkpoints[].timestamp": "the frame's capture time as the app states it: not part of the hash, held against nothing"]
        case .metadata:
            return [
                "ios_version": "the app's statement, which nothing in the package can confirm: carried, audited only for privacy (§16.6)",
                "app_version": "the app's statement, which nothing in the package can confirm: carried, audited only for privacy (§16.6)",
            ]
        case .hashOnlyPayload:
            let statement =
                "the app's filtered statement, copied into rial/metadata.json and audited against the privacy levels (§16.6), held against nothing in the evidence"
            return [
                "capturedAt": "the capture time: \(statement)", "metadata": statement,
                "depthAnalysis": "the app's own analysis of its depth map: copied into rial/metadata.json, not recomputed from the depth map",
            ]
        case .depthAnalysis:
            return [
                "":
                    "the app's own analysis of its depth map: copied into rial/metadata.json (metadata.view compares the copy), not recomputed from the depth map"
            ]
        case .authenticationBundle:
            return [:]
        }
    }

    /// Whether unknown keys of `kind` are already named by a result of their own
    /// (`app.manifest.unread-keys`), so this audit leaves them out.
    static func namesUnknownElsewhere(_ kind: AppFileKind) -> Bool { kind == .forensicManifest }

    /// Every key path of `json`, in document order: `key`, `key.sub`, `key[3].sub`, `[0].key`.
    static func keyPaths(_ json: JSONValue, prefix: String = "") -> [String] {
        var paths: [String] = []
        var stack: [(JSONValue, String)] = [(json, prefix)]
        // Iterative, in order: the files are the app's, up to 64 MiB and 64 levels deep.
        while let (value, path) = stack.popLast() {
            var children: [(JSONValue, String)] = []
            switch value {
            case .object(let object):
                for entry in object.entries {
                    let child = path.isEmpty ? entry.key : path + "." + entry.key
                    paths.append(child)
                    children.append((entry.value, child))
                }
            case .array(let array):
                for (index, element) in array.enumerated() { children.append((element, "\(path)[\(index)]")) }
            default: break
            }
            stack.append(contentsOf: children.reversed())
        }
        return paths
    }

    /// A path with its array indices written `[]`: `checkpoints[3].hash` → `checkpoints[].hash`.
    static func pattern(_ path: String) -> String {
        var out = ""
        var inIndex = false
        for character in path {
            if character == "[" { inIndex = true; out.append("[]") } else if character == "]" { inIndex = false } else if !inIndex { out.append(character) }
        }
        return out
    }

    /// The pattern itself and each of its ancestors (`a.b[].c` → `a.b[].c`, `a.b[]`, `a.b`, `a`).
    static func lineage(_ pattern: String) -> [String] {
        var found = [pattern]
        var current = Substring(pattern)
        while let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) {
            current = current[..<cut]
            if !current.isEmpty { found.append(String(current)) }
        }
        return found
    }
}
