import RialFormat

/// The times the capture app's tokens and statements are held against (`schema/SPEC.md`
/// §8.5.1, §8.5.2): when the recording started and ended, as the app's metadata and its own
/// custody log state them; when the app wrote its forensic manifest (`createdAt`); when the
/// package was made. Each bound names where it is stated.
struct AppCaptureWindow {
    struct Bound {
        let time: Timestamp
        /// Where the time is stated, for messages.
        let source: String
        /// What the time is, for messages: "the recording ended", "the recording started".
        var event = "the recording ended"
    }

    /// When the recording ended: the app metadata's `ended_at`, else the time of the app's
    /// first RECORDING_COMPLETE; `nil` when neither is stated.
    let end: Bound?
    /// When the recording started: the app metadata's `started_at` (a photo's `captured_at`),
    /// else the time of the app's first RECORDING_START; `nil` when neither is stated.
    let start: Bound?
    /// When the app wrote the forensic manifest that holds the tokens: its `createdAt`.
    let manifestCreated: Bound?
    /// When the package was made: `created` of `rial/manifest.json`, else the PACKAGED event's time.
    let packaged: Bound?
    /// How far the app says its clock was from NTP time, in seconds, when it says so.
    let clockOffset: Double?

    /// The earliest time a token over the finished media can bear: the end, else the start
    /// (the media cannot have been stamped before it began either); `nil` when no time is stated.
    var earliest: Bound? { end ?? start }

    init(_ context: VerificationContext) {
        let events = context.custodyLog?.files.compactMap(\.event) ?? []
        func appEvent(_ action: CustodyAction) -> Bound? { Self.appEvent(action, context) }
        let metadata = context.metadataSources?.parsedApp
        let metadataPath = context.appPath(.metadata)
        if let ended = metadata?.endedAt {
            end = Bound(time: ended, source: "ended_at of \(metadataPath)")
        } else if let complete = appEvent(.recordingComplete) {
            end = complete
        } else {
            end = nil
        }
        if let started = metadata?.captureTime {
            start = Bound(
                time: started, source: "\(metadata?.type == "photo" ? "captured_at" : "started_at") of \(metadataPath)",
                event: metadata?.type == "photo" ? "the photo was taken" : "the recording started")
        } else if let recording = appEvent(.recordingStart) {
            start = recording
        } else {
            start = nil
        }
        if let path = context.appFiles[.forensicManifest], let created = context.parsedAppManifest?.createdAt {
            manifestCreated = Bound(time: created.timestamp, source: "createdAt of \(path)", event: "the app wrote its forensic manifest")
        } else {
            manifestCreated = nil
        }
        if let created = context.parsedManifest?.created {
            packaged = Bound(time: created, source: "created of \(PackageLayout.manifest)")
        } else if let event = events.first(where: { $0.action == .packaged }) {
            packaged = Bound(time: event.timestamp, source: "the PACKAGED event (seq \(event.seq))")
        } else {
            packaged = nil
        }
        clockOffset = context.parsedAppManifest?.clockCheck?.timeDifference
    }

    /// The app's first entry of `action` (RECORDING_START or RECORDING_COMPLETE), from its own
    /// custody log as the package carries it, else from the events rial imported from it.
    static func appEvent(_ action: CustodyAction, _ context: VerificationContext) -> Bound? {
        let event = action == .recordingStart ? "the recording started" : "the recording ended"
        let logPath = context.custodyLog?.appLogPath ?? context.appPath(.custodyLog)
        if case .success(let entries)? = context.custodyLog?.appLog, let index = entries.firstIndex(where: { $0.action == action }) {
            return Bound(time: entries[index].timestamp, source: "\(action.rawValue), entry \(index + 1) of \(logPath)", event: event)
        }
        let events = context.custodyLog?.files.compactMap(\.event) ?? []
        if let imported = events.first(where: { $0.imported != nil && $0.action == action }) {
            return Bound(time: imported.timestamp, source: "the imported \(action.rawValue) event (seq \(imported.seq))", event: event)
        }
        return nil
    }
}
