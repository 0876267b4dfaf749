/// The results of a verification as they are made, listing at most ``perCode`` of each code
/// and status; the rest of them are only counted, and one summary result of the same code and
/// status says how many were left out (schema/SPEC.md §8.6). A hostile manifest can name
/// millions of files that are not there: each would be a result, and the report would grow
/// with the manifest. Counting instead keeps a verification's memory flat in the number of
/// manifest lines.
struct CappedResults {
    /// Most results listed per code and status.
    static let perCode = 100

    private struct Key: Hashable {
        let code: CheckResult.Code
        let status: CheckStatus
    }

    private var listed: [CheckResult] = []
    private var listedCount: [Key: Int] = [:]
    /// Per key: how many were left out, and the index in ``listed`` of the last one listed.
    private var omitted: [Key: (count: Int, after: Int)] = [:]

    /// Lists `result`, or counts it when its code and status have ``perCode`` listed already.
    mutating func append(_ result: CheckResult) {
        let key = Key(code: result.code, status: result.status)
        let count = listedCount[key, default: 0]
        if count < Self.perCode {
            listedCount[key] = count + 1
            listed.append(result)
        } else {
            let last = omitted[key]?.after ?? listed.lastIndex { $0.code == key.code && $0.status == key.status } ?? listed.count - 1
            omitted[key] = ((omitted[key]?.count ?? 0) + 1, last)
        }
    }

    /// Appends each of `results` in turn.
    mutating func append(contentsOf results: some Sequence<CheckResult>) {
        for result in results { append(result) }
    }

    /// Whether nothing has been listed.
    var isEmpty: Bool { listed.isEmpty }

    /// The listed results, each summary right after the last listed result of its code and status.
    var results: [CheckResult] {
        guard !omitted.isEmpty else { return listed }
        var summaries: [Int: [CheckResult]] = [:]
        for (key, rest) in omitted.sorted(by: { ($0.value.after, $0.key.code) < ($1.value.after, $1.key.code) }) {
            summaries[rest.after, default: []].append(Self.summary(key.code, key.status, omitted: rest.count))
        }
        var out: [CheckResult] = []
        out.reserveCapacity(listed.count + omitted.count)
        for (index, result) in listed.enumerated() {
            out.append(result)
            out += summaries[index] ?? []
        }
        return out
    }

    private static func summary(_ code: CheckResult.Code, _ status: CheckStatus, omitted: Int) -> CheckResult {
        let message =
            "and \(omitted) more \(status.label) results of \(code) not listed: a report lists at most \(perCode) of each code and status (schema/SPEC.md §8.6)"
        return CheckResult(code: code, status: status, subject: "(\(omitted) more)", message: message)
    }
}
