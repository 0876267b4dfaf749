/// Where a ledger is: a SQLite file (the default) or a PostgreSQL database.
package enum LedgerLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    /// Reads `--ledger`: a `postgresql://` or `postgres://` URL, else a file path.
    /// - Throws: ``LedgerError`` `.invalidLocation` for an empty value.
    package init(parsing text: String) throws(LedgerError) {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
            self = .postgres(url: text)
        } else if text.isEmpty || text.contains("://") {
            throw LedgerError(.invalidLocation, "--ledger takes a file, or a postgresql:// URL; \"\(text)\" is neither")
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The ledger used without `--ledger`: `$RIAL_LEDGER` when set, else
    /// `$XDG_DATA_HOME/rial/ledger.sqlite`, else `$HOME/.local/share/rial/ledger.sqlite`.
    /// - Parameter environment: the process's environment.
    /// - Returns: `nil` when none of those variables is set.
    package static func defaultLocation(environment: [String: String]) -> String? {
        if let named = environment["RIAL_LEDGER"], !named.isEmpty { return named }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/rial/ledger.sqlite" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/rial/ledger.sqlite" }
        return nil
    }

    /// For messages: the path, or the URL without its password.
    package var displayName: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): PostgresLedgerStore.withoutPassword(url)
        }
    }

    /// Opens the store (a SQLite file is created only with `creating`).
    /// - Throws: ``LedgerError`` `.cannotOpen`.
    package func open(creating: Bool) throws(LedgerError) -> any LedgerStore {
        switch self {
        case .sqlite(let path): try SQLiteLedgerStore(path: path, creating: creating)
        case .postgres(let url): try PostgresLedgerStore(url: url)
        }
    }
}
