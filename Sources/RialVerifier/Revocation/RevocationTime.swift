/// The time that matters for revocation, and whether something other than the verifier's
/// clock proves it: a trusted timestamp's genTime when there is one, else the verification
/// time. Only a proven time lets a revocation after it pass ("the signature predates the
/// revocation"); a later `--at` or stapled evidence judge against the same value.
struct RevocationTime {
    /// Seconds since 1970.
    let seconds: Int64
    /// Whether a trusted timestamp proves the signature existed at ``seconds``.
    let isProven: Bool
    /// What the time is, for messages: "the trusted timestamp's genTime".
    let basis: String
}
