import Synchronization

/// How much memory the JSON documents of one input may take once parsed, shared by every parse
/// of that input (`schema/SPEC.md` §8.3, step 4). A document's bytes are bounded one by one
/// (``JSONLimits``) and together (the verifier's kept bytes), but a parsed tree can take ten
/// times its text (`[{"a":1},{"a":1},…]`: an object, an array slot and a key per 8 bytes), so
/// five documents each under every limit once took more than a gigabyte. The parser charges its
/// estimate of what it builds (``StrictJSONParser/parse(_:limits:budget:)``) as it builds it; a
/// parse that would go over fails with `json.budget-exceeded` and gives back what it had
/// charged, since the tree it was building is dropped.
package final class JSONBudget: Sendable {
    /// The most the parsed values may take, in bytes (an estimate; see
    /// ``StrictJSONParser/parse(_:limits:budget:)``).
    package let limit: Int
    private let used = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// What the parses charged so far and did not give back.
    package var usedBytes: Int { used.load(ordering: .relaxed) }

    /// Takes `bytes` from the budget.
    /// - Throws: ``FormatError`` `.budgetExceeded` when they are not there (nothing is taken).
    func charge(_ bytes: Int) throws(FormatError) {
        let (_, total) = used.add(bytes, ordering: .relaxed)
        guard total > limit else { return }
        used.subtract(bytes, ordering: .relaxed)
        throw FormatError(
            .budgetExceeded,
            "parsed, the input's JSON documents would take more than \(limit >> 20) MiB of memory (rial's estimate of the parsed values), so this one is not read"
        )
    }

    /// Gives back what a failed parse had charged.
    func refund(_ bytes: Int) {
        used.subtract(bytes, ordering: .relaxed)
    }
}
