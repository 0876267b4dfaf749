import Testing
import RialFormat
@testable import RialVerifier

/// How ``CustodyCheck`` composes the rules: the directory's findings first, then each event in
/// seq order with a `custody.event` pass (only when none of its findings fails) followed by its
/// findings, then the findings about no event, the log-wide rules, and a `custody.chain` pass
/// only when nothing failed.
@Suite("Custody check")
struct CustodyCheckTests {
    private typealias Builder = InventoryBuilder

    private func logged() throws -> Builder {
        var builder = try Builder.package()
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + 86_400))
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 2 * 86_400))
        return builder
    }

    private func run(_ builder: Builder, policy: VerificationPolicy = VerificationPolicy()) -> [Finding] {
        CustodyCheck().run(builder.context(policy: policy)).findings
    }

    private func eventPass(_ seq: Int64) -> Finding { Finding(.custodyEvent, .pass, Builder.eventPath(seq), seq: seq) }
    private func unsigned(_ seq: Int64) -> Finding { Finding(.custodySignature, .notPresent, Builder.eventPath(seq), seq: seq) }
    private let headNotChecked = Finding(.custodyHead, .notChecked, PackageLayout.custodyDirectory)
    private let chainPass = Finding(.custodyChain, .pass, PackageLayout.custodyDirectory)

    @Test func anIntactLogInReportOrder() throws {
        let expected = (1...5).map(eventPass) + [eventPass(6), unsigned(6), eventPass(7), unsigned(7), eventPass(8), unsigned(8), headNotChecked, chainPass]
        #expect(run(try logged()) == expected)
    }

    /// Within an event, findings follow the rules' order: links, the app's log, the signature.
    @Test func aFailingEventLosesItsPassAndTheChainItsPass() throws {
        var builder = try logged()
        try builder.editEvent(7) { $0.details = "edited" }
        let expected = (1...5).map(eventPass) + [eventPass(6), unsigned(6), eventPass(7), unsigned(7),
                                                 Finding(.custodyLinkBroken, .fail, Builder.eventPath(8), seq: 8), unsigned(8), headNotChecked]
        #expect(run(builder) == expected)
    }

    @Test func findingsOfEveryRuleAreFiledUnderTheirEvent() throws {
        var builder = try logged()
        // An import mismatch at 2 and a time in the future at 8: each sits in its event's slot.
        try builder.editEvent(2, relink: true) { $0.details = "Recording paused" }
        try builder.editEvent(8) { $0.timestamp = Timestamp(seconds: Builder.verificationTime.seconds + 60) }
        let found = run(builder)
        let seqs = found.compactMap(\.seq)
        #expect(seqs == seqs.sorted(), "\(found)")
        #expect(!found.contains(eventPass(2)) && !found.contains(eventPass(8)) && found.contains(eventPass(3)))
        let mismatch = try #require(found.firstIndex(of: Finding(.custodyImportMismatch, .fail, Builder.eventPath(2), seq: 2)))
        #expect(found[mismatch - 1] == eventPass(1) && found[mismatch + 1] == eventPass(3))
        #expect(found.contains(Finding(.custodyTimeFuture, .fail, Builder.eventPath(8), seq: 8)))
        #expect(!found.contains(chainPass))
    }

    @Test func aFindingNamingAnEventIsFiledUnderItWhateverItsSubject() throws {
        var builder = try Builder.package()
        builder.removeEvent(6)
        #expect(run(builder) == (1...4).map(eventPass) + [Finding(.custodyTruncated, .fail, PackageLayout.custodyDirectory, seq: 5), headNotChecked])
    }

    @Test func findingsAboutNoEventComeAfterTheEvents() throws {
        var builder = try Builder.package()
        builder.files[AppCustodyLog.path] = Array("{not json".utf8)
        #expect(run(builder) == (1...6).map(eventPass) + [unsigned(6), Finding(.custodyImportUnreadable, .fail, AppCustodyLog.path), headNotChecked])
    }

    @Test func logWideRulesComeLast() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[Builder.signaturePath(Builder.packagedSeq)] = nil
        try builder.editEvent(Builder.packagedSeq) { $0.actor = CustodyActor(name: "Mallory") }
        let found = run(builder)
        #expect(found.suffix(2) == [Finding(.custodySealUnrecorded, .fail, PackageLayout.custodyDirectory), headNotChecked], "\(found)")
        #expect(found.filter { $0.status == .fail } == [Finding(.custodySealUnrecorded, .fail, PackageLayout.custodyDirectory)])
        #expect(!found.contains(chainPass))
    }

    @Test func aFailingHeadWithholdsTheChainPass() throws {
        var builder = try logged()
        let head = try #require(builder.eventSHA256(8))
        #expect(run(builder, policy: VerificationPolicy(custodyHead: head)).last == chainPass)
        builder.removeEvent(8)
        let found = run(builder, policy: VerificationPolicy(custodyHead: head))
        #expect(found.last == Finding(.custodyTruncated, .fail, PackageLayout.custodyDirectory))
        #expect(!found.contains(chainPass))
    }

    @Test func directoryFindingsComeFirst() throws {
        var builder = try logged()
        builder.files[PackageLayout.custodyDirectory + "notes.txt"] = Array("hello".utf8)
        builder.files[Builder.signaturePath(9)] = Array("not a signature".utf8)
        let found = run(builder)
        #expect(Array(found.prefix(3)) == [Finding(.custodyUnexpectedFile, .fail, PackageLayout.custodyDirectory + "notes.txt"),
                                           Finding(.custodySignatureOrphan, .fail, Builder.signaturePath(9), seq: 9), eventPass(1)], "\(found)")
        #expect(!found.contains(chainPass))
    }

    @Test func aPlainBagHasNoCustodyFindings() throws {
        var builder = try Builder.package()
        builder.files[PackageLayout.manifest] = nil
        #expect(CustodyCheck().run(builder.context(profile: .bag)).isEmpty)
    }
}
