import RialFormat
import RialCrypto
import RialArchive

/// The custody log `rial pack` begins (`schema/SPEC.md` §15.4): the capture app's events,
/// imported in order from its `custody_log.json`, then a PACKAGED event. All are made from
/// the final `rial/manifest.json`, so they follow the payload in the archive.
struct PackagingCustody {
    /// The capture app's log, read and checked before anything is written.
    let appLog: AppCustodyLog
    /// SHA-256 of the app's log as read here; the payload copy must hash the same.
    let appLogSHA256: String?
    /// Where the app's log sits in the package.
    let appLogPath: String?
    /// What the verifier will judge in the app's log (out of order, after `created`): packing
    /// preserves first, and says so.
    let warnings: [String]
    let recorder: CustodyRecorder
    let actor: CustodyActor
    let location: String?

    /// Reads the app's log from the capture and settles the PACKAGED event's actor.
    /// - Parameter keepAsReceived: an app log whose entries cannot become events is carried as
    ///   received, its events not imported, rather than refused.
    /// - Throws: ``PackagerError`` `.invalidCapture` for an app log that cannot be read, or whose
    ///   entries cannot become events unless `keepAsReceived`; `.invalidOption` for an unusable actor.
    init(capture: CaptureDirectory, created: Timestamp, actor given: CustodyActor?, location: String?, signer: Sealer?, keepAsReceived: Bool = false) throws {
        recorder = CustodyRecorder(signer: signer)
        actor = try recorder.actor(given ?? (signer == nil ? Self.toolActor : nil))
        self.location = location
        guard let file = capture.appFile(.custodyLog) else {
            appLog = try AppCustodyLog(json: .array([]))
            appLogSHA256 = nil
            appLogPath = nil
            warnings = []
            return
        }
        appLogPath = file.bagPath.rawValue
        var warnings: [String] = []
        let bytes: [UInt8]
        do {
            bytes = try FileChunkReader.readAll(path: file.sourcePath, limit: PackageLayout.maxParsedFileBytes)
            appLogSHA256 = Hex.encode(try StreamingDigest.digest(.sha256, of: bytes))
        } catch {
            throw PackagerError(.invalidCapture, "cannot read \(file.sourcePath)", cause: error)
        }
        do {
            appLog = try AppCustodyLog(json: StrictJSONParser.parse(bytes), source: file.bagPath.rawValue)
        } catch {
            // The log stays in the payload byte for byte; only its import is given up.
            warnings.append(
                try ReceivedContentProblem(
                    "\(file.sourcePath) cannot begin the package's custody log (schema/SPEC.md §15.4): \(error.reason)",
                    whenKept: "it is carried byte for byte, its events are not imported, and the package's log begins with PACKAGED",
                    reportedAs: "custody.import.unreadable", cause: error
                ).resolve(keepAsReceived: keepAsReceived))
            appLog = try AppCustodyLog(json: .array([]))
        }
        // Carried as written; the verifier judges the order (schema/SPEC.md §15.6).
        var previous: Timestamp?
        for (index, entry) in appLog.entries.enumerated() {
            if let previous, entry.timestamp < previous {
                warnings.append(
                    "\(file.sourcePath): entry \(index + 1) (\(entry.timestamp.rfc3339)) is earlier than the entry before it; packed as written, verification will fail the custody log's order"
                )
            }
            previous = entry.timestamp
        }
        if let last = previous, last > created {
            warnings.append(
                "\(file.sourcePath): its last event (\(last.rfc3339)) is after the package's creation time \(created.rfc3339); packed as written, verification will fail the custody log's order (check --created and the device clock)"
            )
        }
        self.warnings = warnings
    }

    /// Without a name or a certificate, the PACKAGED event says only that rial did it.
    static let toolActor = CustodyActor(name: "rial \(RialToolkit.version)", role: "packaging tool, no person named")

    /// The paths the log will have, for the archive's layout.
    var paths: [String] {
        (1...Int64(appLog.entries.count + 1)).flatMap { seq in
            let event = CustodyLogLayout.eventPath(seq: seq)
            return seq == Int64(appLog.entries.count + 1) && recorder.signer != nil ? [event, CustodyLogLayout.signaturePath(seq: seq)] : [event]
        }
    }

    /// The event files, linked from `manifest`.
    func files(manifest: [UInt8], packageID: PackageID, created: Timestamp, payloadFiles: Int, payloadBytes: UInt64) throws -> [PackageFile] {
        let manifestSHA256 = Hex.encode(try StreamingDigest.digest(.sha256, of: manifest))
        var previous = manifestSHA256
        var files: [PackageFile] = []
        func add(_ event: CustodyEvent, signed: Bool) throws {
            let made = try (signed ? recorder : CustodyRecorder(signer: nil)).files(for: event)
            previous = Hex.encode(try StreamingDigest.digest(.sha256, of: made[0].bytes))
            files += made
        }
        for (index, entry) in appLog.entries.enumerated() {
            let seq = Int64(index + 1)
            try add(
                CustodyEvent(
                    seq: seq, id: try CustodyRecorder.derivedID(manifestSHA256: manifestSHA256, seq: seq), timestamp: entry.timestamp,
                    action: entry.eventAction, actor: AppCustodyLog.actor(for: entry), details: entry.details, packageID: packageID,
                    previous: previous, imported: AppCustodyLog.importRecord(source: appLogPath ?? AppCustodyLog.path, index: seq, entry: entry)),
                signed: false)
        }
        let seq = Int64(appLog.entries.count + 1)
        let details = "packaged \(payloadFiles) payload files (\(payloadBytes) bytes) with rial \(RialToolkit.version)"
        try add(
            CustodyEvent(
                seq: seq, id: try CustodyRecorder.derivedID(manifestSHA256: manifestSHA256, seq: seq), timestamp: created,
                action: .packaged, actor: actor, details: details, location: location, packageID: packageID, previous: previous),
            signed: true)
        return files
    }
}
