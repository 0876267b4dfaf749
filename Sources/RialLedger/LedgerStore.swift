/// A connection to the database that holds a ledger: the few operations ``Ledger`` builds on,
/// so the ledger's logic, its schema and its hash links are written once for every store.
///
/// Statements use `?` placeholders and only SQL that SQLite and PostgreSQL read alike.
package protocol LedgerStore: AnyObject {
    /// Where the ledger is, for messages (a file path, or a URL without its password).
    var displayName: String { get }

    /// Runs a statement that returns no rows.
    /// - Returns: how many rows it inserted, updated or deleted.
    /// - Throws: ``LedgerError`` `.queryFailed`.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> Int

    /// Runs a query; each row's columns as text, `nil` for NULL.
    /// - Throws: ``LedgerError`` `.queryFailed`.
    func query(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [[String?]]

    /// Whether the database has a table of that name (asked without an error when it has not).
    /// - Throws: ``LedgerError`` `.queryFailed`.
    func hasTable(_ name: String) throws(LedgerError) -> Bool

    /// The statements that begin a transaction holding the ledger's write lock, so two writers
    /// (threads, processes, machines) never read the same head and fork the chain.
    /// - Parameter durable: whether the commit waits until the transaction is on disk. One
    ///   that does not is still atomic and is made durable by the next durable commit; a crash
    ///   of the machine (not of rial) in between may undo it whole.
    func beginWriteLock(durable: Bool) -> [String]
}

extension LedgerStore {
    /// Runs `body` in a transaction that holds the write lock from its first statement
    /// (``beginWriteLock(durable:)``); commits when `body` returns, rolls back when it throws.
    /// - Throws: what `body` throws, or ``LedgerError`` `.queryFailed`.
    package func withWriteLock<Result>(durable: Bool = true, _ body: () throws(LedgerError) -> Result) throws(LedgerError) -> Result {
        for statement in beginWriteLock(durable: durable) {
            do {
                try execute(statement, [])
            } catch {
                _ = try? execute("ROLLBACK", [])
                throw error
            }
        }
        do {
            let result = try body()
            try execute("COMMIT", [])
            return result
        } catch {
            // A writer that dies here releases the lock all the same: SQLite rolls back an
            // unfinished transaction when the file is next opened, PostgreSQL with the connection.
            _ = try? execute("ROLLBACK", [])
            throw error
        }
    }
}
