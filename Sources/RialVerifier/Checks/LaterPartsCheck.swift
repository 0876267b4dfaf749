import RialFormat

/// Reports, for each part of the format this verifier does not evaluate yet (the seal,
/// timestamp and custody log have checks of their own), whether the
/// package has it: NOT PRESENT when absent, NOT CHECKED when present. Never PASS: the bytes of
/// these files are covered by the manifests above, but what they claim (a hash chain, who
/// signed, when) has not been examined.
struct LaterPartsCheck: VerificationCheck {
    private struct Part {
        let code: String
        let subject: String
        let absent: String
        let matches: (String) -> Bool
    }

    private let parts: [Part] = [
        Part(code: "metadata", subject: PackageLayout.metadata,
             absent: "the package carries no normalised capture metadata",
             matches: { $0 == PackageLayout.metadata }),
    ]

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.profile == .package || context.manifest != nil else { return [] }
        let paths = Array(context.inventory.files.keys)
        let recognised = { (path: String) in
            PackageLayout.isSealFile(path) || path.hasPrefix(PackageLayout.custodyDirectory) || self.parts.contains { $0.matches(path) }
        }
        // The chain, depth index, seal and custody log have checks of their own.
        let unknown = paths.filter { PackageLayout.isAppendedLater($0) && !recognised($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { CheckResult.notChecked("appended.unrecognised", $0, "a file appended after packing that this verifier does not recognise; its bytes are covered by the tag manifests, its meaning is not checked") }
        return unknown + parts.map { part in
            if paths.contains(where: part.matches) {
                return .notChecked(part.code, part.subject,
                                   "present, but rial \(RialToolkit.version) does not evaluate it; its bytes are covered by the manifests, its claims are not checked")
            }
            return .notPresent(part.code, part.subject, part.absent)
        }
    }
}
