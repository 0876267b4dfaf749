import RialFormat

/// `fetch.txt` (RFC 8493 §2.2.3; `schema/SPEC.md` §8.5 check 6a): rial never fetches, so each
/// entry is said NOT CHECKED (its file is checked only if the bag holds it), and a line whose
/// path would be written outside `data/` fails, as bagit-python refuses it.
struct FetchCheck: VerificationCheck {
    var needs: Set<Fact> { [.tagEncoding] }

    static let fileName = "fetch.txt"

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = Self.fileName
        guard context.has(subject) else { return [] }
        let list: FetchList
        do {
            guard let text = try context.tagText(subject) else {
                return [.fail(.bagFetchInvalid, subject, "fetch.txt is too large to read")]
            }
            list = try FetchList.parse(text)
        } catch {
            return [.fail(.bagFetchInvalid, subject, error.reason)]
        }
        var results = list.problems.map { CheckResult.fail(.bagFetchInvalid, $0.subject, "fetch.txt line \($0.line): \($0.reason)") }
        results += list.entries.map { entry in
            let held = context.has(entry.path) ? "the bag holds it, so the manifests check it" : "the bag does not hold it"
            return .notChecked(
                .bagFetch, entry.path, "fetch.txt line \(entry.line) lists it to be fetched from \(QuotedValue.excerpt(entry.url)); rial never fetches: \(held)"
            )
        }
        return results
    }
}
