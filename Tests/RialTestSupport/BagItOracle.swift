import Foundation
import Testing

/// Plain BagIt bags (RFC 8493) made by bagit-python, the outside oracle, so that the bags rial
/// verifies come from another implementation.
public enum BagItOracle {
    /// A bag of a few files (one in a subdirectory, one with a non-ASCII name) in `dir/bag`:
    /// bagit-python's default sha256 and sha512 manifests, or the `algorithms` flags given
    /// (e.g. `["--md5"]`).
    public static func makeBag(in dir: URL, algorithms: [String] = []) throws -> URL {
        let bag = dir.appendingPathComponent("bag")
        try FileManager.default.createDirectory(at: bag.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("one\n".utf8).write(to: bag.appendingPathComponent("a.txt"))
        try Data("two\n".utf8).write(to: bag.appendingPathComponent("sub/b.txt"))
        try Data("drei\n".utf8).write(to: bag.appendingPathComponent("Müller_東京.txt"))
        let made = Subprocess.execute([try OutsideOracle.python(), "-m", "bagit", "--quiet"] + algorithms + [bag.path], cwd: dir)
        try #require(made.status == 0, "bagit-python could not make a bag: \(made)")
        try #require(FileManager.default.fileExists(atPath: bag.appendingPathComponent("bagit.txt").path))
        return bag
    }
}
