import Synchronization
import RialFormat

/// The JSON documents an input holds, each parsed strictly once and kept for the checks, all of
/// them within one memory budget (`schema/SPEC.md` §8.3, step 4): a tag file or parsed payload
/// file asked for again gets the tree already built, and one whose tree would take the parsed
/// documents over ``VerificationLimits/maxParsedJSONBytes`` is not parsed
/// (`json.budget-exceeded`, and `archive.limit.parsed-json` at its path). Which documents fit
/// depends only on the input: they are asked for in the same order every time.
final class ParsedDocuments: Sendable {
    private let inventory: Inventory
    private let budget: JSONBudget
    private let parsed = Mutex<[String: Result<JSONValue, FormatError>]>([:])
    /// The documents refused for the budget, in the order they were asked for.
    private let refused = Mutex<[String]>([])

    init(inventory: Inventory, limits: VerificationLimits) {
        self.inventory = inventory
        budget = JSONBudget(limit: limits.maxParsedJSONBytes)
    }

    /// The document at `path`, parsed; `nil` when its bytes were not kept (absent, or over the
    /// kept-bytes limits, which the scan reported).
    func json(_ path: String) -> Result<JSONValue, FormatError>? {
        if let known = parsed.withLock({ $0[path] }) { return known }
        guard let bytes = inventory.tagFileBytes[path] else { return nil }
        let result = Result { () throws(FormatError) -> JSONValue in try StrictJSONParser.parse(bytes, budget: budget) }
        if case .failure(let error) = result, error.code == .budgetExceeded {
            refused.withLock { $0.append(path) }
        }
        parsed.withLock { $0[path] = result }
        return result
    }

    /// The document at `path` read as `T` (`nil` as ``json(_:)``).
    func read<T>(_ path: String, as read: (JSONValue) throws(FormatError) -> T) -> Result<T, FormatError>? {
        json(path).map { parsed in
            Result { () throws(FormatError) -> T in try read(parsed.get()) }
        }
    }

    /// The documents not parsed because the budget was spent, in the order they were asked for.
    var refusedPaths: [String] { refused.withLock { $0 } }

    /// The budget's limit, for messages.
    var limit: Int { budget.limit }
}
