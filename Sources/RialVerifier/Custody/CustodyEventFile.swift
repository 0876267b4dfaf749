import RialFormat

/// One event file of the custody log as read: its seq from the file name, its bytes, its
/// SHA-256 from the scan, and the strict parse, done once.
struct CustodyEventFile {
    let seq: Int64
    let path: String
    /// `nil` when the file was not kept for reading (too large for the verifier's limits).
    let bytes: [UInt8]?
    let sha256: String?
    /// The strict parse; `nil` when there were no bytes.
    let parsed: Result<CustodyEvent, FormatError>?

    var event: CustodyEvent? { try? parsed?.get() }

    init(seq: Int64, path: String, inventory: Inventory, documents: ParsedDocuments) {
        self.seq = seq
        self.path = path
        bytes = inventory.tagFileBytes[path]
        sha256 = inventory.files[path]?.digests[.sha256]
        parsed = documents.read(path) { json throws(FormatError) in try CustodyEvent(json: json, path: path) }
    }
}
