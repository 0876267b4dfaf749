import RialFormat

extension CheckResult.Code {
    /// The privacy codes `RialFormat`'s ``PrivacyAudit`` names its findings by, keyed by the
    /// spelling it uses (`PrivacyAudit.Finding.code`).
    static let privacyAuditCodes: [String: Self] = Dictionary(
        uniqueKeysWithValues: [
            Self.privacyPayloadMode, .privacyFlagsInconsistent, .privacyLocationLeak, .privacyTimestampLeak, .privacyDeviceLeak,
            .privacyUnknownField, .metadataPayloadAppDisclosure,
        ].map { ($0.rawValue, $0) })

    /// The declared code of a ``PrivacyAudit`` finding. Every code the audit makes is declared
    /// (a test reads them from its source); should it ever make another, the finding is still
    /// a privacy failure and is reported as `privacy`, the area's own code, rather than under
    /// a code that §8.6 does not list.
    static func privacyAudit(_ code: String) -> Self {
        privacyAuditCodes[code] ?? .privacy
    }

    /// `privacy.<dimension>.leak` for a dimension of ``PrivacyLevels/Excess``; an unknown
    /// dimension, as for ``privacyAudit(_:)``, is reported as `privacy`.
    static func privacyLeak(_ dimension: String) -> Self {
        switch dimension {
        case "location": .privacyLocationLeak
        case "timestamp": .privacyTimestampLeak
        case "device": .privacyDeviceLeak
        default: .privacy
        }
    }
}
