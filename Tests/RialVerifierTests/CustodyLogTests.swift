import Testing
import RialFormat
@testable import RialVerifier

/// What ``CustodyLog`` reads from the directory, once: events in seq order, their signatures,
/// what does not belong, a missing log, one over the limit, and the capture app's log.
@Suite("Custody log")
struct CustodyLogTests {
    private typealias Builder = InventoryBuilder

    private func log(_ builder: Builder, limits: VerificationLimits = VerificationLimits()) throws -> CustodyLog {
        try #require(builder.context(limits: limits).custodyLog)
    }

    @Test func eventsSignaturesAndTheAppLog() throws {
        let builder = try Builder.package(sealedBy: TestIdentity())
        let log = try log(builder)
        guard case .events = log.extent else { Issue.record("\(log.extent)"); return }
        #expect(log.files.map(\.seq) == [1, 2, 3, 4, 5, 6])
        #expect(log.files.map(\.path) == (1...6).map { Builder.eventPath($0) })
        #expect(log.files.allSatisfy { $0.event != nil && $0.sha256 == builder.eventSHA256($0.seq) })
        #expect(log.signaturePaths == [6: Builder.signaturePath(6)])
        #expect(log.unexpectedFiles.isEmpty && log.orphanSignatures.isEmpty)
        #expect((try log.appLog?.get())?.count == Builder.appLogEntries.count)
    }

    @Test func unexpectedFiles() throws {
        var builder = try Builder.package()
        for name in ["notes.txt", "1.json", "000000.json", "sub/000007.json"] { builder.files[PackageLayout.custodyDirectory + name] = [0x41] }
        let log = try log(builder)
        #expect(log.unexpectedFiles == ["000000.json", "1.json", "notes.txt", "sub/000007.json"].map { PackageLayout.custodyDirectory + $0 })
        #expect(log.files.count == 6)
    }

    @Test func orphanSignatures() throws {
        var builder = try Builder.package()
        builder.files[Builder.signaturePath(9)] = [0x41]
        builder.files[Builder.signaturePath(6)] = [0x41]
        let log = try log(builder)
        #expect(log.orphanSignatures.map(\.seq) == [9])
        #expect(log.orphanSignatures.map(\.path) == [Builder.signaturePath(9)])
        #expect(log.signaturePaths.keys.sorted() == [6, 9])
    }

    @Test func missingLog() throws {
        var builder = try Builder.package()
        for seq in builder.eventSeqs { builder.removeEvent(seq) }
        let log = try log(builder)
        guard case .missing = log.extent else { Issue.record("\(log.extent)"); return }
        #expect(log.files.isEmpty)
        #expect(CustodyCheck().run(builder.context()).findings == [Finding(.custodyMissing, .fail, PackageLayout.custodyDirectory)])
    }

    @Test func overTheLimit() throws {
        let builder = try Builder.package()
        var limits = VerificationLimits()
        limits.maxCustodyEvents = 5
        let log = try log(builder, limits: limits)
        guard case .overLimit(let count, let limit) = log.extent else { Issue.record("\(log.extent)"); return }
        #expect(count == 6 && limit == 5)
        #expect(log.files.isEmpty)
        #expect(CustodyCheck().run(builder.context(limits: limits)).findings == [Finding(.custodyLimit, .fail, PackageLayout.custodyDirectory)])
        limits.maxCustodyEvents = 6
        guard case .events = try self.log(builder, limits: limits).extent else { Issue.record("six events are within a limit of six"); return }
    }

    @Test func anEventTooLargeToKeepIsNotParsed() throws {
        var builder = try Builder.package()
        builder.unkept.insert(Builder.eventPath(3))
        let file = try #require(try log(builder).file(seq: 3))
        #expect(file.bytes == nil && file.parsed == nil && file.sha256 == builder.eventSHA256(3))
    }

    @Test func noAppLogAndAnUnreadableOne() throws {
        var builder = try Builder.package()
        builder.files[AppCustodyLog.path] = nil
        #expect(try log(builder).appLog == nil)
        builder.files[AppCustodyLog.path] = [0x41]
        if case .failure? = try log(builder).appLog {} else { Issue.record("an unreadable app log read") }
    }

    @Test func aPlainBagHasNoLogButABagWithAManifestDoes() throws {
        var builder = try Builder.package()
        #expect(builder.context(profile: .bag).custodyLog != nil)
        builder.files[PackageLayout.manifest] = nil
        #expect(builder.context(profile: .bag).custodyLog == nil)
        #expect(builder.context(profile: .package).custodyLog != nil)
    }
}
