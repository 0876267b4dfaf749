import RialFormat

/// The custody log's facts, each established once when a check first asks: the log read from
/// the inventory (``Fact/custodyLog``; `nil` for a plain bag), and each event's signature
/// verified and its signer judged (``Fact/custodySignatures``, OpenSSL), which needs the log.
/// The seal-record rule needs the seal's signer too; it asks ``SealProvider`` for it itself.
final class CustodyProvider {
    private var logMemo: FactMemo<CustodyLog?>
    private var signaturesMemo: FactMemo<[Int64: CustodySignatureFacts]>

    init(log: FactLog) {
        logMemo = FactMemo(.custodyLog, log: log)
        signaturesMemo = FactMemo(.custodySignatures, log: log)
    }

    func custodyLog(_ context: VerificationContext) -> CustodyLog? {
        logMemo.value {
            CustodyLog(
                inventory: context.inventory, documents: context.documents, profile: context.profile, hasManifest: context.hasRialManifest,
                limits: context.limits, appLogPath: context.appPath(.custodyLog))
        }
    }

    /// Each event's signature facts, by seq; empty without a log.
    func signatures(_ context: VerificationContext) -> [Int64: CustodySignatureFacts] {
        signaturesMemo.value {
            guard let log = custodyLog(context) else { return [:] }
            var out: [Int64: CustodySignatureFacts] = [:]
            let inventory = context.inventory
            for file in log.files {
                out[file.seq] = CustodySignatureFacts(
                    file, path: log.signaturePaths[file.seq], anchors: context.policy.sealAnchors,
                    revocationEvidence: context.revocationEvidence, intermediates: context.stapledRevocation.certificates,
                    verificationTime: context.verificationTime, crypto: context.crypto, bytes: { inventory.tagFileBytes[$0] })
            }
            return out
        }
    }
}
