import RialFormat

/// `bagit.txt` exists and declares a BagIt version and a tag-file encoding (RFC 8493 §2.1.1).
/// Packages must declare 1.0 and UTF-8; plain bags may declare 0.97 or 1.0, and any encoding
/// ``TagFileEncoding`` reads.
struct BagDeclarationCheck: VerificationCheck {
    var needs: Set<Fact> { [] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.bagDeclaration
        guard let bytes = context.bytes(subject) else {
            if context.has(subject) {
                return [.fail(.bagDeclarationUnreadable, subject, "bagit.txt is too large to read")]
            }
            return [.fail(.bagDeclarationMissing, subject, "bagit.txt is missing, so this is not a complete BagIt bag")]
        }
        let declaration: BagDeclaration
        do {
            declaration = try BagDeclaration.parse(bytes)
        } catch {
            return [.fail(.bagDeclarationMalformed, subject, error.reason)]
        }
        let accepted = context.profile == .package ? ["1.0"] : ["0.97", "1.0"]
        var results: [CheckResult] = []
        if !accepted.contains(declaration.version) {
            results.append(
                .fail(
                    .bagDeclarationVersion, subject, "BagIt version \(QuotedValue.excerpt(declaration.version)) is not accepted here",
                    expected: accepted.joined(separator: " or "), actual: QuotedValue.excerpt(declaration.version)))
        }
        if context.profile == .package, declaration.encoding.uppercased() != "UTF-8" {
            results.append(
                .fail(
                    .bagDeclarationEncoding, subject, "a package's tag files must be UTF-8", expected: "UTF-8",
                    actual: QuotedValue.excerpt(declaration.encoding)))
        } else if TagFileEncoding(declared: declaration.encoding) == nil {
            results.append(
                .fail(
                    .bagDeclarationEncoding, subject, "the tag files are declared in an encoding rial does not read; it reads \(TagFileEncoding.supported)",
                    expected: TagFileEncoding.supported, actual: QuotedValue.excerpt(declaration.encoding)))
        }
        return results.isEmpty ? [.pass(.bagDeclaration, subject, "BagIt \(declaration.version), \(declaration.encoding) tag files")] : results
    }
}
