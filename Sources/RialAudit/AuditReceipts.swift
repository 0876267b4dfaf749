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
        // A run id may hold any character but a slash is a directory: keep it one name.
        let name = String(runID.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
        directory = base.hasSuffix("/") ? base + name : base + "/" + name
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw AuditError(.couldNotComplete, "--receipts: cannot make \(directory): \(String(cString: strerror(errno)))")
        }
    }

    /// The receipt's path for one input.
    /// - Throws: when OpenSSL cannot hash the key: a made-up name could be another package's.
    package func path(for input: StoreKeys.Input) throws -> String {
        let name = input.path.split(separator: "/").last.map(String.init) ?? "package"
        let stem = name.hasSuffix(".rialpkg") ? String(name.dropLast(".rialpkg".count)) : name
        let keyHash = String(Hex.encode(try StreamingDigest.digest(.sha256, of: Array(input.key.utf8))).prefix(16))
        return "\(directory)/\(stem)-\(keyHash).receipt.json"
    }
}
