import RialFormat

/// When the capture existed, as the capture app's RFC 3161 tokens attest it, and what the app
/// says of its own clock: for the text and court reports' header. Made by the same rule as
/// ``AppTimestampCheck``'s findings (``AppTimestampVerdict``), so the header only ever
/// repeats a `pass` `app.timestamp`. The JSON report carries those findings instead.
public struct AppTimeSummary: Sendable {
    /// One token that passed `app.timestamp`.
    public struct Attestation: Sendable {
        /// Its place in the forensic manifest's `timestampTokens`.
        public let token: Int
        /// Its genTime, with the fraction it states.
        public let genTime: Timestamp
        /// The TSA's name: its certificate's common name, else its organisation.
        public let tsa: String

        /// "captured no later than <genTime>, attested by <TSA>", as `app.timestamp` words it.
        public var phrase: String { AppTimestampCheck.capturedPhrase(genTime: genTime, tsa: tsa) }
    }

    /// The tokens that passed, in manifest order.
    public let attestations: [Attestation]
    /// The app's statement of its NTP clock check, as `app.clock` words it; `nil` without one.
    public let clockStatement: String?

    /// Whether there is anything to show.
    public var isEmpty: Bool { attestations.isEmpty && clockStatement == nil }

    init(_ context: VerificationContext) {
        let window = AppCaptureWindow(context)
        attestations = context.appTokens.compactMap { facts in
            guard case .valid(let response, .matches, let signer, .trusted) = AppTimestampVerdict(facts, window: window) else { return nil }
            return Attestation(token: facts.index, genTime: AppTimestampVerdict.genTime(response), tsa: AppTimestampCheck.tsaName(signer))
        }
        clockStatement = context.parsedAppManifest?.clockCheck.map(AppTimestampCheck.clockStatement)
    }
}
