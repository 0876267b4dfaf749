/// Where everything lives inside a package's top-level directory, and in which order the
/// writer emits it. `schema/SPEC.md` §3 is the normative text; this is its one source in code.
package enum PackageLayout {
    package static let formatName = "rialpkg"
    package static let formatVersion = "1.0"
    /// The package file extension, without the dot.
    package static let fileExtension = "rialpkg"

    package static let bagDeclaration = "bagit.txt"
    package static let bagInfo = "bag-info.txt"
    package static let readme = "README.txt"
    package static let payloadManifests = ["manifest-sha256.txt", "manifest-sha512.txt"]
    package static let tagManifests = ["tagmanifest-sha256.txt", "tagmanifest-sha512.txt"]

    package static let manifest = "rial/manifest.json"
    package static let chain = "rial/chain.json"
    package static let depthIndex = "rial/depth.json"
    /// rial's normalised, schema'd view of the capture's metadata (`schema/SPEC.md` §16).
    package static let metadata = "rial/metadata.json"
    /// The hash-only payload `rial pack --hash-only` builds (the hash-only payload design's format).
    package static let hashOnlyPayload = "rial/hash_only_payload.json"
    /// Appended after packing, protected by their own links (later format revisions).
    package static let custodyDirectory = "rial/custody/"
    package static let sealDirectory = "rial/seal/"
    /// The seal: a detached CMS signature over the exact bytes of ``manifest``.
    package static let seal = "rial/seal/manifest.p7s"
    /// The RFC 3161 timestamp response over the seal's signature value.
    package static let sealTimestamp = "rial/seal/manifest.tsr"
    /// Certificates that help build the TSA's chain (never anchors).
    package static let sealTimestampChain = "rial/seal/tsa-chain.pem"
    /// Revocation evidence stapled at sealing and after (`--revocation`, `schema/SPEC.md` §14.11):
    /// each file named by the SHA-256 of its bytes, `.crl`, `.ocsp` or `.crt`.
    package static let revocationDirectory = "rial/seal/revocation/"
    /// RFC 4998 evidence records renewing the seal's timestamp (`schema/SPEC.md` §14.12): one
    /// complete record per renewal, `NNNNNN.ers`, each extending the one before (nothing in a
    /// package is replaced, so a renewal adds the next file).
    package static let renewalDirectory = "rial/seal/renewal/"

    /// The evidence record file of renewal `number` (1…999 999).
    package static func renewalRecord(_ number: Int) -> String {
        let digits = String(number)
        return renewalDirectory + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".ers"
    }

    /// The renewal number of `path` when it is a well-named evidence record (`NNNNNN.ers`, at least 1).
    package static func renewalNumber(_ path: String) -> Int? {
        guard path.hasPrefix(renewalDirectory), path.hasSuffix(".ers") else { return nil }
        let name = path.dropFirst(renewalDirectory.count).dropLast(4)
        guard name.count == 6, name.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(name), number >= 1 else { return nil }
        return number
    }

    package static let mediaDirectory = "data/media/"
    package static let depthDirectory = "data/depth/"
    package static let framesDirectory = "data/frames/"
    package static let captureAppDirectory = "data/capture/"
    /// The capture app's client-side depth analysis (`DepthAnalysisResult`), kept verbatim.
    package static let appDepthAnalysis = "data/capture/depth_analysis.json"
    /// The capture descriptor (`capture.json` at the capture's root), kept verbatim.
    package static let captureDescriptor = "data/capture.json"

    /// The largest file a verifier reads into memory to parse (tag files, the capture's JSON
    /// files): 64 MiB, about 300,000 frames of `rial/chain.json` (2.8 h at 30 fps). The
    /// packer refuses to write a larger one, so it never makes a package its verifier rejects.
    package static let maxParsedFileBytes: UInt64 = 64 << 20
    /// The most a verifier holds of all such files together.
    package static let maxParsedTotalBytes: UInt64 = 256 << 20
    /// The most memory their parsed trees may take together, as the parser estimates it
    /// (`JSONBudget`): with the kept bytes above and the verifier's own, under 512 MiB.
    package static let maxParsedJSONBytes = 192 << 20

    /// Whether a payload file is small JSON the verifier parses to cross-check claims: the
    /// capture descriptor and the capture app's JSON files.
    package static func isParsedPayload(_ path: String) -> Bool {
        path == captureDescriptor || (path.hasPrefix(captureAppDirectory) && path.hasSuffix(".json"))
    }

    /// Whether `path` is a timestamp response under `rial/seal/` (only ``sealTimestamp`` is
    /// defined; others are reported, never ignored).
    package static func isTimestampResponse(_ path: String) -> Bool {
        path.hasPrefix(sealDirectory) && path.hasSuffix(".tsr")
    }

    /// Whether `path` is one of the seal's files, which the seal and timestamp checks examine.
    package static func isSealFile(_ path: String) -> Bool {
        path == seal || path == sealTimestampChain || isTimestampResponse(path) || isStapledRevocation(path) || path.hasPrefix(renewalDirectory)
    }

    /// Whether `path` is under ``revocationDirectory`` (whatever its name: the check names a bad one).
    package static func isStapledRevocation(_ path: String) -> Bool {
        path.hasPrefix(revocationDirectory) && path.utf8.count > revocationDirectory.utf8.count
    }

    /// Whether `path` (relative to the bag) is appended after sealing and so stands outside
    /// `rial/manifest.json`.
    package static func isAppendedLater(_ path: String) -> Bool {
        path.hasPrefix(custodyDirectory) || path.hasPrefix(sealDirectory)
    }

    /// Whether `path` must not be listed in `rial/manifest.json`: the manifest itself, the tag
    /// manifests (they change when custody is appended) and what is appended later.
    package static func isOutsideManifest(_ path: String) -> Bool {
        path == manifest || tagManifests.contains(path) || isAppendedLater(path)
    }
}
