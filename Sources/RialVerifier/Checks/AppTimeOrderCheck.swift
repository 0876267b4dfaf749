import RialFormat

/// The capture app's own times held against each other (`schema/SPEC.md` §8.5.2): the
/// metadata's `started_at` against the first RECORDING_START of the app's custody log, and the
/// forensic manifest's `createdAt` against the recording, which it follows. Both sides of each
/// comparison are the phone's clock, so the tolerances are small; the tokens' times, the TSA's
/// clock, are ``AppTimestampCheck``'s. A time that is missing is said, never passed over.
struct AppTimeOrderCheck: VerificationCheck {
    var needs: Set<Fact> { [.appDocuments, .metadata, .custodyLog, .rialManifest] }

    /// How far `started_at` and RECORDING_START may be apart: the app takes both as the
    /// recording starts, one for the metadata and one for the log, from the same clock, a
    /// moment apart; either may be written to the millisecond or the second.
    static let startToleranceMilliseconds: Int64 = 2_000
    /// How far `createdAt` may precede the recording's end: both from the phone's clock, one
    /// possibly in whole seconds.
    static let manifestToleranceMilliseconds: Int64 = 1_000

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts else { return [] }
        var results: [CheckResult] = []
        let metadataPresent = context.appFiles[.metadata] != nil, logPresent = context.appFiles[.custodyLog] != nil
        if metadataPresent || logPresent {
            results.append(start(context))
        }
        if let path = context.appFiles[.forensicManifest], context.parsedAppManifest != nil {
            results.append(manifest(context, path: path))
        }
        return results
    }

    private func start(_ context: VerificationContext) -> CheckResult {
        let metadata = context.metadataSources?.parsedApp
        let isPhoto = metadata?.type == "photo"
        let key = isPhoto ? "captured_at" : "started_at"
        let subject = context.appFiles[.metadata] ?? context.appPath(.custodyLog)
        let logged = AppCaptureWindow.appEvent(.recordingStart, context)
        guard let claimed = metadata?.captureTime else {
            let why =
                context.appFiles[.metadata] == nil
                ? "the export has no metadata file"
                : metadata == nil ? "the app's metadata cannot be read" : "the app's metadata states no \(key)"
            return .notChecked(
                .appTimeStart, subject,
                logged.map { "\($0.source) is at \($0.time.rfc3339), but \(why) to hold it against" }
                    ?? "neither time of the recording's start is stated: \(why), and the app's custody log has no RECORDING_START")
        }
        guard let logged else {
            return .notChecked(
                .appTimeStart, subject,
                "\(key) \(claimed.rfc3339) is not held against the app's custody log: it has no RECORDING_START"
                    + (context.appFiles[.custodyLog] == nil ? " (the export has no custody log)" : ""))
        }
        guard let gap = Self.milliseconds(from: logged.time, to: claimed), gap.magnitude <= UInt64(Self.startToleranceMilliseconds) else {
            return .fail(
                .appTimeStartMismatch, subject,
                "\(key) disagrees with \(logged.source) by more than \(Self.startToleranceMilliseconds / 1_000) s: the app takes both as the recording starts",
                expected: logged.time.rfc3339, actual: claimed.rfc3339)
        }
        return .pass(
            .appTimeStart, subject,
            "\(key) \(claimed.rfc3339) agrees with \(logged.source) (\(logged.time.rfc3339)) within \(Self.startToleranceMilliseconds / 1_000) s")
    }

    private func manifest(_ context: VerificationContext, path: String) -> CheckResult {
        let window = AppCaptureWindow(context)
        guard let created = window.manifestCreated else {
            return .notChecked(.appTimeManifest, path, "the forensic manifest states no createdAt, so when it was written is not held against the recording")
        }
        guard let recording = window.earliest else {
            return .notChecked(
                .appTimeManifest, path,
                "createdAt \(created.time.rfc3339) is not held against the recording: the app's metadata states no ended_at or started_at and its custody log no RECORDING_COMPLETE or RECORDING_START"
            )
        }
        guard let gap = Self.milliseconds(from: recording.time, to: created.time), gap >= -Self.manifestToleranceMilliseconds else {
            return .fail(
                .appTimeManifestBeforeRecording, path,
                "createdAt is before \(recording.event) (\(recording.source)), by more than 1 s: the app writes its forensic manifest after the recording",
                expected: "no earlier than \(recording.time.rfc3339)", actual: created.time.rfc3339)
        }
        return .pass(.appTimeManifest, path, "createdAt \(created.time.rfc3339) is after \(recording.event) (\(recording.source), \(recording.time.rfc3339))")
    }

    /// `to − from` in whole milliseconds, rounded toward zero from the exact nanoseconds; beyond
    /// 10⁹ s apart the fraction is ignored (it cannot matter); `nil` only on overflow.
    static func milliseconds(from: Timestamp, to: Timestamp) -> Int64? {
        let seconds = to.seconds.subtractingReportingOverflow(from.seconds)
        guard !seconds.overflow else { return nil }
        guard seconds.partialValue.magnitude <= 1_000_000_000 else {
            let scaled = seconds.partialValue.multipliedReportingOverflow(by: 1_000)
            return scaled.overflow ? nil : scaled.partialValue
        }
        let nanoseconds = seconds.partialValue * 1_000_000_000 + (Int64(to.nanoseconds) - Int64(from.nanoseconds))
        return nanoseconds / 1_000_000
    }
}
