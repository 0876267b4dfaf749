import RialLedger

/// An audit's inputs and roots as the ledger knows them: by key (``StorePath``), so the same
/// package reached by two spellings is verified and recorded once, under one history.
struct StoreKeys {
    /// One input: the path to read, and its key.
    struct Input {
        let path: String
        let key: String
    }

    let storePath: StorePath
    /// The inputs, each key once, in the order found.
    let inputs: [Input]
    /// The PATHs given, as keys: the scope of the comparison with earlier audits.
    let roots: [String]

    /// - Throws: ``ExitStatus/usage`` after saying why (a `--root` that is not a directory, an
    ///   input outside it).
    init(inputs found: [String], roots given: [String], storeRoot: String?) throws {
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
            Console.error(error.reason)
            throw ExitStatus.usage
        }
    }
}
