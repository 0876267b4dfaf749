import RialFormat

/// What ``Packager`` wrote.
public struct PackageSummary: Sendable {
    public let output: String
    public let packageID: PackageID
    public let created: Timestamp
    /// SHA-256 of `rial/manifest.json`, the package's fingerprint.
    public let manifestSHA256: String
    public let payloadFileCount: Int
    public let payloadBytes: UInt64
    /// Size of the `.rialpkg` file.
    public let archiveBytes: UInt64
    /// The seal's signer (RFC 2253 subject) when the package was sealed.
    public var signer: String? = nil
    /// What the package discloses, when it withholds anything.
    public var privacy: PrivacyLevels? = nil
    public var hashOnly = false
    /// Bag paths of the capture's files left out.
    public var withheld: [String] = []
}
