import RialFormat
import RialCrypto

/// A package's BagIt tag files in the one byte form rial writes (`schema/SPEC.md` §5, §8.5 check
/// 7a). A reader accepts more than a writer writes (a digest in capitals, a TAB before the path,
/// CR LF), which is right for another tool's bag but, in a package, would let the same evidence
/// exist in a second byte form with a second fingerprint. Each file is parsed as its own check
/// parses it and written again as rial writes it; the bytes must be the same. Plain bags keep
/// BagIt's leniency. A file that is missing or does not parse is left to its own check.
struct TagFileFormCheck: VerificationCheck {
    var needs: Set<Fact> { [.bagManifests] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.profile == .package else { return [] }
        var results: [CheckResult] = []
        var judged: [String] = []
        for (path, canonical) in canonicalForms(context) {
            guard let bytes = context.bytes(path), let canonical else { continue }
            judged.append(path)
            if let difference = Self.firstDifference(bytes, canonical) {
                results.append(
                    .fail(
                        .bagFormNotCanonical, path,
                        "\(path) holds the same entries in another byte form than the one rial writes (schema/SPEC.md §5): the package would have a second fingerprint for the same content; line \(difference.line) differs",
                        expected: QuotedValue.excerpt(difference.expected), actual: QuotedValue.excerpt(difference.actual)))
            }
        }
        if results.isEmpty, !judged.isEmpty {
            results.append(.pass(.bagForm, "tag files", "\(judged.joined(separator: ", ")) are each in the one byte form rial writes"))
        }
        return results
    }

    /// Each tag file and the bytes rial would write for what it parses to; `nil` when it does not
    /// parse (its own check says why).
    private func canonicalForms(_ context: VerificationContext) -> [(String, [UInt8]?)] {
        var forms: [(String, [UInt8]?)] = [(PackageLayout.bagDeclaration, Array("BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n".utf8))]
        let info = context.bytes(PackageLayout.bagInfo).flatMap { try? BagInfo.parse($0) }
        // rial strips a value's surrounding spaces and TABs before writing it (§5.2); a reader keeps
        // trailing ones, so a value that has them is written without them.
        forms.append(
            (
                PackageLayout.bagInfo,
                info.map { info in
                    Array(info.fields.map { "\($0.label): \($0.value.trimmingTrailingBlanks)\n" }.joined().utf8)
                }
            ))
        for algorithm in [DigestAlgorithm.sha256, .sha512] {
            let payload = "manifest-\(algorithm.rawValue).txt"
            forms.append((payload, (try? context.bagManifest(payload, algorithm: algorithm))?.map { $0.bytes() }))
            // Tag manifests grow by appending (§5.4), so their order is the order of the file.
            let tag = "tagmanifest-\(algorithm.rawValue).txt"
            forms.append(
                (
                    tag,
                    (try? context.bagManifest(tag, algorithm: algorithm))?.map { manifest in
                        Array(manifest.entries.map { "\($0.digest)  \(ManifestPathEncoding.encode($0.path))\n" }.joined().utf8)
                    }
                ))
        }
        return forms
    }

    /// The first line (1-based) where `actual` and `expected` differ, with both lines, or `nil`
    /// when they are the same bytes.
    static func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> (line: Int, expected: String, actual: String)? {
        guard actual != expected else { return nil }
        let actualLines = actual.split(separator: 0x0A, omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: 0x0A, omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let a = index < actualLines.count ? Array(actualLines[index]) : []
            let e = index < expectedLines.count ? Array(expectedLines[index]) : []
            if a != e || index >= actualLines.count || index >= expectedLines.count {
                return (index + 1, Self.visible(e, present: index < expectedLines.count), Self.visible(a, present: index < actualLines.count))
            }
        }
        return (1, "", "")
    }

    /// A line as a report shows it: CR and TAB named, so the difference is visible.
    private static func visible(_ line: [UInt8], present: Bool) -> String {
        guard present else { return "(no line)" }
        return String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t")
    }
}

private extension String {
    /// Without trailing spaces and TABs.
    var trimmingTrailingBlanks: String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
