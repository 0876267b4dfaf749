import RialCrypto
import RialFormat

/// The hash link of a record, computed the same way for every store: SHA-256 over the
/// record's canonical JSON (the writer of `schema/SPEC.md` §6.6, minimal escaping), whose
/// members are, in this order: `seq`, `kind`, `run_id`, `shard`, `host`, `tool_version`,
/// `policy`, `path`, `package_id`, `fingerprint`, `size`, `verdict`, `failing_codes`,
/// `error_code`, `started_at`, `ended_at`, `detail`, `prev_hash` (docs/ledger.md).
///
/// The same object, with `record_hash` added, is the line `rial ledger export --format jsonl`
/// writes, so anyone can recompute a link from an export.
package enum LedgerRecordHash {
    /// The `prev_hash` of the first record.
    package static let genesis = String(repeating: "0", count: 64)

    /// The record's fields as the canonical object, without `record_hash`.
    package static func canonicalObject(_ record: LedgerRecord) -> JSONObject {
        var object = JSONObject()
        object["seq"] = .integer(record.seq)
        object["kind"] = .string(record.kind.rawValue)
        object["run_id"] = .string(record.runID)
        object["shard"] = .string(record.shard)
        object["host"] = .string(record.host)
        object["tool_version"] = .string(record.toolVersion)
        object["policy"] = .string(record.policy)
        object["path"] = record.path.map(JSONValue.string) ?? .null
        object["package_id"] = record.packageID.map(JSONValue.string) ?? .null
        object["fingerprint"] = record.fingerprint.map(JSONValue.string) ?? .null
        object["size"] = record.size.map(JSONValue.integer) ?? .null
        object["verdict"] = record.verdict.map(JSONValue.string) ?? .null
        object["failing_codes"] = .array(record.failingCodes.map(JSONValue.string))
        object["error_code"] = record.errorCode.map(JSONValue.string) ?? .null
        object["started_at"] = .string(record.startedAt)
        object["ended_at"] = record.endedAt.map(JSONValue.string) ?? .null
        object["detail"] = record.detail.map(JSONValue.string) ?? .null
        object["prev_hash"] = .string(record.prevHash)
        return object
    }

    /// The bytes the hash is taken over.
    package static func canonicalBytes(_ record: LedgerRecord) -> [UInt8] {
        JSONWriter.bytes(.object(canonicalObject(record)), escaping: .minimal)
    }

    /// SHA-256 of ``canonicalBytes(_:)``, lowercase hex.
    /// - Throws: ``LedgerError`` `.queryFailed` only if OpenSSL cannot hash.
    package static func hash(_ record: LedgerRecord) throws(LedgerError) -> String {
        do {
            return Hex.encode(try StreamingDigest.digest(.sha256, of: canonicalBytes(record)))
        } catch {
            throw LedgerError(.queryFailed, "cannot compute a record's SHA-256", cause: error)
        }
    }
}
