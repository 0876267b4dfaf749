/// Something wrong with what the capture app exported, found while packing
/// (`schema/SPEC.md` §2.1, "Kept as received"): by default a refusal, since the package would
/// carry evidence that does not hold together; with `--keep-as-received` the export is packed
/// byte for byte as it came, `rial pack` warns, and the verifier reports the problem for as
/// long as the package exists. Evidence is sometimes received broken and has to be preserved
/// in that state, so every refusal about the export's content goes through here.
struct ReceivedContentProblem: Sendable {
    /// The file and what is wrong with it, e.g. "export/x.manifest.json: timestampTokens[0].token
    /// is not base64".
    let problem: String
    /// What packing as received means for the package, e.g. "the app's events are not imported".
    let whenKept: String
    /// The checks that will report it, e.g. "custody.import.unreadable".
    let reportedAs: String
    /// The reading's error, kept as the refusal's cause for programs (its text is in `problem`).
    let cause: (any Error)?

    init(_ problem: String, whenKept: String, reportedAs: String, cause: (any Error)? = nil) {
        self.problem = problem
        self.whenKept = whenKept
        self.reportedAs = reportedAs
        self.cause = cause
    }

    /// The warning to print, when `keepAsReceived`.
    /// - Throws: ``PackagerError`` `.invalidCapture` with the problem and how to keep it, otherwise.
    func resolve(keepAsReceived: Bool) throws -> String {
        guard keepAsReceived else {
            throw PackagerError(
                .invalidCapture, "\(problem). To package the export exactly as received and let verification report it (\(reportedAs)), add --keep-as-received",
                cause: cause)
        }
        return "\(problem); packed as received (--keep-as-received): \(whenKept). Verification will report it (\(reportedAs))"
    }
}
