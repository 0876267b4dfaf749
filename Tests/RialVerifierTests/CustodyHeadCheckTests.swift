import Testing
import RialFormat
@testable import RialVerifier

/// `--custody-head`: the log must still hold the event recorded at hand-over.
@Suite("Custody head check")
struct CustodyHeadCheckTests {
    private typealias Builder = InventoryBuilder

    private func logged() throws -> Builder {
        var builder = try Builder.package()
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + 86_400))
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 2 * 86_400))
        return builder
    }

    private func run(_ builder: Builder, head: String?) -> [Finding] {
        CustodyHeadCheck().run(builder.context(policy: VerificationPolicy(custodyHead: head))).findings
    }

    @Test func withoutAHeadItCannotBeTold() throws {
        #expect(run(try logged(), head: nil) == [Finding(.custodyHead, .notChecked, PackageLayout.custodyDirectory)])
    }

    @Test func theRecordedHeadIsStillThere() throws {
        let builder = try logged()
        let head = try #require(builder.eventSHA256(8))
        #expect(run(builder, head: head) == [Finding(.custodyHead, .pass, Builder.eventPath(8), seq: 8)])
        #expect(run(builder, head: head.uppercased()) == [Finding(.custodyHead, .pass, Builder.eventPath(8), seq: 8)])
        // An older head passes too: events may be appended after a hand-over.
        #expect(run(builder, head: builder.eventSHA256(7)) == [Finding(.custodyHead, .pass, Builder.eventPath(7), seq: 7)])
    }

    @Test func theLastEventRemoved() throws {
        var builder = try logged()
        let head = try #require(builder.eventSHA256(8))
        builder.removeEvent(8)
        #expect(run(builder, head: head) == [Finding(.custodyTruncated, .fail, PackageLayout.custodyDirectory)])
        // The package alone still looks whole to the other rules.
        #expect(CustodyCheck().run(builder.context()).failures == [])
    }
}
