import RialFormat
import RialCrypto
@testable import RialVerifier

/// A package held as bytes in memory, and the ``Inventory`` the scanner would make of it,
/// with no disk I/O: every file hashed with SHA-256 and SHA-512 here, the bytes of tag files
/// and of the small payload JSON files kept as ``PackageScanner`` keeps them.
///
/// ``package(appended:sealedBy:)`` makes a consistent minimal package (InventoryBuilder+Package.swift);
/// the edit helpers (InventoryBuilder+Custody.swift) then change one thing. By default the
/// tag manifests are recomputed when the inventory is made, as an attacker who rewrites them
/// would (`tamper.py --cover`), so a finding is about the edit and not about a stale tag manifest.
struct InventoryBuilder {
    /// The package's top-level directory; `nil` as for a plain bag.
    var rootName: String? = "test-pkg"
    /// Every regular file, by bag-relative path.
    var files: [String: [UInt8]] = [:]
    /// Files whose bytes the scanner would not keep: too large for its limits.
    var unkept: Set<String> = []
    /// Whether ``inventory()`` rewrites `tagmanifest-sha256.txt` and `tagmanifest-sha512.txt` to
    /// cover the tag files as they are.
    var coversTagManifests = true
    /// The structural findings the scanner would have made on the way (a link, a duplicate
    /// entry), handed to ``LayoutCheck`` as they are.
    var findings: [CheckResult] = []

    /// The inventory of the files as they are now.
    func inventory() -> Inventory {
        var inventory = Inventory()
        inventory.rootName = rootName
        inventory.findings = findings
        var all = files
        if coversTagManifests { all.merge(Self.tagManifests(of: files)) { _, new in new } }
        for (path, bytes) in all {
            inventory.files[path] = Inventory.File(path: path, size: UInt64(bytes.count), digests: Self.digests(of: bytes))
            let isParsed = !path.hasPrefix("data/") || PackageLayout.isParsedPayload(path)
            if isParsed, !unkept.contains(path) { inventory.tagFileBytes[path] = bytes }
            var directory = path
            while let slash = directory.lastIndex(of: "/") {
                directory = String(directory[..<slash])
                inventory.directories.insert(directory)
            }
        }
        return inventory
    }

    /// The verification context the verifier builds from the inventory.
    func context(
        policy: VerificationPolicy = VerificationPolicy(), at time: Timestamp = Self.verificationTime,
        limits: VerificationLimits = VerificationLimits(), profile: VerificationContext.Profile = .package,
        crypto: any VerifierCrypto = OpenSSLCrypto()
    ) -> VerificationContext {
        VerificationContext(inventory: inventory(), profile: profile, verificationTime: time, policy: policy, limits: limits, crypto: crypto)
    }

    /// The time checks are judged at unless a test says otherwise: after every event the
    /// builder makes, within the test certificates' validity.
    static let verificationTime = Timestamp(seconds: 1_772_323_200)  // 2026-03-01T00:00:00Z

    /// Lowercase hex SHA-256 and SHA-512, as the scanner computes them.
    static func digests(of bytes: [UInt8]) -> [DigestAlgorithm: String] {
        [.sha256: sha256(bytes), .sha512: Hex.encode(Self.digest(.sha512, bytes))]
    }

    /// Lowercase hex SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> String { Hex.encode(digest(.sha256, bytes)) }

    private static func digest(_ algorithm: DigestAlgorithm, _ bytes: [UInt8]) -> [UInt8] {
        // OpenSSL does not fail to hash bytes in memory; a failure here is a broken test machine.
        guard let digest = try? StreamingDigest.digest(algorithm, of: bytes) else { fatalError("\(algorithm) failed") }
        return digest
    }

    /// The tag manifests over every other tag file.
    static func tagManifests(of files: [String: [UInt8]]) -> [String: [UInt8]] {
        let tags = files.filter { !$0.key.hasPrefix("data/") && !PackageLayout.tagManifests.contains($0.key) }
        var manifests: [String: [UInt8]] = [:]
        for algorithm in [DigestAlgorithm.sha256, .sha512] {
            let entries = tags.map { BagManifest.Entry(path: $0.key, digest: Hex.encode(digest(algorithm, $0.value))) }
            manifests["tagmanifest-\(algorithm.rawValue).txt"] = BagManifest(algorithm: algorithm.rawValue, entries: entries).bytes()
        }
        return manifests
    }
}
