extension CheckResult.Code {
    /// The codes of a revocation finding whose words ``RevocationJudge`` makes: the seal's, the
    /// timestamp's or a custody event's, spelled out constant by constant so each is one SPEC §8.6 lists.
    struct RevocationCodes: Sendable {
        /// Good (pass), or not checked at all (no evidence given, an anchor, OpenSSL failed).
        let checked: CheckResult.Code
        let revoked: CheckResult.Code
        let revokedLater: CheckResult.Code
        let missing: CheckResult.Code
        let stale: CheckResult.Code
        let unknown: CheckResult.Code
        let unauthorized: CheckResult.Code

        static let seal = RevocationCodes(
            checked: .sealRevocation, revoked: .sealRevocationRevoked, revokedLater: .sealRevocationRevokedLater,
            missing: .sealRevocationMissing, stale: .sealRevocationStale, unknown: .sealRevocationUnknown,
            unauthorized: .sealRevocationUnauthorized)
        static let timestamp = RevocationCodes(
            checked: .timestampRevocation, revoked: .timestampRevocationRevoked, revokedLater: .timestampRevocationRevokedLater,
            missing: .timestampRevocationMissing, stale: .timestampRevocationStale, unknown: .timestampRevocationUnknown,
            unauthorized: .timestampRevocationUnauthorized)
        static let custody = RevocationCodes(
            checked: .custodyRevocation, revoked: .custodyRevocationRevoked, revokedLater: .custodyRevocationRevokedLater,
            missing: .custodyRevocationMissing, stale: .custodyRevocationStale, unknown: .custodyRevocationUnknown,
            unauthorized: .custodyRevocationUnauthorized)
    }
}
