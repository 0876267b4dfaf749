import RialFormat
import RialLedger
import RialReport

/// The ledger's records as `rial ledger export` (and `history --format`) writes them: JSON
/// Lines, each line a record's canonical form with `record_hash` added and the policy and
/// detail columns as the objects they hold (schema/ledger-record.schema.json), or CSV (RFC
/// 4180 quoting, failing codes separated by spaces).
package enum LedgerExport {
    /// The two forms.
    package enum Format: Sendable {
        /// A JSON object per line.
        case jsonl
        /// A header line, then a line per record.
        case csv
    }

    /// The fields, in the order CSV gives them.
    package static let fields = [
        "seq", "kind", "run_id", "shard", "host", "tool_version", "policy", "path", "package_id", "fingerprint", "size",
        "verdict", "failing_codes", "error_code", "started_at", "ended_at", "detail", "prev_hash", "record_hash",
    ]
    /// CSV's header line.
    package static let csvHeader = fields.joined(separator: ",") + "\r\n"

    /// Records as JSON Lines or CSV (with the header line when `header`).
    package static func render(_ records: [LedgerRecord], format: Format, header: Bool = true) -> String {
        var out = format == .csv && header ? csvHeader : ""
        for record in records {
            var object = LedgerRecordHash.canonicalObject(record)
            object["record_hash"] = .string(record.recordHash)
            switch format {
            case .csv:
                out +=
                    fields.map { field -> String in
                        switch object[field] {
                        case .string(let text): csvField(text)
                        case .integer(let number): String(number)
                        case .array(let values): csvField(values.compactMap { if case .string(let text) = $0 { text } else { nil } }.joined(separator: " "))
                        default: ""
                        }
                    }.joined(separator: ",") + "\r\n"
            case .jsonl:
                object["policy"] = nested(record.policy)
                object["detail"] = record.detail.map(nested) ?? .null
                out += String(decoding: JSONLinesRenderer.compact(.object(object)), as: UTF8.self)
            }
        }
        return out
    }

    /// A JSON column as the object it holds, when written back compactly it gives the stored
    /// text byte for byte (so the record's hash can be recomputed from the export, SPEC §17.2);
    /// else, as a hand-edited value may be, the text itself.
    package static func nested(_ text: String) -> JSONValue {
        guard let value = try? StrictJSONParser.parse(Array(text.utf8)), case .object = value, LedgerRecord.compactJSON(value) == text else {
            return .string(text)
        }
        return value
    }

    /// `text` as one CSV field (RFC 4180): in double quotes, each `"` doubled, when it holds a
    /// comma, a quote or a line break. Compared byte by byte: `\r\n` is one Swift character,
    /// equal to neither `\r` nor `\n`, and a quote followed by a combining mark is one too.
    private static func csvField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out.append("\"") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }
}
