import RialVerifier
/// The failures of a report, for the first page of the court report: one line per place and
/// meaning (a changed file fails its SHA-256 and its SHA-512 line: one line, two codes), in
/// report order, at most ``shownLimit`` of them.
struct FailureSummary {
    struct Line {
        /// What the failure means (``FailureMeaning``).
        let meaning: String
        /// Where: the file, frame or other subject the checks name.
        let subject: String
        /// The custody event, for a finding about one.
        let seq: Int64?
        /// The codes of the failed checks, in report order.
        var codes: [String]
        /// The first failed check's finding, for the details.
        let finding: String
    }

    /// How many lines the first page shows; the rest are under "Every check".
    static let shownLimit = 8

    /// Every line, in report order.
    let lines: [Line]

    init(_ report: VerificationReport) {
        var lines: [Line] = []
        for check in report.failures {
            let meaning = FailureMeaning.of(check.code)
            if let index = lines.firstIndex(where: { $0.meaning == meaning && $0.subject == check.subject && $0.seq == check.seq }) {
                if !lines[index].codes.contains(check.code.rawValue) { lines[index].codes.append(check.code.rawValue) }
            } else {
                lines.append(
                    Line(meaning: meaning, subject: check.subject, seq: check.seq, codes: [check.code.rawValue], finding: PlainWords.finding(check.message)))
            }
        }
        self.lines = lines
    }

    /// The lines the first page shows.
    var shown: ArraySlice<Line> { lines.prefix(Self.shownLimit) }
    /// How many are left to "Every check".
    var hiddenCount: Int { max(0, lines.count - Self.shownLimit) }
}
