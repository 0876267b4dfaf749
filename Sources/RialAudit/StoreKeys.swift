import RialLedger

/// An audit's inputs and roots as the ledger knows them: by key (``StorePath``), so the same
/// package reached by two spellings is verified and recorded once, under one history.
package struct StoreKeys {
    /// One input: the path to read, and its key.
    package struct Input: Sendable, Equatable {
        /// The path as found.
        package let path: String
        /// The package's key in the ledger.
        package let key: String

        /// The input at `path`, keyed `key`.
        package init(path: String, key: String) {
            self.path = path
            self.key = key
        }
    }

    /// How paths become keys (relative to `--root`, or absolute).
    package let storePath: StorePath
    /// The inputs, each key once, in the order found.
    package let inputs: [Input]
    /// The PATHs given, as keys: the scope of the comparison with earlier audits.
    package let roots: [String]

    /// Keys `found` and the roots `given`, relative to `storeRoot` when one is given.
    /// - Throws: ``AuditError`` (usage): a `--root` that is not a directory, an input outside it.
    package init(inputs found: [String], roots given: [String], storeRoot: String?) throws(AuditError) {
        do {
            let storePath = try storeRoot.map { root throws(LedgerError) in try StorePath(root: root) } ?? StorePath()
            var seen = Set<String>()
            var inputs: [Input] = []
            for path in found {
                let key = try storePath.key(for: path)
                if seen.insert(key).inserted { inputs.append(Input(path: path, key: key)) }
            }
            var roots: [String] = []
            for root in given { roots.append(try storePath.rootKey(for: root)) }
            self.storePath = storePath
            self.inputs = inputs
            self.roots = roots
        } catch {
            throw AuditError(.usage, error.reason)
        }
    }
}
