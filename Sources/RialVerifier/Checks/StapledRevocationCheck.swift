import RialFormat

/// Each file of revocation evidence stapled in the package (`rial/seal/revocation/`,
/// `schema/SPEC.md` §14.11): PASS when it is intact (its name is its SHA-256) and reads as its
/// extension says; NOT CHECKED, with the reason, when it is not used. Whether a file speaks for
/// a certificate is the revocation findings' to judge, by its issuer's signature.
struct StapledRevocationCheck: VerificationCheck {
    var needs: Set<Fact> { [.custodyLog, .custodySignatures] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts else { return [] }
        let read = context.stapledRevocation.files.map { file -> CheckResult in
            if let problem = file.problem { return .notChecked(.sealRevocationStapled, file.path, problem) }
            return .pass(
                .sealRevocationStapled, file.path,
                "stapled revocation evidence, intact (its name is the SHA-256 of its bytes): \(file.reading ?? "read"); it is used only where its issuer's signature verifies, and the revocation findings name it when they do"
            )
        }
        return read + missing(context)
    }

    /// The prefix of the words a writer adds to an event's details (`RevocationStaple.record`).
    static let recordPrefix = "; stapled revocation evidence: "

    /// Files a validly signed custody event says were stapled, which the package no longer holds.
    private func missing(_ context: VerificationContext) -> [CheckResult] {
        var results: [CheckResult] = []
        for file in context.custodyLog?.files ?? [] {
            guard let event = file.event, context.custodySignatures[file.seq]?.signature?.isValid == true,
                let range = event.details.range(of: Self.recordPrefix)
            else { continue }
            let named = event.details[range.upperBound...].components(separatedBy: ", ").filter(PackageLayout.isStapledRevocation)
            for path in named where !context.has(path) {
                results.append(
                    CheckResult.fail(
                        .sealRevocationStapledMissing, path,
                        "custody event \(file.seq) (\(event.action.rawValue)), whose signature is valid, says this file was stapled, but the package no longer holds it: evidence its signer stapled was removed"
                    ).about(seq: file.seq))
            }
        }
        return results
    }
}
