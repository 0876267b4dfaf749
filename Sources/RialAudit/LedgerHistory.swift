import RialLedger
import RialVerifier

/// Every record of one package (`rial ledger history`), oldest first, by path or package id,
/// following the package across moves, with the chain checked: records at or after a break
/// are marked, since their content is not proven by it.
package struct LedgerHistory {
    /// The key as asked.
    package let key: String
    /// The records found, oldest first.
    package let records: [LedgerRecord]
    /// Every link recomputed.
    package let chain: LedgerChainCheck

    /// The history of `key` in `ledger`: as typed (a package id, or a path an older rial
    /// recorded as given), else keyed as an audit keys it (`storePath`); a package id is no
    /// path, so a key it cannot have is no error.
    /// - Throws: ``LedgerError`` when the ledger cannot be read.
    package init(of key: String, in ledger: Ledger, storePath: StorePath) throws(LedgerError) {
        var found = try ledger.history(of: key)
        if found.isEmpty, let canonical = try? storePath.key(for: key), canonical != key {
            found = try ledger.history(of: canonical)
        }
        self.key = key
        records = found
        chain = try LedgerChainCheck.run(on: ledger)
    }

    /// A line per record in aligned columns (`!` marks those at or after a break), and where
    /// the chain breaks.
    package func text() -> String {
        let breakSeq = chain.firstBreak?.seq
        var table = TextTable(header: ["", "SEQ", "TIME", "WHAT", "FINGERPRINT", "PATH", "RUN", "DETAIL"])
        for record in records {
            let afterBreak = breakSeq.map { record.seq >= $0 } ?? false
            table.add([
                afterBreak ? "!" : "", String(record.seq), record.endedAt ?? record.startedAt, record.what,
                record.fingerprint ?? "-", Escaping.visible(record.path ?? ""), Escaping.visible(record.runID), record.shownDetail,
            ])
        }
        var out = "\(records.count) record\(records.count == 1 ? "" : "s") of \(Escaping.visible(key)):\n" + table.render(indent: "  ")
        if let broken = chain.firstBreak {
            out +=
                "! the ledger's hash chain breaks at seq \(broken.seq) (`rial ledger verify`): \(Escaping.visible(broken.reason)); records from there on are not proven by it\n"
        }
        return out
    }
}
