/// Why an audit (or an append to the ledger) stopped before it could say anything about the
/// store: what the command line prints, and whether it was the command line's fault.
package struct AuditError: Error {
    /// Whose fault, which decides the exit status.
    package enum Kind: Sendable, Equatable {
        /// What was given cannot be used (`--root` not a directory, an input outside it): 64.
        case usage
        /// The ledger cannot be opened, read, trusted or written, or nothing was found: 2.
        case couldNotComplete
    }

    /// Whose fault.
    package let kind: Kind
    /// What could not be done, said before ``cause`` (or alone, when there is none).
    package let context: String
    /// What the ledger or the system said, if this stops because of it.
    package let cause: (any Error)?

    /// An error saying `context`, because of `cause`.
    package init(_ kind: Kind, _ context: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.context = context
        self.cause = cause
    }
}
