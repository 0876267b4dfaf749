import Testing
@testable import RialVerifier

/// Which part of the verdict each code belongs to (SPEC §9.2): the bytes (integrity), who and
/// when (provenance), or the capture app's statements (claims).
@Suite struct VerdictPartTests {
    @Test func integrityCodes() {
        for code: CheckResult.Code in [
            .bagManifestsDisagree, .sealContentMismatch, .sealSignatureInvalid, .custodyLinkBroken, .custodyTruncated,
            .timestampImprintMismatch, .custodySignature,
        ] {
            #expect(VerdictPart(code) == .integrity, "\(code)")
        }
    }

    @Test func provenanceCodes() {
        for code: CheckResult.Code in [
            .sealSignerUntrusted, .sealTrust, .sealCertificateExpired, .sealRequired, .timestampTsaUntrusted,
            .timestampRequired, .custodySignerUntrusted, .custodyTrust, .custodySignerMismatch, .appTimestamp,
            .appTimestampUntrusted, .seal, .timestamp,
        ] {
            #expect(VerdictPart(code) == .provenance, "\(code)")
        }
    }

    @Test func claimsCodes() {
        for code: CheckResult.Code in [
            .appMediaSHA256Mismatch, .appTimestampImprint, .appTimestampBeforeEnd, .metadataFrameCountMismatch,
            .mediaCodecMismatch, .chainLinkBroken, .privacyLocationLeak, .custodyImportMismatch, .depthIndexMismatch,
        ] {
            #expect(VerdictPart(code) == .claims, "\(code)")
        }
    }

    @Test("an unsigned event lacks provenance; the app's own log out of order is the app's claim, rial's event out of order is integrity")
    func dependsOnTheFinding() {
        #expect(VerdictPart(CheckResult.notPresent(.custodySignature, "rial/custody/000006.json", "")) == .provenance)
        #expect(VerdictPart(CheckResult.pass(.custodySignature, "rial/custody/000006.p7s", "")) == .integrity)
        #expect(VerdictPart(.custodyTimeBackwards, isImportedEvent: true) == .claims)
        #expect(VerdictPart(.custodyTimeBackwards, isImportedEvent: false) == .integrity)
    }

    @Test("a part's state is never stronger than its checks")
    func states() {
        let pass = CheckResult.pass(.sealTrust, "s", "")
        let fail = CheckResult.fail(.sealSignerUntrusted, "s", "")
        let open = CheckResult.notChecked(.sealTrust, "s", "")
        let absent = CheckResult.notPresent(.seal, "s", "")
        #expect(VerdictPartSummary(part: .provenance, checks: [pass, open, fail]).state == .fail)
        #expect(VerdictPartSummary(part: .provenance, checks: [pass, open]).state == .pass)
        #expect(VerdictPartSummary(part: .provenance, checks: [pass, open]).notCheckedCount == 1)
        #expect(VerdictPartSummary(part: .provenance, checks: [open, absent]).state == .notChecked)
        #expect(VerdictPartSummary(part: .provenance, checks: [absent]).state == .notPresent)
        #expect(VerdictPartSummary(part: .provenance, checks: []).state == .notPresent)
    }
}
