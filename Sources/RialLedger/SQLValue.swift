/// A value bound to a statement's `?` placeholder. Rows come back as text (`String?`, `nil`
/// for NULL), which both stores give for every column type the ledger uses.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)

    /// `nil` as NULL, else the text.
    package static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }

    /// `nil` as NULL, else the integer.
    package static func optional(_ number: Int64?) -> SQLValue { number.map(SQLValue.integer) ?? .null }
}
