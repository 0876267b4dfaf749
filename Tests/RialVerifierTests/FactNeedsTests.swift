import Foundation
import Testing
import RialFormat
@testable import RialVerifier

/// Checks declare the facts they need (``VerificationCheck/needs``), and facts are computed on
/// demand: every check, run alone on a fresh context, causes only the facts it declared (and
/// what they are computed from) to be computed; a check that does not need a signature makes
/// OpenSSL verify none; the `--media` copy is read only when the media check asks.
@Suite("Facts on demand")
struct FactNeedsTests {
    private typealias Builder = InventoryBuilder

    /// The inputs the checks are run on: a sealed package with metadata and a signed custody
    /// log, a package with the app's export (a forensic manifest with a token), a package
    /// `rial pack` wrote (a chain, depth frames), and a plain bag asked for a seal.
    private func contexts(_ directory: String, crypto: CountingCrypto = CountingCrypto()) throws -> [(String, () throws -> VerificationContext)] {
        let sealer = try TestIdentity()
        let sealed = try Builder.package(disclosing: .full, sealedBy: sealer)
        let app = try Builder.appExport(tokens: [Array("not a token".utf8)], endedAt: Builder.appTime(2), created: Builder.created)
        let media = directory + "/copy.mov"
        try Data(Builder.mediaBytes).write(to: URL(fileURLWithPath: media))
        var policy = VerificationPolicy(sealAnchors: [sealer.certificate], requiresSeal: true)
        policy.externalMedia = media
        let sample = try PackedSample()
        let packed = try sample.inventory()
        sample.remove()
        return [
            ("sealed", { sealed.context(policy: policy, crypto: crypto) }),
            ("app export", { app.context(policy: policy, crypto: crypto) }),
            (
                "packed",
                { VerificationContext(inventory: packed, profile: .package, verificationTime: Builder.verificationTime, policy: policy, crypto: crypto) }
            ),
            ("plain bag", { try Builder.plainBag().context(policy: policy, profile: .bag, crypto: crypto) }),
        ]
    }

    private func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-facts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func everyCheckComputesOnlyWhatItDeclares() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let checks = Verifier().checks
        #expect(checks.count > 30)
        for (name, make) in try contexts(directory) {
            for check in checks {
                let context = try make()
                #expect(context.computedFacts.isEmpty, "\(name): the base computes no fact")
                var results = CappedResults()
                check.run(context, into: &results)
                let allowed = Fact.closure(check.needs)
                let extra = Set(context.computedFacts).subtracting(allowed)
                #expect(extra.isEmpty, "\(name): \(type(of: check)) computed \(extra.sorted { "\($0)" < "\($1)" }) without declaring it")
            }
        }
    }

    @Test func everyFactIsComputedOnceWhateverAsks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, make) in try contexts(directory) {
            let context = try make()
            var results = CappedResults()
            for check in Verifier().checks { check.run(context, into: &results) }
            #expect(context.computedFacts.count == Set(context.computedFacts).count, "\(name): \(context.computedFacts)")
        }
    }

    @Test func checksThatNeedNoSignatureRunNoOpenSSL() throws {
        let crypto = CountingCrypto()
        let sealer = try TestIdentity()
        let context = try Builder.package(disclosing: .full, sealedBy: sealer)
            .context(policy: VerificationPolicy(sealAnchors: [sealer.certificate]), crypto: crypto)
        let signed: Set<Fact> = [.sealSignature, .seal, .timestamp, .renewal, .custodySignatures, .appTokens]
        var results = CappedResults()
        for check in Verifier().checks where Fact.closure(check.needs).isDisjoint(with: signed) {
            check.run(context, into: &results)
        }
        #expect(!results.results.isEmpty)
        #expect(crypto.calls == 0, "OpenSSL ran for checks that need no signature: \(context.computedFacts)")
        #expect(Set(context.computedFacts).isDisjoint(with: signed))
        // The bag check alone, the issue's own example.
        let alone = CountingCrypto()
        _ = BagInfoCheck().run(try Builder.package(sealedBy: sealer).context(crypto: alone))
        #expect(alone.calls == 0)
        // The seal check does verify: the count moves only now.
        _ = SealCheck().run(context)
        #expect(crypto.calls > 0)
    }

    @Test func mediaCopyIsReadOnlyWhenTheMediaCheckAsks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let media = directory + "/copy.mov"
        try Data("the bytes before".utf8).write(to: URL(fileURLWithPath: media))
        var policy = VerificationPolicy()
        policy.externalMedia = media
        let context = try Builder.package().context(policy: policy)
        let tagFileChecks: [any VerificationCheck] = [
            LayoutCheck(), BagDeclarationCheck(), BagInfoCheck(), PayloadOxumCheck(),
            PayloadManifestCheck(judgesAgreement: true), TagManifestCheck(), TagFileFormCheck(), FetchCheck(),
        ]
        var results = CappedResults()
        for check in tagFileChecks { check.run(context, into: &results) }
        #expect(!context.computedFacts.contains(.externalMedia))
        // The file changes after those checks ran: the digest is of the bytes as they are when
        // the media check asks, so it was not read before.
        let after = Array("the bytes after".utf8)
        try Data(after).write(to: URL(fileURLWithPath: media))
        _ = ExternalMediaCheck().run(context)
        #expect(context.computedFacts.contains(.externalMedia))
        #expect(try context.externalMedia?.sha256.get() == Builder.sha256(after))
    }
}
