import Testing
import RialFormat
@testable import RialVerifier

/// The custody summary the report's header and timeline are made from: the log's state, the
/// first event a reader should look at, and each event's failing codes, as ``Verifier`` builds
/// it from the custody check's findings.
@Suite("Custody summary")
struct CustodySummaryTests {
    private typealias Builder = InventoryBuilder

    private func logged(sealedBy sealer: TestIdentity? = nil) throws -> Builder {
        var builder = try Builder.package(sealedBy: sealer)
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + 86_400))
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 2 * 86_400))
        return builder
    }

    private func summary(_ builder: Builder, policy: VerificationPolicy = VerificationPolicy()) throws -> CustodySummary {
        let context = builder.context(policy: policy)
        let log = try #require(context.custodyLog)
        return CustodySummary(log: log, signatures: context.custodySignatures, results: CustodyCheck().run(context))
    }

    @Test func anIntactLog() throws {
        let summary = try summary(try logged(sealedBy: TestIdentity()))
        #expect(summary.state == .intact)
        #expect(summary.firstBrokenSeq == nil)
        #expect(summary.entries.map(\.seq) == Array(1...8))
        #expect(summary.importedCount == 5 && summary.signedCount == 1)
        #expect(summary.head?.seq == 8)
        #expect(summary.entries.allSatisfy { $0.problems.isEmpty })
    }

    /// An unsigned event's details edited, the tag manifests rewritten: broken at the next event.
    @Test func anEditedEventBreaksTheLogAtTheNextEvent() throws {
        var builder = try logged()
        try builder.editEvent(7) { $0.details = "handed over to someone else" }
        let summary = try summary(builder)
        #expect(summary.state == .broken)
        #expect(summary.firstBrokenSeq == 8)
        #expect(summary.entries.first { $0.seq == 8 }?.problems == [CheckResult.Code.custodyLinkBroken.rawValue])
        #expect(summary.entries.filter { $0.seq != 8 }.allSatisfy { $0.problems.isEmpty })
    }

    /// The first broken event is the lowest seq of any failing finding, not the first in report order.
    @Test func theFirstBrokenSeqIsTheLowest() throws {
        var builder = try logged()
        try builder.editEvent(8) { $0.timestamp = Timestamp(seconds: Builder.verificationTime.seconds + 60) }
        try builder.editEvent(2, relink: true) { $0.details = "Recording paused" }
        #expect(try summary(builder).firstBrokenSeq == 2)
    }

    /// A failure about no event (the seal unrecorded) breaks the log without naming an event.
    @Test func aLogWideFailureBreaksTheLogWithoutAnEvent() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[Builder.signaturePath(Builder.packagedSeq)] = nil
        try builder.editEvent(Builder.packagedSeq) { $0.actor = CustodyActor(name: "Mallory") }
        let summary = try summary(builder)
        #expect(summary.state == .broken)
        #expect(summary.firstBrokenSeq == nil)
    }

    /// Every event file removed (the package's log stripped): missing, not broken.
    @Test func aStrippedLogIsMissing() throws {
        var builder = try Builder.package()
        for seq in builder.eventSeqs { builder.removeEvent(seq) }
        let summary = try summary(builder)
        #expect(summary.state == .missing)
        #expect(summary.entries.isEmpty && summary.firstBrokenSeq == nil)
    }
}
