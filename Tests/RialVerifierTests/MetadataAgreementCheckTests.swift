import Testing
import RialFormat
@testable import RialVerifier

/// Each metadata file's claims against the evidence: the type against the media, the duration
/// against the start and end times, the codec, the media hash, the payload's size. The
/// package's metadata claims no frames, resolution or chain hash (``InventoryBuilder/appMetadata``),
/// so those read NOT PRESENT in the app's metadata.
@Suite("Metadata agreement check")
struct MetadataAgreementCheckTests {
    private typealias Builder = InventoryBuilder
    private let app = AppMetadata.path
    private let view = NormalisedMetadata.path
    private let payload = HashOnlyPayload.rialPath
    private let filtered = PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly)

    private func run(_ builder: Builder) -> [Finding] {
        MetadataAgreementCheck().run(builder.context()).findings
    }

    @Test func untouchedPackagePasses() throws {
        let findings = run(try Builder.package(disclosing: .full))
        #expect(findings.failures == [])
        for finding in [
            Finding(.metadataType, .pass, app), Finding(.metadataDuration, .pass, app), Finding(.metadataCodec, .notChecked, app),
            Finding(.metadataFrameCount, .notPresent, app), Finding(.metadataAttestation, .notPresent, app),
            Finding(.metadataType, .pass, view), Finding(.metadataCodec, .notChecked, view),
        ] {
            #expect(findings.contains(finding), "\(finding)")
        }
    }

    /// Codec and resolution are the video's to confirm: where the media check did not hold them
    /// against it, their NOT CHECKED says why, naming the reason that applies.
    @Test func videoClaimsNotJudgedByTheMediaSayWhy() throws {
        let builder = try Builder.package(disclosing: .full)
        var digestsOnly = VerificationPolicy()
        digestsOnly.examinesMedia = false
        let cases: [(VerificationPolicy, String)] = [
            // The builder's media has no place in a file, so the probe never read it.
            (VerificationPolicy(), "was not read by the media libraries (see media.probe)"),
            (digestsOnly, "the media was not examined: this verification asked for its digests only (--no-examine-media)"),
        ]
        for (policy, why) in cases {
            let results = MetadataAgreementCheck().run(builder.context(policy: policy))
            let codecs = results.filter { $0.code == .metadataCodec && $0.subject == view }
            #expect(
                codecs.count == 1 && codecs.allSatisfy { $0.status == .notChecked && $0.message.hasSuffix(why) },
                "\(codecs.map(\.message))")
        }
    }

    @Test func hashOnlyPackagePasses() throws {
        let findings = run(try Builder.package(disclosing: filtered, hashOnly: true))
        #expect(findings.failures == [])
        #expect(findings.contains(Finding(.metadataApp, .notPresent, app)))
        #expect(findings.contains(Finding(.metadataAttestation, .notPresent, payload)))
        // The media is withheld: its type and hash are the external media check's.
        #expect(!findings.contains { $0.code == .metadataType || $0.code == .metadataMediaHash })
    }

    @Test func packageWithoutMetadata() throws {
        #expect(run(try Builder.package()) == [Finding(.metadataApp, .notPresent, app)])
    }

    @Test func malformedAppMetadataAndPayload() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.editJSON(app) { $0["type"] = nil }
        #expect(run(builder).failures == [Finding(.metadataAppMalformed, .fail, app)])
        var hashOnly = try Builder.package(disclosing: filtered, hashOnly: true)
        try hashOnly.editJSON(payload) { $0["mediaHash"] = .string("not hex") }
        #expect(run(hashOnly).failures == [Finding(.metadataPayloadMalformed, .fail, payload)])
    }

    @Test func durationThatDisagrees() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.editJSON(app) { $0["duration_ms"] = .integer(90_000) }
        #expect(run(builder).failures == [Finding(.metadataDurationMismatch, .fail, app)])
        try builder.editJSON(app) {
            $0["duration_ms"] = .integer(60_000)
            $0["ended_at"] = .string(Builder.appTime(0).rfc3339)
        }
        #expect(run(builder).failures == [Finding(.metadataDurationMismatch, .fail, app)])
    }

    @Test func unknownCodecAndWrongType() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.editJSON(app) {
            $0["codec"] = .string("vp9")
            $0["type"] = .string("photo")
        }
        #expect(run(builder).failures == [Finding(.metadataTypeMismatch, .fail, app), Finding(.metadataCodecUnknown, .fail, app)])
    }

    @Test func mediaHashAgainstMediaThePackageHolds() throws {
        var builder = try Builder.package(disclosing: .full, hashOnly: true)
        try builder.put(Builder.mediaPath, Builder.mediaBytes)
        let matching = run(builder)
        #expect(matching.contains(Finding(.metadataMediaHash, .pass, payload)))
        #expect(matching.contains(Finding(.metadataMediaHash, .pass, view)))
        try builder.put(Builder.mediaPath, Array("other bytes".utf8))
        #expect(run(builder).failures == [Finding(.metadataMediaHashMismatch, .fail, payload), Finding(.metadataMediaHashMismatch, .fail, view)])
    }

    @Test func payloadOf10KiBOrMore() throws {
        var builder = try Builder.package(disclosing: filtered, hashOnly: true)
        try builder.editJSON(payload) { $0["padding"] = .string(String(repeating: "x", count: HashOnlyPayload.maxBytes)) }
        #expect(run(builder).failures == [Finding(.metadataPayloadSize, .fail, payload)])
    }
}
