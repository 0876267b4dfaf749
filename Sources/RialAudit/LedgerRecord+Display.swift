import RialLedger
import RialVerifier

/// How `rial ledger history` and `rial ledger report` show a record in a table.
extension LedgerRecord {
    /// The verdict of a verification (as stored, in capitals), or what else the record says.
    package var what: String {
        switch kind {
        case .package: (verdict ?? "?").uppercased()
        case .vanished: "VANISHED"
        case .forgotten: "FORGOTTEN"
        case .moved: "MOVED"
        case .runStarted, .runEnded: kind.rawValue
        }
    }

    /// The failing codes, the error, or the detail of a moved or forgotten record.
    package var shownDetail: String {
        switch kind {
        case .package:
            var parts = failingCodes
            if let errorCode { parts.append("error \(errorCode)") }
            return parts.joined(separator: " ")
        case .moved:
            return JSONDetail(detail).string("to").map { "to \(Escaping.visible($0))" } ?? ""
        case .forgotten:
            let detail = JSONDetail(detail)
            return [detail.string("reason").map { "\"\(Escaping.visible($0))\"" }, detail.string("user").map { "by \(Escaping.visible($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        case .vanished, .runStarted, .runEnded:
            return ""
        }
    }
}
