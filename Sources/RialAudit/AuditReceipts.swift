#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialCrypto

/// Where `rial audit --receipts DIR` writes each package's receipt: `DIR/RUN/NAME-KEYHASH.receipt.json`,
/// one directory per run (a later audit never replaces an earlier run's receipts, which the
/// ledger's records name), a flat name per package that two packages of the same name in
/// different directories never share (KEYHASH: the first 16 hex digits of the SHA-256 of its key).
package struct AuditReceipts {
    /// `DIR/RUN`, made when missing.
    package let directory: String

    /// Makes `base/RUN` when missing.
    /// - Throws: ``AuditError`` when `base` is not a directory or the run's cannot be made.
    package init(directory base: String, runID: String) throws(AuditError) {
        var info = stat()
        guard stat(base, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw AuditError(.couldNotComplete, "--receipts \(base): not a directory; make it first (mkdir -p \(base))")
        }
        let name = try Self.directoryName(runID)
        directory = base.hasSuffix("/") ? base + name : base + "/" + name
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw AuditError(.couldNotComplete, "--receipts: cannot make \(directory): \(String(cString: strerror(errno)))")
        }
        // One that was there must be a directory, not a link to somewhere else.
        guard lstat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw AuditError(
                .couldNotComplete, "--receipts: \(directory) exists and is not a directory (a symbolic link is refused); remove it or give another --run")
        }
    }

    /// The run's directory name: the run id as one name. It comes from `--run` or the job
    /// engine's environment, so it is made safe here: `/` and NUL become `_` (scalar by scalar:
    /// a `/` followed by a combining mark is one Swift character, and still a separator), `.`
    /// and `..` become `_` and `__`, and an id longer than 200 bytes is cut; an id changed in
    /// any of these ways is followed by 16 hex digits of its SHA-256, so no two ids share one.
    static func directoryName(_ runID: String) throws(AuditError) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in runID.unicodeScalars { scalars.append(scalar == "/" || scalar == "\0" ? "_" : scalar) }
        var name = String(scalars)
        if name.isEmpty || name == "." || name == ".." { name = String(repeating: "_", count: max(1, name.utf8.count)) }
        // A changed id gets its hash, so two ids never share a directory ("a/b" and "a_b"):
        // an audit replaces receipts in its own run's directory only.
        if name != runID || name.utf8.count > maxNameBytes { return name.prefix(utf8Bytes: 100) + "-" + (try hash(runID)) }
        return name
    }

    /// The longest name rial gives a file or directory it makes here (file systems allow 255 bytes).
    package static let maxNameBytes = 200

    /// The first 16 hex digits of the SHA-256 of `text`.
    private static func hash(_ text: String) throws(AuditError) -> String {
        do {
            return String(Hex.encode(try StreamingDigest.digest(.sha256, of: Array(text.utf8))).prefix(16))
        } catch {
            throw AuditError(.couldNotComplete, "cannot hash a name", cause: error)
        }
    }

    /// The receipt's path for one input: its file name, without `.rialpkg` and cut to 100
    /// bytes (a package's own name may be as long as the file system allows; KEYHASH keeps the
    /// cut names apart), then KEYHASH.
    /// - Throws: when OpenSSL cannot hash the key: a made-up name could be another package's.
    package func path(for input: StoreKeys.Input) throws -> String {
        let last = input.path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? "package"
        let name = last.hasSuffix(".rialpkg") ? String(last.dropLast(".rialpkg".count)) : last
        let stem = name.prefix(utf8Bytes: 100)
        return "\(directory)/\(stem.isEmpty ? "package" : stem)-\(try Self.hash(input.key)).receipt.json"
    }
}
