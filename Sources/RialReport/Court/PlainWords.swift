import RialVerifier
import RialFormat

/// The court report's words for the verifier's states and levels. A judge reads "missing" as
/// "removed" and does not know what `valid-trusted` or `location=precise` mean, so each is
/// said as a sentence a person would write.
enum PlainWords {
    /// A custody event's or a seal's signature, as a finding.
    static func signature(_ state: SignatureState) -> String {
        switch state {
        case .missing: return "not signed"
        case .invalid: return "signature does not verify"
        case .validUntrusted: return "signed, signer not trusted"
        case .validTrusted: return "signed, signer trusted"
        }
    }

    /// What a package discloses of where, when and on what it was captured.
    static func disclosure(_ levels: PrivacyLevels) -> [String] {
        let location: String
        switch levels.location {
        case .none: location = "Location withheld."
        case .coarse: location = "Only the city and country disclosed, not the exact location."
        case .precise: location = "Exact location disclosed."
        }
        let time: String
        switch levels.timestamp {
        case .none: time = "Time of capture withheld."
        case .dayOnly: time = "Only the day of capture disclosed, not the time."
        case .exact: time = "Exact time of capture disclosed."
        }
        let device: String
        switch levels.device {
        case .none: device = "Device withheld."
        case .modelOnly: device = "Only the device model disclosed."
        case .full: device = "Device model, operating system and app version disclosed."
        }
        return [location, time, device]
    }

    /// The verifier's terms a finding may use, and how the court report says them.
    static let glossary: [(term: String, words: String)] = [
        ("the trusted timestamp's genTime", "the time stated by the trusted time-stamping authority"),
        ("the token's genTime", "the time the token states"),
        ("valid at genTime", "valid at the time the token states"),
        ("genTime", "the time stated by the time-stamping authority"),
    ]

    /// A check's finding with the verifier's terms said in words (the JSON and text reports
    /// keep the finding as it is).
    static func finding(_ message: String) -> String {
        glossary.reduce(message) { $0.replacing($1.term, with: $1.words) }
    }

    /// What a trust anchor vouches for.
    static func role(_ role: TrustAnchorSummary.Role) -> String {
        switch role {
        case .signer: return "signers of the seal and of custody events"
        case .tsa: return "time-stamping authorities"
        }
    }
}
