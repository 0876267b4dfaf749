import RialFormat

/// Whether the newest events are all there. The package alone cannot prove it (dropping the
/// last events and their tag-manifest lines leaves a consistent log), so it needs the head a
/// receiver recorded (`--custody-head`).
struct CustodyHeadCheck: CustodyLogCheck {
    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult] {
        guard let recorded = context.policy.custodyHead?.lowercased() else {
            return [
                .notChecked(
                    .custodyHead, PackageLayout.custodyDirectory,
                    "whether events were removed from the end of the log cannot be told from the package alone (anyone can drop the newest events with their tag-manifest lines); give the head SHA-256 recorded at the last hand-over with --custody-head to check it"
                )
            ]
        }
        guard let index = log.files.firstIndex(where: { $0.sha256 == recorded }) else {
            return [
                .fail(
                    .custodyTruncated, PackageLayout.custodyDirectory,
                    "no event of this log has the SHA-256 given with --custody-head: events were removed since it was recorded, or the log was replaced",
                    expected: recorded, actual: log.files.last?.sha256)
            ]
        }
        let match = log.files[index]
        let after = log.files.count - 1 - index
        return [
            .pass(.custodyHead, match.path, "the log still holds the event recorded at hand-over (event \(match.seq)) and \(after) after it", seq: match.seq)
        ]
    }
}
