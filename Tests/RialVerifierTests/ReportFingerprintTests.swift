import Testing
import RialFormat
@testable import RialVerifier
@testable import RialReport

/// A certificate whose fingerprint is not known is never shown with a fingerprint of `""`: the
/// JSON report leaves the certificate's object out (the schema requires every field of it), the
/// text report leaves the fingerprint's words out; with every field known, both show it.
@Suite("Report fingerprints")
struct ReportFingerprintTests {
    static let fingerprint = String(repeating: "ab", count: 32)

    static func seal(fingerprint: String?) -> SealSummary {
        SealSummary(
            state: .validUntrusted, signerSubject: "CN=Jane Doe", signerIssuer: "CN=Test CA", signerSerial: "01",
            signerFingerprint: fingerprint, claimedSigningTime: nil, anchorSubject: nil, judgedAt: nil)
    }

    static func timestamp(fingerprint: String?) -> TimestampSummary {
        TimestampSummary(
            state: .validUntrusted, genTime: nil, genTimeText: nil, serial: "02", policy: nil,
            tsaSubject: "CN=Test TSA", tsaSerial: "03", tsaFingerprint: fingerprint)
    }

    @Test("the seal's signer: no fingerprint, no signer object and no empty fingerprint; with it, the object whole")
    func sealSigner() {
        let without = JSONReportRenderer.sealValue(Self.seal(fingerprint: nil)).objectValue
        #expect(without?["signer"] == nil)
        #expect(without?["state"]?.stringValue == "valid-untrusted")
        let with = JSONReportRenderer.sealValue(Self.seal(fingerprint: Self.fingerprint)).objectValue?["signer"]?.objectValue
        #expect(with?["sha256_fingerprint"]?.stringValue == Self.fingerprint)
        #expect(with?["subject"]?.stringValue == "CN=Jane Doe")
    }

    @Test("the seal timestamp's TSA: no fingerprint, no tsa object; with it, the object whole")
    func timestampTSA() {
        #expect(JSONReportRenderer.timestampValue(Self.timestamp(fingerprint: nil)).objectValue?["tsa"] == nil)
        let with = JSONReportRenderer.timestampValue(Self.timestamp(fingerprint: Self.fingerprint)).objectValue?["tsa"]?.objectValue
        #expect(with?["sha256_fingerprint"]?.stringValue == Self.fingerprint)
    }

    @Test("the text report's seal line names the signer without an empty fingerprint, and with a known one")
    func textSealLine() {
        let without = TextReportRenderer.sealLine(Self.seal(fingerprint: nil))
        #expect(without == "signature valid, signer NOT trusted: CN=Jane Doe", "\(without)")
        let with = TextReportRenderer.sealLine(Self.seal(fingerprint: Self.fingerprint))
        #expect(with == "signature valid, signer NOT trusted: CN=Jane Doe (certificate SHA-256 \(Self.fingerprint))", "\(with)")
    }
}
