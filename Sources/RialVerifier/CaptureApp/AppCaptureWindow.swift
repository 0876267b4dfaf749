import RialFormat

/// The times between which the capture app's tokens must have been made (`schema/SPEC.md`
/// §8.5.1): after the recording ended, since a token covers the finished media, and before
/// the package was made from the app's export. Each bound names where it is stated.
struct AppCaptureWindow {
    struct Bound {
        let time: Timestamp
        /// Where the time is stated, for messages.
        let source: String
    }

    /// When the recording ended: the app metadata's `ended_at`, else the time of the first
    /// imported RECORDING_COMPLETE event; `nil` when neither is stated.
    let end: Bound?
    /// When the package was made: `created` of `rial/manifest.json`, else the PACKAGED event's time.
    let packaged: Bound?
    /// How far the app says its clock was from NTP time, in seconds, when it says so.
    let clockOffset: Double?

    init(_ context: VerificationContext) {
        let events = context.custodyLog?.files.compactMap(\.event) ?? []
        if let ended = context.metadataSources?.parsedApp?.endedAt {
            end = Bound(time: ended, source: "ended_at of \(context.appPath(.metadata))")
        } else if let complete = events.first(where: { $0.imported != nil && $0.action == .recordingComplete }) {
            end = Bound(time: complete.timestamp, source: "the imported RECORDING_COMPLETE event (seq \(complete.seq))")
        } else {
            end = nil
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
}
