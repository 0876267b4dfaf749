/// Which file under `data/capture/` is which of the capture app's files (`schema/SPEC.md`
/// §2.2): the one reading packer and verifier share, so that what `rial pack` imported is what
/// the verifier checks.
///
/// A file's name decides first (`custody_log.json`, `recording_<n>.custody_log.json`, …, see
/// ``AppFileKind/named(_:)``); a `.json` file with another name is recognised by its shape
/// (``AppFileKind/shaped(_:)``). Every other file is carried verbatim and not interpreted.
package struct AppFiles: Sendable, Hashable {
    /// The file of each kind the capture has exactly one of.
    package let paths: [AppFileKind: String]
    /// The kinds the capture has more than one file of, with those files: none of them is
    /// read, since nothing says which one the app meant.
    package let ambiguous: [AppFileKind: [String]]
    /// The files no reading applies to (the app's `README.txt`, anything it adds later).
    package let uninterpreted: [String]

    /// - Parameters:
    ///   - capturePaths: bag paths under `data/capture/`.
    ///   - document: the parsed JSON of a `.json` path, `nil` when it does not parse (or is too
    ///     large to read): such a file is recognised by its name only.
    package init(capturePaths: [String], document: (String) -> JSONValue?) {
        var found: [AppFileKind: [String]] = [:]
        var uninterpreted: [String] = []
        for path in capturePaths.sorted() {
            let name = String(path.split(separator: "/").last ?? "")
            let kind = AppFileKind.named(name) ?? (name.hasSuffix(".json") ? document(path).flatMap(AppFileKind.shaped) : nil)
            if let kind { found[kind, default: []].append(path) } else { uninterpreted.append(path) }
        }
        paths = found.compactMapValues { $0.count == 1 ? $0[0] : nil }
        ambiguous = found.filter { $0.value.count > 1 }
        self.uninterpreted = uninterpreted
    }

    /// The path of the file of `kind`, when there is exactly one.
    package subscript(kind: AppFileKind) -> String? { paths[kind] }
}
