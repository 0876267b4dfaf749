/// What changed for one path since the previous audit of the same store.
package struct LedgerChange: Sendable, Equatable {
    /// One kind of change; a path can have several (a new fingerprint and a flipped verdict).
    package enum Kind: String, Sendable, CaseIterable {
        /// Audited now, never before under this root and share.
        case new
        /// Audited before, not among the inputs now.
        case vanished
        /// Same path, another manifest SHA-256 than last time.
        case fingerprintChanged = "fingerprint-changed"
        /// A new path whose package id the ledger knows with another fingerprint.
        case idFingerprintChanged = "id-fingerprint-changed"
        /// Same path, another verdict than last time.
        case verdictChanged = "verdict-changed"
        /// The previous verification was longer ago than `--max-age`.
        case overdue
        /// A new path holding the package (same id, same fingerprint) that the ledger knew at a
        /// path now gone: a move, one history.
        case moved
        /// The path was recorded as vanished, and is back.
        case reappeared

        /// Whether a person should look: everything but a new or moved package.
        package var needsAttention: Bool { self != .new && self != .moved }
    }

    /// The path the change is about.
    package let path: String
    /// Every kind that applies, in ``Kind`` order.
    package let kinds: [Kind]
    /// The newest record of the path before this run (for `id-fingerprint-changed` and
    /// `moved`: the record of the same package id elsewhere).
    package let previous: LedgerRecord?
    /// This run's record of the path; `nil` when it vanished.
    package let current: LedgerRecord?

    /// Whether a person should look.
    package var needsAttention: Bool { kinds.contains { $0.needsAttention } }
}
