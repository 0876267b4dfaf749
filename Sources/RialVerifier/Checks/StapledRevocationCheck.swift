import RialFormat

/// Each file of revocation evidence stapled in the package (`rial/seal/revocation/`,
/// `schema/SPEC.md` §14.11): PASS when it is intact (its name is its SHA-256) and reads as its
/// extension says; NOT CHECKED, with the reason, when it is not used. Whether a file speaks for
/// a certificate is the revocation findings' to judge, by its issuer's signature.
struct StapledRevocationCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts else { return [] }
        return context.stapledRevocation.files.map { file in
            if let problem = file.problem { return .notChecked(.sealRevocationStapled, file.path, problem) }
            return .pass(.sealRevocationStapled, file.path,
                         "stapled revocation evidence, intact (its name is the SHA-256 of its bytes): \(file.reading ?? "read"); it is used only where its issuer's signature verifies, and the revocation findings name it when they do")
        }
    }
}
