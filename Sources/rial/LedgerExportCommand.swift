import ArgumentParser
import RialFormat
import RialLedger
import RialVerifier
import RialReport
import RialAudit

struct LedgerExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every record of the ledger, oldest first, as JSON Lines or CSV.",
        discussion: """
        jsonl: one object per record (schema/ledger-record.schema.json): the record's \
        canonical form, whose SHA-256 is its record_hash, with record_hash added and the \
        policy and detail columns as the JSON objects they hold; anyone can recompute the \
        links from the export alone (docs/ledger.md shows how). csv: a header line, then one line \
        per record (RFC 4180 quoting), the same fields, failing codes separated by spaces.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl, csv
    }

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Option(help: "jsonl or csv.")
    var format: Format = .jsonl

    func validate() throws {
        if format == .text { throw ValidationError("--format takes jsonl or csv") }
    }

    func run() throws {
        let ledger = try ledgerOptions.openForReading()
        if format == .csv { FileHandleStream.standardOutput.write(Self.csvHeader) }
        do {
            try ledger.forEachRow { (row: Result<LedgerRecord, LedgerError>) throws(LedgerError) in
                FileHandleStream.standardOutput.write(Self.render([try row.get()], format: format, header: false))
            }
        } catch {
            Console.error(Console.describe(error, after: "cannot export \(ledger.store.displayName)"))
            throw ExitStatus.couldNotComplete
        }
    }

    static let fields = ["seq", "kind", "run_id", "shard", "host", "tool_version", "policy", "path", "package_id", "fingerprint", "size",
                         "verdict", "failing_codes", "error_code", "started_at", "ended_at", "detail", "prev_hash", "record_hash"]
    static let csvHeader = fields.joined(separator: ",") + "\r\n"

    /// Records as JSON Lines or CSV (with the header line when `header`).
    static func render(_ records: [LedgerRecord], format: Format, header: Bool = true) -> String {
        var out = format == .csv && header ? csvHeader : ""
        for record in records {
            var object = LedgerRecordHash.canonicalObject(record)
            object["record_hash"] = .string(record.recordHash)
            if format == .csv {
                out += fields.map { field -> String in
                    switch object[field] {
                    case .string(let text): csvField(text)
                    case .integer(let number): String(number)
                    case .array(let values): csvField(values.compactMap { if case .string(let text) = $0 { text } else { nil } }.joined(separator: " "))
                    default: ""
                    }
                }.joined(separator: ",") + "\r\n"
            } else {
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
    static func nested(_ text: String) -> JSONValue {
        guard let value = try? StrictJSONParser.parse(Array(text.utf8)), case .object = value, LedgerRecord.compactJSON(value) == text else {
            return .string(text)
        }
        return value
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
