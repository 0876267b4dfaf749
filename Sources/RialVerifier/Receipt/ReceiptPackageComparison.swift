import RialFormat
import RialCrypto
import RialArchive

/// Whether the package given is the bytes a receipt names: its SHA-256 and size, all of its
/// bytes, as `sha256sum` would take them.
struct ReceiptPackageComparison {
    let recorded: RecordedReport?
    let reportPath: String
    let package: String

    /// The package file's SHA-256 and size, read once in chunks; `nil` when it cannot be read.
    func digest() -> PackageFileDigest? {
        guard let reader = try? FileChunkReader(path: package), let digest = try? StreamingDigest(.sha256) else { return nil }
        var size: UInt64 = 0
        do {
            try reader.streamAndClose { chunk in
                try digest.update(chunk)
                size += UInt64(chunk.count)
            }
            return PackageFileDigest(sha256: Hex.encode(try digest.finish()), size: size)
        } catch {
            return nil
        }
    }

    /// - Parameters:
    ///   - actual: the package file's digest, `nil` when it could not be read.
    ///   - unreadable: why not, when known.
    func finding(_ actual: PackageFileDigest?, unreadable: String?) -> CheckResult {
        guard let expected = recorded?.packageFile else {
            return .notChecked(.receiptPackage, package, "the receipt's report names no package file digest to compare with")
        }
        guard let actual else {
            return .notChecked(.receiptPackage, package, "the package cannot be read, so it was not compared\(unreadable.map { ": \($0)" } ?? "")")
        }
        guard actual == expected else {
            return .fail(
                .receiptPackageMismatch, package,
                "the package given is not the bytes the receipt names: another package, or this one changed since it was verified",
                expected: "SHA-256 \(expected.sha256), \(expected.size) bytes", actual: "SHA-256 \(actual.sha256), \(actual.size) bytes")
        }
        return .pass(.receiptPackage, package, "the package is the exact bytes the receipt names: SHA-256 \(actual.sha256), \(actual.size) bytes")
    }
}
