import RialFormat

/// A copy of the media held apart from the package (`rial verify --media FILE`), checked
/// against the SHA-256 the package states for it (`schema/SPEC.md` §16.7). A hash-only
/// package without `--media` has its media integrity reported NOT CHECKED, with the reason.
struct ExternalMediaCheck: VerificationCheck {
    var needs: Set<Fact> { [.externalMedia, .metadata] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let sources = context.metadataSources else { return [] }
        let claimed = sources.claimedMediaSHA256
        let packaged = context.payloadPaths(under: PackageLayout.mediaDirectory)
        // Every statement of the withheld media's hash must name the same file.
        if packaged.isEmpty, let reference = claimed.last, claimed.contains(where: { $0.sha256 != reference.sha256 }) {
            return claimed.filter { $0.sha256 != reference.sha256 }.map {
                .fail(.metadataMediaHashMismatch, $0.source, "names other media than \(reference.source)", expected: reference.sha256, actual: $0.sha256)
            }
        }
        guard let media = context.externalMedia else {
            guard packaged.isEmpty, let first = claimed.first else { return [] }
            return [
                .notChecked(
                    .mediaExternal, first.source,
                    "the package withholds the media and states only its SHA-256 (\(first.sha256)); pass --media FILE to check a copy of the media against it")
            ]
        }
        let subject = "--media \(media.path)"
        let actual: String
        do {
            actual = try media.sha256.get()
        } catch {
            return [.notChecked(.mediaExternal, subject, "could not read the media file: \(error)")]
        }
        if !packaged.isEmpty {
            if let match = packaged.first(where: { context.inventory.files[$0]?.digests[.sha256] == actual }) {
                return [.pass(.mediaExternal, subject, "SHA-256 \(actual) is that of \(match) in the package")]
            }
            return [
                .fail(
                    .mediaExternalMismatch, subject, "the file is none of the media in the package",
                    expected: packaged.compactMap { context.inventory.files[$0]?.digests[.sha256] }.joined(separator: " or "), actual: actual)
            ]
        }
        guard !claimed.isEmpty else {
            return [.notChecked(.mediaExternal, subject, "the package states no SHA-256 for its media to check the file against")]
        }
        let wrong = claimed.filter { $0.sha256 != actual }
        if wrong.isEmpty {
            return [.pass(.mediaExternal, subject, "SHA-256 \(actual) is the media hash stated by \(claimed.map(\.source).joined(separator: ", "))")]
        }
        let stated = Set(wrong.map(\.sha256)).sorted()
        return [
            .fail(
                .mediaExternalMismatch, subject, "the file is not the media \(wrong.map(\.source).joined(separator: ", ")) name\(wrong.count == 1 ? "s" : "")",
                expected: stated.joined(separator: " or "), actual: actual)
        ]
    }
}
