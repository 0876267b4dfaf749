import RialArchive
import RialFormat

/// Refusal 9's third part (`schema/SPEC.md` §2.1): a package whose JSON files, parsed, would take
/// the verifier over its parsed-JSON budget (§8.3, step 4) could never be verified whole, so the
/// packer parses them as the verifier will, against one budget of the same size, and refuses.
///
/// The question is whether all the trees fit together, which does not depend on the order they
/// are parsed in. Each tree is dropped once counted: the packer's memory holds one at a time.
/// Tag files are parsed as they will be written (their digests still placeholders of the same
/// length, so the same shape); a document that does not parse for another reason is left to the
/// verifier's own checks.
enum ParsedJSONBudgetCheck {
    /// - Throws: ``PackagerError`` `.invalidCapture`, naming the file that crosses the budget.
    static func run(tagFiles: [PackageFile], payload: [CaptureDirectory.File]) throws(PackagerError) {
        let budget = JSONBudget(limit: PackageLayout.maxParsedJSONBytes)
        for tag in tagFiles where tag.path.hasSuffix(".json") {
            try parse(tag.bytes, named: tag.path, budget: budget)
        }
        for file in payload where PackageLayout.isParsedPayload(file.bagPath.rawValue) {
            let bytes: [UInt8]
            do { bytes = try FileChunkReader.readAll(path: file.sourcePath, limit: PackageLayout.maxParsedFileBytes) } catch {
                throw PackagerError(.invalidCapture, "cannot read \(file.sourcePath)", cause: error)
            }
            try parse(bytes, named: file.sourcePath, budget: budget)
        }
    }

    private static func parse(_ bytes: [UInt8], named name: String, budget: JSONBudget) throws(PackagerError) {
        do {
            _ = try StrictJSONParser.parse(bytes, budget: budget)
        } catch  where error.code == .budgetExceeded {
            throw PackagerError(
                .invalidCapture,
                """
                parsed, the package's JSON files would take more than \(PackageLayout.maxParsedJSONBytes >> 20) MiB of memory \
                (rial's estimate, schema/SPEC.md §8.3), and \(name) crosses it: a verifier parses at most that much, so the \
                package could not be verified whole. Split the recording, or leave the largest JSON files out of data/capture/
                """)
        } catch {
            // Not rial's to judge here: the verifier reports a document that does not parse.
        }
    }
}
