import RialFormat

/// The custody log (`rial/custody/`) as read from the package, parsed once: its event files in
/// seq order, their signature files, what does not belong, and the capture app's own log. The
/// custody checks judge this value; none of them reads the inventory's custody files again.
struct CustodyLog {
    /// What the directory holds, before any event is judged.
    enum Extent {
        /// No event file: the log was stripped, or another tool made the package.
        case missing
        /// More events than the verifier judges (``VerificationLimits/maxCustodyEvents``).
        case overLimit(count: Int, limit: Int)
        /// Event files to judge, in ``CustodyLog/files``.
        case events
    }

    let extent: Extent
    /// Event files in seq order; empty unless ``extent`` is `.events`.
    let files: [CustodyEventFile]
    /// Where each seq's file is in ``files``: rules look events up by seq for every finding.
    private let indexBySeq: [Int64: Int]
    /// Signature files by the seq of the event they sign.
    let signaturePaths: [Int64: String]
    /// Files under `rial/custody/` that are neither an event nor a signature.
    let unexpectedFiles: [String]
    /// Signatures whose event is not in the log, by seq.
    let orphanSignatures: [(seq: Int64, path: String)]
    /// The capture app's log (`data/capture/custody_log.json`): `nil` when the package has
    /// none, else its entries or why it cannot be read.
    let appLog: Result<[AppCustodyLog.Entry], FormatError>?
    /// Where the app's log is (recognised as `rial pack` recognised it, §2.2).
    let appLogPath: String

    /// Reads the log from the inventory; `nil` for a plain bag, which has no custody log.
    init?(
        inventory: Inventory, documents: ParsedDocuments, profile: VerificationContext.Profile, hasManifest: Bool, limits: VerificationLimits,
        appLogPath: String
    ) {
        guard profile == .package || hasManifest else { return nil }
        var events: [Int64: String] = [:]
        var signatures: [Int64: String] = [:]
        var unexpected: [String] = []
        let paths = inventory.files.keys.filter { $0.hasPrefix(PackageLayout.custodyDirectory) }
            .sorted(by: UTF8Order.precedes)
        for path in paths {
            switch CustodyLogLayout.parse(path) {
            case (let seq, .event)?: events[seq] = path
            case (let seq, .signature)?: signatures[seq] = path
            case nil: unexpected.append(path)
            }
        }
        signaturePaths = signatures
        unexpectedFiles = unexpected
        orphanSignatures = signatures.sorted { $0.key < $1.key }.filter { events[$0.key] == nil }.map { (seq: $0.key, path: $0.value) }
        self.appLogPath = appLogPath
        appLog = Self.readAppLog(inventory, documents: documents, path: appLogPath)
        if events.isEmpty {
            extent = .missing
            files = []
        } else if events.count > limits.maxCustodyEvents {
            extent = .overLimit(count: events.count, limit: limits.maxCustodyEvents)
            files = []
        } else {
            extent = .events
            files = events.sorted { $0.key < $1.key }.map { CustodyEventFile(seq: $0.key, path: $0.value, inventory: inventory, documents: documents) }
        }
        indexBySeq = Dictionary(files.enumerated().map { ($0.element.seq, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The event file with `seq`, when the log has it.
    func file(seq: Int64) -> CustodyEventFile? {
        indexBySeq[seq].map { files[$0] }
    }

    /// Warnings for events appended with `--force` to a package that did not pass.
    var forcedWarnings: [String] {
        files.compactMap { file in
            file.event?.forced.map { forced in
                "custody event \(file.seq) was appended with --force to a package whose verification then gave \(forced.verdict) (\(forced.failedChecks.joined(separator: ", ")))"
            }
        }
    }

    private static func readAppLog(_ inventory: Inventory, documents: ParsedDocuments, path: String) -> Result<[AppCustodyLog.Entry], FormatError>? {
        guard inventory.files[path] != nil else { return nil }
        let source = String(path.split(separator: "/").last ?? "")
        return documents.read(path) { json throws(FormatError) in try AppCustodyLog(json: json, source: source).entries }
            ?? .failure(FormatError(.limitExceeded, "too large to read"))
    }
}
