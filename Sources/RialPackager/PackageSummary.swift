import RialFormat

/// What ``Packager`` wrote.
public struct PackageSummary: Sendable {
    /// The package file written.
    public let output: String
    /// The package id, also its top-level directory.
    public let packageID: PackageID
    /// The creation time `rial/manifest.json` states.
    public let created: Timestamp
    /// SHA-256 of `rial/manifest.json`, the package's fingerprint.
    public let manifestSHA256: String
    /// How many files are under `data/`.
    public let payloadFileCount: Int
    /// Their size together.
    public let payloadBytes: UInt64
    /// Size of the `.rialpkg` file.
    public let archiveBytes: UInt64
    /// The seal's signer (RFC 2253 subject) when the package was sealed.
    public var signer: String? = nil
    /// What the package discloses, when it withholds anything.
    public var privacy: PrivacyLevels? = nil
    /// Whether the media was left out (`--hash-only`).
    public var hashOnly = false
    /// Bag paths of the capture's files left out.
    public var withheld: [String] = []
    /// How the capture directory was read: its layout, and which file became what.
    public var plan: CapturePlan? = nil
    /// What packing preserved as received that verification will judge: the app's custody
    /// log out of order, and with `keepAsReceived` app digests that do not match the media,
    /// media that is not media by its bytes, app files that cannot be read or imported.
    public var warnings: [String] = []
    /// What packing found worth saying that verification does not fail: the app's media found
    /// by content under another name than the one its manifest gives.
    public var notes: [String] = []
    /// Whether the app's recorded SHA-256 and SHA-512 were held against the media.
    public var appDigestsChecked = false
    /// Whether they matched it (meaningful when ``appDigestsChecked``): `false` only for an
    /// export packed `--keep-as-received` whose media is not what the app hashed.
    public var appDigestsMatch = true
}
