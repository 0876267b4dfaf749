import Testing
import RialFormat
@testable import RialVerifier

/// The capture app's own times against each other (`schema/SPEC.md` §8.5.2): `started_at`
/// against the app custody log's RECORDING_START (at `appTime(1)` in the minimal package's
/// log), and the forensic manifest's `createdAt` after the recording.
@Suite("App time order check")
struct AppTimeOrderTests {
    private typealias Builder = InventoryBuilder
    private let manifest = Builder.appManifestPath
    private let metadata = AppMetadata.path

    private func results(
        endedAt: Timestamp? = Builder.appTime(2), startedAt: Timestamp?? = Builder.appTime(1),
        manifestCreated: Timestamp?? = nil, withholdingLog: Bool = false
    ) throws -> [CheckResult] {
        let builder = try Builder.appExport(
            tokens: [], endedAt: endedAt, created: Builder.created, manifestCreated: manifestCreated,
            startedAt: startedAt, withholdingLog: withholdingLog)
        return AppTimeOrderCheck().run(builder.context(at: Builder.verificationTime))
    }

    @Test func timesAsTheAppWritesThemPass() throws {
        let found = try results()
        #expect(found.findings == [Finding(.appTimeStart, .pass, metadata), Finding(.appTimeManifest, .pass, manifest)])
        #expect(found.first?.message.contains("RECORDING_START, entry 1 of \(AppCustodyLog.path)") == true, "\(found)")
    }

    /// 2 s either way is the same start; 3 s is not.
    @Test func startedAtAgainstRecordingStart() throws {
        let start = Builder.appTime(1)
        for offset: Int64 in [2, -2] {
            #expect(try results(startedAt: Timestamp(seconds: start.seconds + offset)).findings.first == Finding(.appTimeStart, .pass, metadata))
        }
        for offset: Int64 in [3, -3] {
            let found = try results(startedAt: Timestamp(seconds: start.seconds + offset))
            #expect(found.findings.first == Finding(.appTimeStartMismatch, .fail, metadata))
            #expect(found.first?.expected == start.rfc3339)
            #expect(found.first?.actual == Timestamp(seconds: start.seconds + offset).rfc3339)
        }
        // A fraction counts: 2.5 s is beyond.
        let half = try results(startedAt: Timestamp(seconds: start.seconds + 2, nanoseconds: 500_000_000))
        #expect(half.findings.first == Finding(.appTimeStartMismatch, .fail, metadata))
    }

    @Test func aMissingStartIsSaid() throws {
        let noLog = try results(withholdingLog: true)
        #expect(noLog.findings.first == Finding(.appTimeStart, .notChecked, metadata))
        #expect(noLog.first?.message.contains("it has no RECORDING_START") == true, "\(noLog)")
        let noKey = try results(startedAt: .some(nil))
        #expect(noKey.findings.first == Finding(.appTimeStart, .notChecked, metadata))
        #expect(noKey.first?.message.contains("states no started_at") == true, "\(noKey)")
        let neither = try results(startedAt: .some(nil), withholdingLog: true)
        #expect(neither.first?.message.contains("neither time of the recording's start is stated") == true, "\(neither)")
    }

    /// `createdAt` before the recording ended fails beyond 1 s.
    @Test func manifestBeforeTheRecordingFails() throws {
        let end = Builder.appTime(2)
        #expect(try results(manifestCreated: Timestamp(seconds: end.seconds - 1)).findings.last == Finding(.appTimeManifest, .pass, manifest))
        let found = try results(manifestCreated: Timestamp(seconds: end.seconds - 2))
        #expect(found.findings.last == Finding(.appTimeManifestBeforeRecording, .fail, manifest))
        #expect(found.last?.expected == "no earlier than \(end.rfc3339)")
        #expect(found.last?.message.contains("before the recording ended (ended_at of \(metadata))") == true, "\(found)")
        // Without ended_at, the app log's RECORDING_COMPLETE (appTime(2)) is the end.
        let fromLog = try results(endedAt: nil, manifestCreated: Timestamp(seconds: end.seconds - 2))
        #expect(fromLog.findings.last == Finding(.appTimeManifestBeforeRecording, .fail, manifest))
        #expect(fromLog.last?.message.contains("RECORDING_COMPLETE, entry 2 of") == true, "\(fromLog)")
        // Without an end at all, the start: a manifest dated before the start fails.
        let fromStart = try results(endedAt: nil, manifestCreated: Timestamp(seconds: Builder.appTime(1).seconds - 10), withholdingLog: true)
        #expect(fromStart.findings.last == Finding(.appTimeManifestBeforeRecording, .fail, manifest))
        #expect(fromStart.last?.message.contains("before the recording started") == true, "\(fromStart)")
    }

    @Test func aMissingManifestTimeIsSaid() throws {
        let noCreated = try results(manifestCreated: .some(nil))
        #expect(noCreated.findings.last == Finding(.appTimeManifest, .notChecked, manifest))
        #expect(noCreated.last?.message.contains("states no createdAt") == true)
        let noRecording = try results(endedAt: nil, startedAt: .some(nil), manifestCreated: Builder.appTime(3), withholdingLog: true)
        #expect(noRecording.findings.last == Finding(.appTimeManifest, .notChecked, manifest))
        #expect(noRecording.last?.message.contains("is not held against the recording") == true)
    }

    /// Hostile times never trap.
    @Test func extremeTimesDoNotTrap() {
        #expect(AppTimeOrderCheck.milliseconds(from: Timestamp(seconds: .min), to: Timestamp(seconds: .max)) == nil)
        #expect(AppTimeOrderCheck.milliseconds(from: Timestamp(seconds: 0), to: Timestamp(seconds: Int64.max / 100)) == nil)
        #expect(AppTimeOrderCheck.milliseconds(from: Timestamp(seconds: 0), to: Timestamp(seconds: 2_000_000_000)) == 2_000_000_000_000)
        #expect(AppTimeOrderCheck.milliseconds(from: Timestamp(seconds: 1, nanoseconds: 999_999_999), to: Timestamp(seconds: 2)) == 0)
    }
}
