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
        // The import's own pass (custody.import, at the app's log) is CustodyImportCheckTests' business.
        CustodyCheck().run(builder.context(policy: policy)).findings.filter { $0.code != .custodyImport }
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
        let expected =
            (1...5).map(eventPass) + [
                eventPass(6), unsigned(6), eventPass(7), unsigned(7),
                Finding(.custodyLinkBroken, .fail, Builder.eventPath(8), seq: 8), unsigned(8), headNotChecked,
            ]
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
        #expect(
            Array(found.prefix(3)) == [
                Finding(.custodyUnexpectedFile, .fail, PackageLayout.custodyDirectory + "notes.txt"),
                Finding(.custodySignatureOrphan, .fail, Builder.signaturePath(9), seq: 9), eventPass(1),
            ], "\(found)")
        #expect(!found.contains(chainPass))
    }

    private func fail(_ code: CheckResult.Code, _ seq: Int64) -> Finding { Finding(code, .fail, Builder.eventPath(seq), seq: seq) }

    /// Hostile or inconsistent log files in the package as packed (PACKAGED, event 6, unsigned),
    /// each caught with its code, subject and seq and nothing else.
    @Test(arguments: [
        "unexpected file", "orphan signature", "seq as a string", "seq edited", "time in the future", "capture-app action",
        "another package", "copied id", "certificate named, no signature", "empty signature file",
    ])
    func hostileLogFiles(_ edit: String) throws {
        var builder = try Builder.package()
        let six = Builder.packagedSeq
        let expected: [Finding]
        switch edit {
        case "unexpected file":
            builder.files[PackageLayout.custodyDirectory + "notes.txt"] = Array("hello".utf8)
            expected = [Finding(.custodyUnexpectedFile, .fail, PackageLayout.custodyDirectory + "notes.txt")]
        case "orphan signature":
            builder.files[Builder.signaturePath(9)] = Array("not a signature".utf8)
            expected = [Finding(.custodySignatureOrphan, .fail, Builder.signaturePath(9), seq: 9)]
        case "seq as a string":
            let text = String(decoding: try #require(builder.files[Builder.eventPath(six)]), as: UTF8.self)
            builder.files[Builder.eventPath(six)] = Array(text.replacingOccurrences(of: "\"seq\": 6", with: "\"seq\": \"6\"").utf8)
            expected = [fail(.custodyEventMalformed, six)]
        case "seq edited":
            try builder.editEvent(six) { $0.seq = 7 }
            expected = [fail(.custodySeqMismatch, six)]
        case "time in the future":
            try builder.editEvent(six) { $0.timestamp = try Timestamp(rfc3339: "2999-01-01T00:00:00Z") }
            expected = [fail(.custodyTimeFuture, six), fail(.custodyPackagedTime, six)]
        case "capture-app action":
            try builder.editEvent(six) { $0.action = .recordingStart }
            expected = [fail(.custodyActionMisplaced, six), fail(.custodyPackagedMissing, six)]
        case "another package":
            try builder.editEvent(six) { $0.packageID = try PackageID("another-case") }
            expected = [fail(.custodyPackageMismatch, six)]
        case "copied id":
            let five = try builder.event(5).id
            try builder.editEvent(six) { $0.id = five }
            expected = [fail(.custodyIdDuplicate, six)]
        case "certificate named, no signature":
            try builder.editEvent(six) { $0.actor = CustodyActor(name: "J", certificateSHA256: String(repeating: "ab", count: 32)) }
            expected = [Finding(.custodySignatureMissing, .fail, Builder.signaturePath(six), seq: six)]
        case "empty signature file":
            builder.files[Builder.signaturePath(six)] = []
            expected = [Finding(.custodySignatureFileEmpty, .fail, Builder.signaturePath(six), seq: six)]
        default:
            Issue.record("no such edit: \(edit)")
            return
        }
        #expect(run(builder).filter { $0.status == .fail } == expected, "\(edit)")
    }

    /// The files of PACKAGED (signed) and the next event swapped, the signatures left where they
    /// were: numbers and links disagree, the event after the pair no longer links, and PACKAGED's
    /// signature sits beside other bytes.
    @Test func eventFilesSwappedUnderTheirSignatures() throws {
        let sealer = try TestIdentity()
        var builder = try Builder.package(sealedBy: sealer)
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + 86_400))
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 2 * 86_400), by: sealer)
        let six = builder.files[Builder.eventPath(6)]
        builder.files[Builder.eventPath(6)] = builder.files[Builder.eventPath(7)]
        builder.files[Builder.eventPath(7)] = six
        let found = Set(run(builder).filter { $0.status == .fail })
        #expect(
            found.isSuperset(of: [
                fail(.custodySeqMismatch, 6), fail(.custodySeqMismatch, 7), fail(.custodyLinkBroken, 6), fail(.custodyLinkBroken, 7),
                fail(.custodyLinkBroken, 8), Finding(.custodyContentMismatch, .fail, Builder.signaturePath(6), seq: 6),
            ]), "\(found)")
    }

    /// An unsigned event back-dated to before PACKAGED and the links re-made, as a rewriting
    /// attacker would: time runs backwards there, and the signed event after it no longer matches
    /// its signature.
    @Test func eventBackdatedAndRelinked() throws {
        let sealer = try TestIdentity()
        var builder = try Builder.package(sealedBy: sealer)
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + 86_400))
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 2 * 86_400), by: sealer)
        let backdated = Timestamp(seconds: Builder.created.seconds - 60)
        try builder.editEvent(7, relink: true) { $0.timestamp = backdated }
        let results = CustodyCheck().run(builder.context())
        #expect(results.failures == [fail(.custodyTimeBackwards, 7), Finding(.custodyContentMismatch, .fail, Builder.signaturePath(8), seq: 8)])
        #expect(results.first { $0.code == .custodyTimeBackwards }?.actual == backdated.rfc3339)
    }

    /// A sealed package's log cut back past PACKAGED: the capture app's log says how long it must
    /// at least be, and the sealing went with PACKAGED.
    @Test func sealedLogCutBackBeforePackaged() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.removeEvent(Builder.packagedSeq)
        #expect(
            run(builder).filter { $0.status == .fail } == [
                Finding(.custodyTruncated, .fail, PackageLayout.custodyDirectory, seq: 5),
                Finding(.custodySealUnrecorded, .fail, PackageLayout.custodyDirectory),
            ])
    }

    /// `rial/manifest.json` edited with every digest rewritten: the log is bound to it twice, by
    /// the first link and by the imported events' ids, which are derived from it.
    @Test func manifestEditedUnderTheLog() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[PackageLayout.manifest]?.append(0x0A)
        #expect(run(builder).filter { $0.status == .fail } == [fail(.custodyBindingMismatch, 1)] + (1...5).map { fail(.custodyImportMismatch, $0) })
    }

    @Test func aPlainBagHasNoCustodyFindings() throws {
        var builder = try Builder.package()
        builder.files[PackageLayout.manifest] = nil
        #expect(CustodyCheck().run(builder.context(profile: .bag)).isEmpty)
    }
}
