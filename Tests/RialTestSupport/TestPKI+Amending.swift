import Foundation
import RialAmender
import RialFormat
import RialVerifier
import Testing

/// The test PKI's TSAs answering in process: what `rial timestamp request` and `rial timestamp
/// attach` do, through ``PackageAmender``, with only the TSA itself outside (`tsa-reply.sh`).
extension TestPKI {
    /// Requests, answers (as test TSA `tsa`: `good`, `noeku`, `other`, …) and attaches a
    /// timestamp with `chain` as the TSA chain, as `rial timestamp request PKG -o R.tsq`, the
    /// TSA, and `rial timestamp attach PKG --token T.tsr --tsa-chain CHAIN --request R.tsq` do.
    /// - Returns: what attaching added.
    @discardableResult
    public func timestamp(_ package: URL, tsa: String = "good", chain: String = "tsa-chain.pem", in dir: URL) throws -> TimestampReceipt {
        let now = Timestamp.now()
        let amender = PackageAmender(path: package.path, verifier: Verifier(verificationTime: now))
        let request = try amender.makeTimestampRequest()
        let requestFile = dir.appendingPathComponent("\(UUID().uuidString).tsq")
        let responseFile = dir.appendingPathComponent("\(UUID().uuidString).tsr")
        try Data(request.request.der).write(to: requestFile)
        try reply(as: tsa, request: requestFile, response: responseFile)
        let token = TimestampToken(response: Array(try Data(contentsOf: responseFile)), tsaChain: try bytes(chain), request: request.request.der)
        return try amender.attachTimestamp(token, at: now)
    }

    /// Requests, answers (as test TSA `tsa`) and attaches a timestamp for a signed receipt's
    /// report `R.json` (written beside it as `R.json.tsr` and `R.json.tsa-chain.pem`), as
    /// `rial timestamp request R.json` and `rial timestamp attach R.json --token T --tsa-chain CHAIN --request R` do.
    public func timestamp(receipt: URL, tsa: String = "good", chain: String = "tsa-chain.pem", in dir: URL) throws {
        let stamper = ReceiptStamper(report: receipt.path)
        let request = try stamper.makeTimestampRequest().request
        let requestFile = dir.appendingPathComponent("\(UUID().uuidString).tsq")
        let responseFile = dir.appendingPathComponent("\(UUID().uuidString).tsr")
        try Data(request.der).write(to: requestFile)
        try reply(as: tsa, request: requestFile, response: responseFile)
        let token = TimestampToken(response: Array(try Data(contentsOf: responseFile)), tsaChain: try bytes(chain), request: request.der)
        _ = try stamper.attachTimestamp(token, replacing: false)
    }
}
