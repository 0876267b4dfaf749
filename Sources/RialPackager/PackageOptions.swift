import RialFormat

/// What to package and how.
public struct PackageOptions: Sendable {
    /// The capture directory (`schema/SPEC.md` §2).
    public var captureDirectory: String
    /// Where to write the `.rialpkg` file.
    public var output: String
    /// The package id; derived from the capture and ``created`` when `nil`.
    public var packageID: PackageID?
    /// The package's creation time: the manifest's `created`, the bag's `Bagging-Date`, every
    /// entry's mtime. The current time when `nil`.
    public var created: Timestamp?
    /// Replace an existing output file.
    public var overwrite: Bool
    /// Extra `bag-info.txt` fields, e.g. `Bag-Group-Identifier` for a case number.
    public var bagInfoFields: [BagInfo.Field]
    /// Seals the package (`rial/seal/manifest.p7s`) when set.
    public var sealer: Sealer?
    /// Who packages, for the custody log's PACKAGED event; with a sealer, the certificate's
    /// CN and O by default; without either, rial names itself.
    public var custodyActor: CustodyActor?
    /// Where the packaging happened, for the PACKAGED event.
    public var custodyLocation: String?
    /// What the package discloses of the capture's location, time and device
    /// (`schema/SPEC.md` §16); `nil` discloses everything (or, with ``hashOnly``, what the
    /// capture app's own payload disclosed).
    public var privacy: PrivacyLevels?
    /// Withhold the media, raw depth maps and frame material; name the media by its SHA-256 in
    /// a seed-001 payload.
    public var hashOnly: Bool = false
    /// Package an export whose forensic manifest does not describe its media (`schema/SPEC.md`
    /// §2.2) as received, instead of refusing it: verification then fails it.
    public var keepAsReceived: Bool = false
    /// Read each media file with the confined media probe before packing it and refuse one
    /// verification would fail as `media.unreadable` or `media.unsupported` (`rial pack` does,
    /// unless `--no-examine-media`). A filtered package (``privacy``) always examines its media.
    public var examinesMedia: Bool = false

    /// Options with the defaults `rial pack` uses: a derived package id, the current time, not sealed.
    public init(
        captureDirectory: String, output: String, packageID: PackageID? = nil, created: Timestamp? = nil,
        overwrite: Bool = false, bagInfoFields: [BagInfo.Field] = [], sealer: Sealer? = nil,
        custodyActor: CustodyActor? = nil, custodyLocation: String? = nil
    ) {
        self.custodyActor = custodyActor
        self.custodyLocation = custodyLocation
        self.sealer = sealer
        self.captureDirectory = captureDirectory
        self.output = output
        self.packageID = packageID
        self.created = created
        self.overwrite = overwrite
        self.bagInfoFields = bagInfoFields
    }

    /// Labels the packager writes itself; a caller may not set them.
    public static let reservedBagInfoLabels: Set<String> = BagInfo.reservedLabels
}
