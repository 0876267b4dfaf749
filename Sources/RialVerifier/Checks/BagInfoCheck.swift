import RialFormat

/// `bag-info.txt` parses; in a package it carries the required fields and its
/// `External-Identifier` names the package's directory.
struct BagInfoCheck: VerificationCheck {
    var needs: Set<Fact> { [.bagInfo] }

    static let requiredFields = ["Payload-Oxum", "Bagging-Date", "External-Identifier", "Bag-Software-Agent"]

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.bagInfo
        guard let parsed = context.bagInfo else {
            if !context.has(subject) {
                return [
                    context.profile == .package
                        ? .fail(.bagInfoMissing, subject, "the package has no bag-info.txt")
                        : .notPresent(.bagInfo, subject, "the bag has no bag-info.txt (optional in RFC 8493)")
                ]
            }
            return [.fail(.bagInfoUnreadable, subject, "bag-info.txt is too large to read")]
        }
        let info: BagInfo
        switch parsed {
        case .failure(let error): return [.fail(.bagInfoMalformed, subject, error.reason)]
        case .success(let value): info = value
        }
        guard context.profile == .package else {
            return [.pass(.bagInfo, subject, "\(info.fields.count) metadata fields, well formed")]
        }
        var results: [CheckResult] = []
        for label in Self.requiredFields {
            let count = info.values(label).count
            if count == 0 {
                results.append(.fail(.bagInfoFieldMissing, "bag-info.txt: \(label)", "required field \(label) is missing"))
            } else if count > 1 {
                results.append(.fail(.bagInfoFieldRepeated, "bag-info.txt: \(label)", "\(label) appears \(count) times; a package states it once"))
            }
        }
        if let identifier = info.values("External-Identifier").first, let root = context.inventory.rootName, identifier != root {
            results.append(
                .fail(
                    .bagInfoExternalIdentifierMismatch, "bag-info.txt: External-Identifier",
                    "the package id in bag-info.txt differs from the package's directory name", expected: root, actual: QuotedValue.excerpt(identifier)))
        }
        if let date = info.values("Bagging-Date").first, !Self.isDate(date) {
            results.append(
                .fail(.bagInfoBaggingDateInvalid, "bag-info.txt: Bagging-Date", "Bagging-Date must be YYYY-MM-DD", actual: QuotedValue.excerpt(date)))
        }
        return results.isEmpty ? [.pass(.bagInfo, subject, "required fields present; External-Identifier names this package")] : results
    }

    private static func isDate(_ text: String) -> Bool {
        (try? Timestamp(rfc3339: text + "T00:00:00Z")) != nil && text.utf8.count == 10
    }
}
