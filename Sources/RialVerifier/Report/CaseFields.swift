import RialFormat

/// The case as `bag-info.txt` describes it: the fields the person packing gave (`rial pack
/// --case`, `--organization`, `--description`, `--info`), every one but the reserved fields
/// the packer writes itself (`schema/SPEC.md` §5.2).
///
/// These are statements of the package, not findings: the fingerprint and the seal cover
/// them (§3.4), so they are as trustworthy as the verdict on `bag-info.txt`.
public struct CaseFields: Sendable {
    /// The non-reserved fields, in file order; a label may repeat.
    public let fields: [BagInfo.Field]

    /// The fields of `info` a person gave.
    init(_ info: BagInfo) {
        fields = info.fields.filter { !BagInfo.reservedLabels.contains($0.label.lowercased()) }
    }

    /// `Bag-Group-Identifier`, the case number; the first when repeated.
    public var caseNumber: String? { first("Bag-Group-Identifier") }
    /// `Source-Organization`, the organisation that made the package; the first when repeated.
    public var organisation: String? { first("Source-Organization") }
    /// `External-Description`; the first when repeated.
    public var externalDescription: String? { first("External-Description") }

    private func first(_ label: String) -> String? {
        fields.first { $0.label.lowercased() == label.lowercased() }?.value
    }
}
