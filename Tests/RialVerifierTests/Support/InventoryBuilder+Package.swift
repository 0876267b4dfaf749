import RialFormat
import RialCrypto
@testable import RialVerifier

extension InventoryBuilder {
    static let packageID = "test-pkg"
    /// The package's creation time, and so the PACKAGED event's.
    static let created = Timestamp(seconds: 1_768_478_400)  // 2026-01-15T12:00:00Z
    /// The media file the minimal package carries.
    static let mediaPath = "data/media/clip.mov"
    /// Its bytes.
    static let mediaBytes = Array("not really a movie, but bytes to hash".utf8)
    /// The capture app's five events, a minute apart, the hour before packaging.
    static let appLogEntries: [(action: CustodyAction, details: String)] = [
        (.recordingStart, "Recording started"), (.recordingComplete, "Recording stopped"),
        (.hashGenerationComplete, "Hashes computed"), (.timestampVerificationComplete, "Timestamp verified"),
        (.manifestCreated, "Manifest created"),
    ]
    /// The seq of the PACKAGED event: right after the capture app's events (a package that
    /// withholds the app's custody log imports none, and its log begins with PACKAGED at 1).
    static let packagedSeq = Int64(appLogEntries.count + 1)

    /// A consistent minimal package, as `rial pack` writes one: `bagit.txt`, `bag-info.txt`, a
    /// media file and the capture app's custody log as payload, both payload manifests,
    /// `rial/manifest.json` listing all of them, the tag manifests, and a custody log of the
    /// app's five events imported (ids derived as rial pack derives them) and a PACKAGED event
    /// at the creation time.
    /// - Parameters:
    ///   - extra: further files packed with it (metadata files, say), by path: listed in the
    ///     manifests like the rest, before the custody log links to the manifest.
    ///   - withheld: paths of the minimal package's own files left out, as a filtered package
    ///     withholds its media or the app's custody log (a withheld app log is not imported:
    ///     the package's custody log then begins with PACKAGED).
    ///   - sealer: seals the manifest and signs the PACKAGED event, as `rial pack --key`
    ///     does; `nil` for an unsealed package whose PACKAGED event names the tool.
    static func package(adding extra: [String: [UInt8]] = [:], withholding withheld: Set<String> = [], sealedBy sealer: TestIdentity? = nil) throws
        -> InventoryBuilder
    {
        var builder = InventoryBuilder()
        builder.files[PackageLayout.bagDeclaration] = BagDeclaration.current.bytes()
        builder.files[mediaPath] = mediaBytes
        builder.files[AppCustodyLog.path] = JSONWriter.bytes(
            .array(
                appLogEntries.enumerated().map { index, entry in
                    .object([
                        "timestamp": .string(appTime(index + 1).rfc3339), "action": .string(entry.action.rawValue),
                        "details": .string(entry.details), "userIdentifier": .string("device-7"),
                    ])
                }))
        builder.files.merge(extra) { _, new in new }
        for path in withheld { builder.files[path] = nil }
        var info = BagInfo()
        info.append("Payload-Oxum", "0.0")  // stated by recomputeManifests
        info.append("Bagging-Date", created.dayString)
        info.append("External-Identifier", packageID)
        info.append("Bag-Software-Agent", RialToolkit.bagSoftwareAgent)
        builder.files[PackageLayout.bagInfo] = info.bytes()
        try builder.recomputeManifests()
        try builder.beginCustodyLog(packagedBy: sealer)
        if let sealer { try builder.seal(by: sealer) }
        return builder
    }

    /// The time of the capture app's entry `entry` (1-based).
    static func appTime(_ entry: Int) -> Timestamp { Timestamp(seconds: created.seconds - 3_600 + Int64(entry) * 60) }

    /// The actor of an unsigned PACKAGED event: the tool, no person named.
    static let toolActor = CustodyActor(name: "rial \(RialToolkit.version)", role: "packaging tool, no person named")

    /// The SHA-256 of `rial/manifest.json` as it is now.
    var manifestSHA256: String { Self.sha256(files[PackageLayout.manifest] ?? []) }

    /// The imported events and PACKAGED, linked from the manifest.
    private mutating func beginCustodyLog(packagedBy signer: TestIdentity?) throws {
        let manifestSHA256 = manifestSHA256
        let packageID = try PackageID(Self.packageID)
        var previous = manifestSHA256
        func id(_ seq: Int64) throws -> String {
            guard let id = try CustodyEvent.derivedID(manifestSHA256: manifestSHA256, seq: seq, sha256: { try StreamingDigest.digest(.sha256, of: $0) }) else {
                throw BuilderError("no id derived for event \(seq)")
            }
            return id
        }
        // A withheld app log is neither read nor imported (schema/SPEC.md §16.4).
        let imported = files[AppCustodyLog.path] == nil ? [] : Self.appLogEntries
        for (index, entry) in imported.enumerated() {
            let seq = Int64(index + 1)
            let event = CustodyEvent(
                seq: seq, id: try id(seq), timestamp: Self.appTime(index + 1), action: entry.action,
                actor: CustodyActor(name: "capture device", role: "capture app", identifier: "device-7"),
                details: entry.details, packageID: packageID, previous: previous,
                imported: .init(source: AppCustodyLog.path, entry: seq))
            previous = try write(event, signedBy: nil)
        }
        let packagedSeq = Int64(imported.count + 1)
        let packaged = CustodyEvent(
            seq: packagedSeq, id: try id(packagedSeq), timestamp: Self.created, action: .packaged,
            actor: signer?.actor ?? Self.toolActor, details: "packaged 2 payload files with rial \(RialToolkit.version)",
            packageID: packageID, previous: previous)
        _ = try write(packaged, signedBy: signer)
    }

    /// Seals `rial/manifest.json` as it is now.
    mutating func seal(by identity: TestIdentity) throws {
        files[PackageLayout.seal] = try identity.sign(files[PackageLayout.manifest] ?? [])
    }
}
