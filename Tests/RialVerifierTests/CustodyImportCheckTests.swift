import Testing
import RialFormat
@testable import RialVerifier

/// The first events are the capture app's log entry by entry, PACKAGED comes right after them
/// at the creation time, and no appended event claims the app's actions.
@Suite("Custody import check")
struct CustodyImportCheckTests {
    private typealias Builder = InventoryBuilder

    private func failures(_ builder: Builder) -> [Finding] { CustodyImportCheck().run(builder.context()).failures }

    private func fail(_ code: CheckResult.Code, _ seq: Int64) -> Finding { Finding(code, .fail, Builder.eventPath(seq), seq: seq) }

    private func appended(_ action: CustodyAction) throws -> Builder {
        var builder = try Builder.package()
        try builder.appendEvent(action, at: Timestamp(seconds: Builder.created.seconds + 86_400))
        return builder
    }

    @Test func untouchedLogHasNoFindings() throws {
        // Only the import's own pass: every entry of the app's log matched, naming the keys compared.
        let found = CustodyImportCheck().run(try appended(.transferred).context())
        #expect(found.allSatisfy { $0.code == .custodyImport && $0.status == .pass }, "\(found)")
    }

    @Test func importedEventDifferingFromTheAppLog() throws {
        var builder = try Builder.package()
        try builder.editEvent(2, relink: true) { $0.details = "Recording paused" }
        #expect(failures(builder) == [fail(.custodyImportMismatch, 2)])
    }

    @Test func importedEventGivenALocation() throws {
        var builder = try Builder.package()
        try builder.editEvent(1, relink: true) { $0.location = "Evidence room 3" }
        #expect(failures(builder) == [fail(.custodyImportMismatch, 1)])
    }

    @Test func importedEventWithAnotherId() throws {
        var builder = try Builder.package()
        try builder.editEvent(3, relink: true) { $0.id = "00000000-0000-4000-8000-000000000001" }
        #expect(failures(builder) == [fail(.custodyImportMismatch, 3)])
    }

    @Test func appEntryNotImported() throws {
        var builder = try Builder.package()
        try builder.editEvent(3, relink: true) { $0.imported = nil }
        #expect(failures(builder) == [fail(.custodyImportMissing, 3), fail(.custodyActionMisplaced, 3)])
    }

    @Test func importClaimedBeyondTheAppLog() throws {
        var builder = try appended(.transferred)
        try builder.editEvent(7) { $0.imported = .init(source: AppCustodyLog.path, entry: 7) }
        #expect(failures(builder) == [fail(.custodyImportMismatch, 7)])
    }

    @Test func appendedCaptureAppActionIsMisplaced() throws {
        #expect(failures(try appended(.recordingStart)) == [fail(.custodyActionMisplaced, 7)])
    }

    @Test func secondPackagedIsMisplaced() throws {
        #expect(failures(try appended(.packaged)) == [fail(.custodyActionMisplaced, 7)])
    }

    @Test func packagedReplacedByAnotherAction() throws {
        var builder = try Builder.package()
        try builder.editEvent(6) { $0.action = .note }
        #expect(failures(builder) == [fail(.custodyPackagedMissing, 6)])
    }

    @Test func packagedReplacedByACaptureAppAction() throws {
        var builder = try Builder.package()
        try builder.editEvent(6) { $0.action = .recordingStart }
        #expect(failures(builder) == [fail(.custodyActionMisplaced, 6), fail(.custodyPackagedMissing, 6)])
    }

    @Test func packagedAtAnotherTime() throws {
        var builder = try Builder.package()
        try builder.editEvent(6) { $0.timestamp = Timestamp(seconds: Builder.created.seconds + 60) }
        #expect(failures(builder) == [fail(.custodyPackagedTime, 6)])
    }

    @Test func logCutBackBeforePackaged() throws {
        var builder = try Builder.package()
        builder.removeEvent(6)
        #expect(failures(builder) == [Finding(.custodyTruncated, .fail, PackageLayout.custodyDirectory, seq: 5)])
    }

    @Test func unreadableAppLog() throws {
        var builder = try Builder.package()
        builder.files[AppCustodyLog.path] = Array("{not json".utf8)
        #expect(failures(builder) == [Finding(.custodyImportUnreadable, .fail, AppCustodyLog.path)])
    }

    @Test func withoutAnAppLogPackagedIsTheFirstEvent() throws {
        var builder = try Builder.package()
        builder.files[AppCustodyLog.path] = nil
        // Five imported events now claim a log that is not there, and PACKAGED is not first.
        #expect(failures(builder) == (1...5).map { fail(.custodyImportMismatch, $0) } + [fail(.custodyActionMisplaced, 6), fail(.custodyPackagedMissing, 1)])
    }
}
