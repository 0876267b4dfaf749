import Testing
import RialFormat
@testable import RialVerifier

/// Numbering, links, forks, copies, the package binding and time order, each broken once in
/// an otherwise valid in-memory package.
@Suite("Custody link check")
struct CustodyLinkCheckTests {
    private typealias Builder = InventoryBuilder
    private let day: Int64 = 86_400

    /// The minimal package with two unsigned events appended: seq 1–5 imported, 6 PACKAGED, 7 and 8.
    private func logged() throws -> Builder {
        var builder = try Builder.package()
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + day))
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 2 * day))
        return builder
    }

    private func failures(_ builder: Builder) -> [Finding] { CustodyLinkCheck().run(builder.context()).failures }

    private func fail(_ code: CheckResult.Code, _ seq: Int64) -> Finding { Finding(code, .fail, Builder.eventPath(seq), seq: seq) }

    @Test func untouchedLogHasNoFindings() throws {
        #expect(CustodyLinkCheck().run(try logged().context()).isEmpty)
    }

    @Test func eventRemovedLeavesAGapAndABrokenLink() throws {
        var builder = try logged()
        builder.removeEvent(7)
        #expect(failures(builder) == [fail(.custodySeqGap, 8), fail(.custodyLinkBroken, 8)])
        // The link names the removed event; the event before the gap is what is there.
        let link = try #require(CustodyLinkCheck().run(builder.context()).first { $0.code == .custodyLinkBroken })
        let named = try builder.event(8).previous
        #expect(link.expected == builder.eventSHA256(6) && link.actual == named && link.expected != link.actual)
        #expect(CustodyCheck().run(builder.context()).failures == [fail(.custodySeqGap, 8), fail(.custodyLinkBroken, 8)])
    }

    @Test func firstEventsRemoved() throws {
        var builder = try logged()
        builder.removeEvent(1)
        #expect(failures(builder) == [fail(.custodySeqGap, 2), fail(.custodyLinkBroken, 2)])
    }

    @Test func seqFieldEditedIsAMismatch() throws {
        var builder = try logged()
        try builder.editEvent(8) { $0.seq = 9 }
        #expect(failures(builder) == [fail(.custodySeqMismatch, 8)])
    }

    @Test func eventRenamedIsAGapAndAMismatch() throws {
        var builder = try logged()
        builder.moveEvent(8, to: 9)
        #expect(failures(builder) == [fail(.custodySeqGap, 9), fail(.custodySeqMismatch, 9)])
    }

    @Test func firstEventBoundToAnotherManifest() throws {
        var builder = try logged()
        try builder.editEvent(1, relink: true) { $0.previous = String(repeating: "ab", count: 32) }
        #expect(failures(builder) == [fail(.custodyBindingMismatch, 1)])
    }

    @Test func manifestChangedUnderTheLog() throws {
        var builder = try logged()
        builder.files[PackageLayout.manifest]?.append(0x0A)
        #expect(failures(builder) == [fail(.custodyBindingMismatch, 1)])
    }

    @Test func eventEditedBreaksTheNextLink() throws {
        var builder = try logged()
        try builder.editEvent(7) { $0.details = "handed over to someone else" }
        #expect(failures(builder) == [fail(.custodyLinkBroken, 8)])
        let link = try #require(CustodyLinkCheck().run(builder.context()).first)
        let named = try builder.event(8).previous
        #expect(link.expected == builder.eventSHA256(7) && link.actual == named)
    }

    @Test func eventsSwapped() throws {
        var builder = try logged()
        builder.swapEvents(7, 8)
        let found = Set(failures(builder))
        #expect(
            found.isSuperset(of: [
                fail(.custodySeqMismatch, 7), fail(.custodySeqMismatch, 8), fail(.custodyLinkBroken, 7),
                fail(.custodyLinkBroken, 8), fail(.custodyTimeBackwards, 8),
            ]), "\(found)")
        #expect(found.allSatisfy { $0.seq == 7 || $0.seq == 8 }, "\(found)")
    }

    @Test func twoEventsNamingOnePreviousFork() throws {
        var builder = try logged()
        let six = try #require(builder.eventSHA256(6))
        try builder.editEvent(8) { $0.previous = six }
        #expect(failures(builder) == [fail(.custodyLinkBroken, 8), fail(.custodyFork, 8)])
    }

    @Test func aLaterEventNamingTheManifest() throws {
        var builder = try logged()
        let manifest = builder.manifestSHA256
        try builder.editEvent(8) { $0.previous = manifest }
        #expect(failures(builder) == [fail(.custodyLinkBroken, 8), fail(.custodyFork, 8)])
    }

    @Test func copiedIdIsADuplicate() throws {
        var builder = try logged()
        let id = try builder.event(7).id
        try builder.editEvent(8) { $0.id = id }
        #expect(failures(builder) == [fail(.custodyIdDuplicate, 8)])
    }

    @Test func eventFromAnotherPackage() throws {
        var builder = try logged()
        try builder.editEvent(8) { $0.packageID = try PackageID("another-case") }
        #expect(failures(builder) == [fail(.custodyPackageMismatch, 8)])
    }

    @Test func timeRunningBackwards() throws {
        var builder = try logged()
        try builder.editEvent(8) { $0.timestamp = Timestamp(seconds: Builder.created.seconds + 60) }
        #expect(failures(builder) == [fail(.custodyTimeBackwards, 8)])
    }

    @Test func timeInTheFuture() throws {
        var builder = try logged()
        try builder.editEvent(8) { $0.timestamp = Timestamp(seconds: Builder.verificationTime.seconds + 1) }
        #expect(failures(builder) == [fail(.custodyTimeFuture, 8)])
        // The same event judged later is in the past.
        #expect(CustodyLinkCheck().run(builder.context(at: Timestamp(seconds: Builder.verificationTime.seconds + 1))).isEmpty)
    }

    @Test func malformedEvent() throws {
        var builder = try logged()
        let path = Builder.eventPath(8)
        builder.files[path] = Array(
            String(decoding: try #require(builder.files[path]), as: UTF8.self).replacingOccurrences(of: "\"seq\": 8", with: "\"seq\": \"8\"").utf8)
        #expect(failures(builder) == [fail(.custodyEventMalformed, 8)])
    }

    @Test func eventTooLargeToKeepIsMalformed() throws {
        var builder = try logged()
        builder.unkept.insert(Builder.eventPath(8))
        #expect(failures(builder) == [fail(.custodyEventMalformed, 8)])
    }
}
