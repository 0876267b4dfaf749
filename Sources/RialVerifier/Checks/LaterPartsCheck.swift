import RialFormat

/// Reports each file appended after packing that this verifier does not recognise (the seal,
/// timestamp and custody log have checks of their own) as NOT CHECKED: its bytes are covered
/// by the tag manifests, its meaning is not examined. Never PASS.
struct LaterPartsCheck: VerificationCheck {
    var needs: Set<Fact> { [] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts else { return [] }
        let recognised = { (path: String) in PackageLayout.isSealFile(path) || path.hasPrefix(PackageLayout.custodyDirectory) }
        return context.inventory.files.keys.filter { PackageLayout.isAppendedLater($0) && !recognised($0) }
            .sorted(by: UTF8Order.precedes)
            .map {
                .notChecked(
                    .appendedUnrecognised, $0,
                    "a file appended after packing that this verifier does not recognise; its bytes are covered by the tag manifests, its meaning is not checked"
                )
            }
    }
}
