import RialErrors

/// An error from opening, writing, reading or checking an audit ledger.
package typealias LedgerError = CodedError<LedgerErrorCode>

/// What went wrong with a ledger; the raw values are stable.
package struct LedgerErrorCode: RialErrorCode {
    package let rawValue: String
    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// `--ledger` names neither a file nor a `postgresql://` URL rial can use.
    package static let invalidLocation = Self("ledger.invalid-location")
    /// The database could not be opened or connected to.
    package static let cannotOpen = Self("ledger.cannot-open")
    /// A statement failed (I/O, a full disk, a lost connection, a lock held too long).
    package static let queryFailed = Self("ledger.query-failed")
    /// The ledger was made by a newer rial: its schema version is one this rial does not know.
    package static let schemaTooNew = Self("ledger.schema-too-new")
    /// The database refused the role what the ledger needs (creating its tables, inserting).
    package static let notPermitted = Self("ledger.not-permitted")
    /// A stored value is not what the schema allows (a hand-edited row, another program's table).
    package static let malformedRow = Self("ledger.malformed-row")
}
