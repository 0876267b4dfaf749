import Testing
import RialCrypto
@testable import RialVerifier

/// ``ReceiptTimestampJudge``: the seal token's rule (``TimestampVerdict``) worded with the
/// receipt's codes, at the token file. Verdicts that need no token are made here; those over a
/// real token, in SealTimeTests.
@Suite("Receipt timestamp judge")
struct ReceiptTimestampJudgeTests {
    private let path = "report.json.tsr"

    @Test("no token: receipt.timestamp NOT PRESENT; empty, not a response, refused, or without the signature it covers: receipt.timestamp.invalid")
    func withoutAToken() {
        let judge = ReceiptTimestampJudge(path: path)
        #expect(judge.findings(nil).findings == [Finding(.receiptTimestamp, .notPresent, path)])
        for verdict: TimestampVerdict in [.unreadable, .malformed("not DER"), .notGranted("rejection"), .withoutSeal] {
            #expect(judge.findings(verdict).findings == [Finding(.receiptTimestampInvalid, .fail, path)], "\(verdict)")
        }
    }
}
