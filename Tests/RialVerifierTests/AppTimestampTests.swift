import Foundation
import Testing
import RialTestSupport
import RialFormat
import RialCrypto
@testable import RialVerifier
@testable import RialReport

/// The capture app's RFC 3161 tokens (`schema/SPEC.md` §8.5.1), made by the test PKI's TSAs
/// over real bytes and packed as the app exports them. For every token the outside oracle,
/// `openssl ts -verify` against the test root, is asked too, and must agree with rial on
/// signature, trust and imprint.
@Suite("App timestamp check")
struct AppTimestampTests {
    private typealias Builder = InventoryBuilder
    private let path = Builder.appManifestPath

    /// A token over the media, the package made around its genTime G: the recording ended a
    /// minute before G, the package was made an hour after, verified two hours after.
    private struct Case {
        let tsa: TestTSA
        let token: [UInt8]
        let tokenPath: String
        let mediaPath: String
        let genTime: Timestamp

        var verificationTime: Timestamp { Timestamp(seconds: genTime.seconds + 7_200) }
    }

    private func makeCase(
        _ authority: String = "good", over bytes: [UInt8] = Builder.mediaBytes, digest: String = "sha256",
        bare: Bool = false
    ) throws -> Case {
        let tsa = try TestTSA()
        do {
            let (token, tokenPath) = try tsa.token(authority, over: bytes, digest: digest, bare: bare)
            let mediaPath = try tsa.write(Builder.mediaBytes, as: "clip.mov")
            let response = try TimeStampResponse(responseOrToken: token)
            return Case(
                tsa: tsa, token: token, tokenPath: tokenPath, mediaPath: mediaPath,
                genTime: Timestamp(seconds: response.genTime, nanoseconds: response.genTimeNanoseconds))
        } catch {
            tsa.remove()
            throw error
        }
    }

    private func results(_ builder: Builder, anchors: [Certificate], at time: Timestamp, crypto: any VerifierCrypto = OpenSSLCrypto()) -> [CheckResult] {
        AppTimestampCheck().run(builder.context(policy: VerificationPolicy(timestampAnchors: anchors), at: time, crypto: crypto))
    }

    private func export(
        _ c: Case, tokens: [[UInt8]]? = nil, endedAt: Timestamp? = nil, created: Timestamp? = nil,
        clock: Builder.AppClock? = nil, withholdingMedia: Bool = false, manifestCreated: Timestamp?? = nil
    ) throws -> Builder {
        try Builder.appExport(
            tokens: tokens ?? [c.token], endedAt: endedAt ?? Timestamp(seconds: c.genTime.seconds - 60),
            created: created ?? Timestamp(seconds: c.genTime.seconds + 3_600), clock: clock, withholdingMedia: withholdingMedia,
            manifestCreated: manifestCreated)
    }

    /// No finding about the token's signature, trust or imprint failed.
    private func cryptoHolds(_ results: [CheckResult]) -> Bool {
        !results.contains {
            $0.status == .fail && [.appTimestampSignature, .appTimestampUntrusted, .appTimestampImprint, .appTimestampMalformed].contains($0.code)
        }
    }

    @Test(.requires(.tsa)) func goodTokenPassesWithTheTSARoot() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let found = results(try export(c), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .pass, path)])
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("timestampTokens[0]: captured no later than \(c.genTime.rfc3339), attested by Rial Test TSA (TEST ONLY)"), "\(message)")
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    @Test(.requires(.tsa)) func withoutAnchorsTheTokenIsNotChecked() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let found = results(try export(c), anchors: [], at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .notChecked, path)])
        #expect(found.first?.message.contains("--tsa-trust") == true)
        // The oracle, given the root rial was not given, accepts what rial left unjudged.
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    @Test func noTokensIsNotPresent() throws {
        let builder = try Builder.appExport(tokens: [], endedAt: Builder.appTime(2), created: Builder.created)
        #expect(results(builder, anchors: [], at: Builder.verificationTime).findings == [Finding(.appTimestamp, .notPresent, path)])
    }

    @Test(.requires(.tsa)) func tokenOverOtherBytesFailsItsImprint() throws {
        let c = try makeCase(over: Array("another recording".utf8))
        defer { c.tsa.remove() }
        let found = results(try export(c), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampImprint, .fail, path)])
        #expect(found.first?.expected == Builder.sha256(Builder.mediaBytes))
        #expect(try !c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    /// A TSA the examiner gave no root for is left unjudged, named: the app may ask TSAs the
    /// examiner holds no root of (§8.5.1). The oracle, given only the examiner's root, does not
    /// accept it either: rial passed nothing.
    @Test(.requires(.tsa)) func tokenFromATSAWithoutAGivenRootIsNotCheckedNamingIt() throws {
        let c = try makeCase("other")
        defer { c.tsa.remove() }
        let found = results(try export(c), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .notChecked, path)])
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("timestampTokens[0]: token valid, TSA not trusted: Rial Other TSA (TEST ONLY)"), "\(message)")
        #expect(message.contains("chains to none of the anchors given with --tsa-trust"))
        #expect(try !c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    @Test(.requires(.tsa)) func tokenFromATSAWithoutTheTimeStampingUsageIsUntrusted() throws {
        let c = try makeCase("noeku")
        defer { c.tsa.remove() }
        // Even without anchors: RFC 3161 §2.3 makes the usage part of a valid token.
        for anchors in [c.tsa.root, []] {
            #expect(results(try export(c), anchors: anchors, at: c.verificationTime).findings == [Finding(.appTimestampUntrusted, .fail, path)])
        }
        #expect(try !c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    @Test(.requires(.tsa)) func sha512TokenPasses() throws {
        let c = try makeCase(digest: "sha512")
        defer { c.tsa.remove() }
        let found = results(try export(c), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .pass, path)])
        #expect(found.first?.message.contains("SHA-512 imprint") == true)
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    @Test(.requires(.tsa)) func bareTimeStampTokenPasses() throws {
        let c = try makeCase(bare: true)
        defer { c.tsa.remove() }
        #expect(results(try export(c), anchors: c.tsa.root, at: c.verificationTime).findings == [Finding(.appTimestamp, .pass, path)])
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath, bare: true))
    }

    @Test(.requires(.tsa)) func tokenOfAnotherAlgorithmLeavesTheImprintNotChecked() throws {
        let c = try makeCase(digest: "sha384")
        defer { c.tsa.remove() }
        let found = results(try export(c), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampImprint, .notChecked, path), Finding(.appTimestamp, .notChecked, path)])
        #expect(found.first?.message.contains("SHA-384") == true)
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
    }

    @Test(.requires(.tsa)) func genTimeBeforeTheRecordingEndedFails() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let ended = Timestamp(seconds: c.genTime.seconds + 600)
        let found = results(try export(c, endedAt: ended), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampBeforeEnd, .fail, path)])
        #expect(found.first?.expected == "no earlier than \(ended.rfc3339)")
        // The token itself is sound: the oracle accepts it, and rial faults only its time.
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
        #expect(cryptoHolds(found))
    }

    /// The tolerance: the token's accuracy (1 s for the test TSA), 1 s, and the clock offset
    /// the app states.
    @Test(.requires(.tsa)) func beforeEndToleratesAccuracyASecondAndTheAppsClockOffset() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let withinTwoSeconds = Timestamp(seconds: c.genTime.seconds + 2, nanoseconds: c.genTime.nanoseconds)
        #expect(
            results(try export(c, endedAt: withinTwoSeconds), anchors: c.tsa.root, at: c.verificationTime).findings == [Finding(.appTimestamp, .pass, path)])
        let beyond = Timestamp(seconds: c.genTime.seconds + 3, nanoseconds: c.genTime.nanoseconds)
        #expect(results(try export(c, endedAt: beyond), anchors: c.tsa.root, at: c.verificationTime).findings == [Finding(.appTimestampBeforeEnd, .fail, path)])
        let thirty = Timestamp(seconds: c.genTime.seconds + 30)
        for difference in [40.0, -40.0] {
            let clock = Builder.AppClock(ntpTime: c.genTime, difference: difference)
            #expect(
                results(try export(c, endedAt: thirty, clock: clock), anchors: c.tsa.root, at: c.verificationTime).findings
                    == [Finding(.appTimestamp, .pass, path), Finding(.appClock, .notChecked, path)])
        }
        let small = Builder.AppClock(ntpTime: c.genTime, difference: 0.25)
        #expect(
            results(try export(c, endedAt: thirty, clock: small), anchors: c.tsa.root, at: c.verificationTime).findings
                == [Finding(.appTimestampBeforeEnd, .fail, path), Finding(.appClock, .notChecked, path)])
    }

    @Test(.requires(.tsa)) func genTimeAfterThePackageWasMadeFails() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let created = Timestamp(seconds: c.genTime.seconds - 3_600)
        let found = results(
            try export(c, endedAt: Timestamp(seconds: created.seconds - 7_200), created: created, manifestCreated: c.genTime),
            anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampAfterPackaging, .fail, path)])
        #expect(found.first?.expected == "no later than \(created.rfc3339)")
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
        #expect(cryptoHolds(found))
    }

    /// A token dated long after the manifest that holds it (20 h) fails; within the 300 s
    /// tolerance (plus the token's 1 s accuracy) it passes.
    @Test(.requires(.tsa)) func genTimeAfterTheManifestThatHoldsItFails() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let twentyHours = Timestamp(seconds: c.genTime.seconds - 72_000)
        let found = results(
            try export(c, endedAt: Timestamp(seconds: twentyHours.seconds - 60), manifestCreated: twentyHours),
            anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampAfterManifest, .fail, path)])
        #expect(found.first?.expected == "no later than \(twentyHours.rfc3339)")
        #expect(found.first?.actual == c.genTime.rfc3339)
        #expect(found.first?.message.contains("createdAt of \(path)") == true)
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
        #expect(cryptoHolds(found))
        let ended = Timestamp(seconds: c.genTime.seconds - 400)
        let within = Timestamp(seconds: c.genTime.seconds - 300, nanoseconds: c.genTime.nanoseconds)
        #expect(
            results(try export(c, endedAt: ended, manifestCreated: within), anchors: c.tsa.root, at: c.verificationTime).findings
                == [Finding(.appTimestamp, .pass, path)])
        let beyond = Timestamp(seconds: c.genTime.seconds - 302, nanoseconds: c.genTime.nanoseconds)
        #expect(
            results(try export(c, endedAt: ended, manifestCreated: beyond), anchors: c.tsa.root, at: c.verificationTime).findings
                == [Finding(.appTimestampAfterManifest, .fail, path)])
    }

    /// Without `createdAt` the token still passes on everything else, and the report says what
    /// was not held against it.
    @Test(.requires(.tsa)) func noCreatedAtIsSaid() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let found = results(try export(c, manifestCreated: .some(nil)), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .pass, path), Finding(.appTimestampAfterManifest, .notChecked, path)])
        #expect(found.last?.message.hasPrefix("timestampTokens[0]: ") == true)
    }

    /// Without an end (no `ended_at`, no app custody log), the start bounds the token: a token
    /// before the recording started fails.
    @Test(.requires(.tsa)) func withoutAnEndTheStartBoundsTheToken() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let manifest = Timestamp(seconds: c.genTime.seconds + 60)
        let started = Timestamp(seconds: c.genTime.seconds + 30)
        let found = results(
            try Builder.appExport(
                tokens: [c.token], endedAt: nil, created: Timestamp(seconds: c.genTime.seconds + 3_600),
                manifestCreated: manifest, startedAt: started, withholdingLog: true), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampBeforeEnd, .fail, path)])
        #expect(found.first?.expected == "no earlier than \(started.rfc3339)")
        #expect(found.first?.message.contains("before the recording started (started_at of ") == true)
        let earlier = Timestamp(seconds: c.genTime.seconds - 30)
        #expect(
            results(
                try Builder.appExport(
                    tokens: [c.token], endedAt: nil, created: Timestamp(seconds: c.genTime.seconds + 3_600),
                    manifestCreated: manifest, startedAt: earlier, withholdingLog: true), anchors: c.tsa.root, at: c.verificationTime
            ).findings
                == [Finding(.appTimestamp, .pass, path)])
        // No time of the recording at all: said, never silence.
        let none = results(
            try Builder.appExport(
                tokens: [c.token], endedAt: nil, created: Timestamp(seconds: c.genTime.seconds + 3_600),
                manifestCreated: manifest, withholdingLog: true), anchors: c.tsa.root, at: c.verificationTime)
        #expect(none.findings == [Finding(.appTimestamp, .pass, path), Finding(.appTimestampBeforeEnd, .notChecked, path)])
        #expect(none.last?.message.contains("no ended_at or started_at") == true)
    }

    static let garbage = Array("not an RFC 3161 response, though valid base64 of it".utf8)

    @Test func garbageDERIsMalformed() throws {
        let builder = try Builder.appExport(tokens: [Self.garbage], endedAt: Builder.appTime(2), created: Builder.created)
        #expect(results(builder, anchors: [], at: Builder.verificationTime).findings == [Finding(.appTimestampMalformed, .fail, path)])
    }

    @Test(.requires(.tsa)) func opensslRejectsTheGarbageToo() throws {
        let garbage = Self.garbage
        let tsa = try TestTSA()
        defer { tsa.remove() }
        let media = try tsa.write(Builder.mediaBytes, as: "clip.mov")
        #expect(try !tsa.opensslVerifies(token: tsa.write(garbage, as: "garbage.tsr"), media: media))
    }

    @Test(.requires(.tsa)) func withheldMediaLeavesTheImprintNotChecked() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let found = results(try export(c, withholdingMedia: true), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestampImprint, .notChecked, path), Finding(.appTimestamp, .notChecked, path)])
        // Held against the media rial did not have, the oracle accepts the token: rial rejected nothing.
        #expect(try c.tsa.opensslVerifies(token: c.tokenPath, media: c.mediaPath))
        #expect(cryptoHolds(found))
    }

    /// Several tokens are judged one by one, each result naming its token.
    @Test(.requires(.tsa)) func everyTokenIsJudgedAndNamed() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let other = try c.tsa.token("other", over: Builder.mediaBytes)
        let found = results(try export(c, tokens: [c.token, other.der]), anchors: c.tsa.root, at: c.verificationTime)
        // The second TSA's root was not given: it is left unjudged, and the first still passes.
        #expect(found.findings == [Finding(.appTimestamp, .pass, path), Finding(.appTimestamp, .notChecked, path)])
        #expect(found.count == 2 && found[0].message.hasPrefix("timestampTokens[0]: ") && found[1].message.hasPrefix("timestampTokens[1]: "))
        #expect(found[1].message.contains("Rial Other TSA (TEST ONLY)"))
        // Either order: the unjudged token does not depend on its place.
        let reversed = results(try export(c, tokens: [other.der, c.token]), anchors: c.tsa.root, at: c.verificationTime)
        #expect(reversed.findings == [Finding(.appTimestamp, .notChecked, path), Finding(.appTimestamp, .pass, path)])
        // With both roots, both pass.
        let both = results(try export(c, tokens: [c.token, other.der]), anchors: c.tsa.root + c.tsa.otherRoot, at: c.verificationTime)
        #expect(both.findings == [Finding(.appTimestamp, .pass, path), Finding(.appTimestamp, .pass, path)])
        #expect(try c.tsa.opensslVerifies(token: c.tsa.write(other.der, as: "other.tsr"), media: c.mediaPath, root: "other-root-ca.pem"))
    }

    /// Beside a passing token, an invalid one still fails: over other bytes, or its signature broken.
    @Test(.requires(.tsa)) func anInvalidTokenFailsBesideAValidOne() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let otherBytes = try c.tsa.token("good", over: Array("another recording".utf8))
        let found = results(try export(c, tokens: [c.token, otherBytes.der]), anchors: c.tsa.root, at: c.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .pass, path), Finding(.appTimestampImprint, .fail, path)])
        #expect(found[1].message.hasPrefix("timestampTokens[1]: "))
        // The signature value is the token's last bytes (no unsigned attributes): one bit flipped.
        var broken = c.token
        broken[broken.count - 1] ^= 0x01
        let flipped = results(try export(c, tokens: [c.token, broken]), anchors: c.tsa.root, at: c.verificationTime)
        #expect(flipped.findings == [Finding(.appTimestamp, .pass, path), Finding(.appTimestampSignature, .fail, path)])
        #expect(try !c.tsa.opensslVerifies(token: c.tsa.write(broken, as: "broken.tsr"), media: c.mediaPath))
    }

    @Test func theAppsClockIsItsOwnWord() throws {
        let clock = Builder.AppClock(ntpTime: Builder.appTime(2), difference: 0.25)
        let builder = try Builder.appExport(tokens: [], endedAt: Builder.appTime(2), created: Builder.created, clock: clock)
        let found = results(builder, anchors: [], at: Builder.verificationTime)
        #expect(found.findings == [Finding(.appTimestamp, .notPresent, path), Finding(.appClock, .notChecked, path)])
        #expect(found.last?.message == "the app states its clock was 0.25 s from time.apple.com at \(Builder.appTime(2).rfc3339); not checkable offline")
    }

    /// OpenSSL failing on the machine while judging a good token is no verdict: NOT CHECKED.
    @Test(.requires(.tsa)) func openSSLFailingOnTheMachineLeavesTheTokenNotChecked() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let builder = try export(c)
        for operation in [FailingCrypto.Operation.tsaSigner, .tsaSignature, .tsaVerification, .chain] {
            let found = results(builder, anchors: c.tsa.root, at: c.verificationTime, crypto: FailingCrypto([operation]))
            #expect(found.findings == [Finding(.appTimestamp, .notChecked, path)], "\(operation)")
        }
    }

    /// The reports' header says what a passing token establishes, and the app's clock statement.
    @Test(.requires(.tsa)) func reportsShowTheCaptureTime() throws {
        let c = try makeCase()
        defer { c.tsa.remove() }
        let clock = Builder.AppClock(ntpTime: c.genTime, difference: 0.25)
        let context = try export(c, clock: clock).context(policy: VerificationPolicy(timestampAnchors: c.tsa.root), at: c.verificationTime)
        let summary = AppTimeSummary(context)
        #expect(summary.attestations.map(\.phrase) == ["captured no later than \(c.genTime.rfc3339), attested by Rial Test TSA (TEST ONLY)"])
        let report = VerificationReport(
            subjectPath: "p", subjectKind: .package, verifiedAt: c.verificationTime, packageID: nil, manifestSHA256: nil,
            checks: AppTimestampCheck().run(context), appTime: summary)
        let text = TextReportRenderer.render(report)
        #expect(text.contains("Captured no later than \(c.genTime.rfc3339), attested by Rial Test TSA (TEST ONLY)"), "\(text)")
        #expect(text.contains("the app states its clock was 0.25 s from time.apple.com"))
        // As the page shows it: the court report keeps the time on one line in a span of its own.
        let html = HTMLReportRenderer.render(report, overview: nil).replacing(/<[^>]*>/, with: "")
        #expect(html.contains("Captured no later than \(c.genTime.rfc3339), attested by Rial Test TSA (TEST ONLY)"))
    }
}
