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

    public init(captureDirectory: String, output: String, packageID: PackageID? = nil, created: Timestamp? = nil,
                overwrite: Bool = false, bagInfoFields: [BagInfo.Field] = [], sealer: Sealer? = nil,
                custodyActor: CustodyActor? = nil, custodyLocation: String? = nil) {
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
    public static let reservedBagInfoLabels: Set<String> = [
        "payload-oxum", "bagging-date", "external-identifier", "bag-software-agent", "bag-size",
    ]
}
