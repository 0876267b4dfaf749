import RialCrypto

/// A stable share of the inputs: worker K of N takes the paths whose hash is K modulo N, so N
/// workers that are given the same paths take each exactly once, without talking to each
/// other, and a rerun of worker K takes the same share again.
///
/// The function (docs/ledger.md): the first 8 bytes of the SHA-256 of the path's UTF-8 bytes,
/// exactly as given or found (no normalisation), read as a big-endian unsigned integer,
/// modulo N, equal to K.
package struct ShardSelector: Sendable, Equatable, CustomStringConvertible {
    /// This worker's index, 0 ≤ index < count.
    package let index: Int
    /// The number of workers.
    package let count: Int

    /// Every input, as one worker with no sharding.
    package static let all = ShardSelector(uncheckedIndex: 0, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `K/N`, or `auto/N` with K from `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job)
    /// or else `SLURM_ARRAY_TASK_ID` (a Slurm job array).
    /// - Returns: the selector, or why the text cannot be one.
    package static func parse(_ text: String, environment: [String: String]) -> Result<ShardSelector, ShardSelectorError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1, count <= 1_000_000 else {
            return .failure(ShardSelectorError("--shard takes K/N with 0 ≤ K < N (e.g. 0/4), or auto/N; not \"\(text)\""))
        }
        let indexText: String
        if parts[0] == "auto" {
            guard let fromEnvironment = environment["JOB_COMPLETION_INDEX"] ?? environment["SLURM_ARRAY_TASK_ID"] else {
                return .failure(
                    ShardSelectorError("--shard auto/\(count) reads JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm); neither is set"))
            }
            indexText = fromEnvironment
        } else {
            indexText = String(parts[0])
        }
        guard let index = Int(indexText), index >= 0, index < count else {
            return .failure(ShardSelectorError("--shard \(text): the index \(indexText) is not a whole number from 0 to \(count - 1)"))
        }
        return .success(ShardSelector(uncheckedIndex: index, count: count))
    }

    /// Whether this worker takes `path`.
    package func selects(_ path: String) -> Bool {
        count == 1 || Self.bucket(of: path, count: count) == index
    }

    /// The worker of N that takes `path`.
    package static func bucket(of path: String, count: Int) -> Int {
        guard count > 1 else { return 0 }
        // SHA-256 of a short string cannot fail short of OpenSSL being broken; then every
        // path lands in share 0, which a test of the split would show at once.
        let digest = (try? StreamingDigest.digest(.sha256, of: Array(path.utf8))) ?? []
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        return Int(value % UInt64(count))
    }

    /// `K/N`, or `all`.
    package var description: String { count == 1 && index == 0 ? "all" : "\(index)/\(count)" }
}

/// Why `--shard` could not be read, said for the person who typed it.
package struct ShardSelectorError: Error, Sendable, CustomStringConvertible {
    /// The message.
    package let description: String
    init(_ description: String) { self.description = description }
}
