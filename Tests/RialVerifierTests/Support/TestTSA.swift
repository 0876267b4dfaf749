import Foundation
import RialCrypto
import RialTestSupport

/// The test PKI's time-stamping authorities (`examples/pki`, README there), in a directory of
/// their own: real RFC 3161 tokens over real bytes, made with `openssl ts -query` and
/// `tsa-reply.sh`, and `openssl ts -verify` as the outside oracle on them.
struct TestTSA {
    /// A scratch directory holding the PKI (`pki/`) and every file made.
    let directory: String
    let testPKI: TestPKI
    var pki: String { testPKI.dir.path }
    /// The test root, the anchor a verifier passes with `--tsa-trust`.
    let root: [Certificate]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-apptsa-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            testPKI = try TestPKI.make(in: URL(fileURLWithPath: directory))
            root = try Certificate.load(pem: Array(Data(contentsOf: URL(fileURLWithPath: directory + "/pki/root-ca.pem"))), source: "root-ca.pem")
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// Writes `bytes` as `name` in the directory; returns its path.
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A token of the test TSA `tsa` (`good`, `other`, `noeku`, `sha1`) over `bytes`, the
    /// request asking for the TSA's certificate, as a DER TimeStampResp; with `bare`, only the
    /// TimeStampToken inside it.
    /// - Returns: the DER bytes and the file holding them.
    func token(_ tsa: String = "good", over bytes: [UInt8], digest: String = "sha256", bare: Bool = false) throws -> (der: [UInt8], path: String) {
        let name = UUID().uuidString
        let data = try write(bytes, as: name + ".data")
        try Self.run(["openssl", "ts", "-query", "-data", data, "-" + digest, "-cert", "-out", directory + "/\(name).tsq"])
        var path = directory + "/\(name).tsr"
        try testPKI.reply(as: tsa, request: URL(fileURLWithPath: directory + "/\(name).tsq"), response: URL(fileURLWithPath: path))
        if bare {
            let tokenPath = directory + "/\(name).tst"
            try Self.run(["openssl", "ts", "-reply", "-in", path, "-token_out", "-out", tokenPath])
            path = tokenPath
        }
        return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), path)
    }

    /// The root of the other hierarchy, the `other` TSA's.
    var otherRoot: [Certificate] {
        (try? Certificate.load(pem: Array(Data(contentsOf: URL(fileURLWithPath: pki + "/other-root-ca.pem"))), source: "other-root-ca.pem")) ?? []
    }

    /// The oracle: whether `openssl ts -verify -data MEDIA -in TOKEN -CAfile ROOT
    /// -untrusted tsa-chain.pem` accepts the token (signature, imprint over the media, the
    /// TSA's chain to the test root, `root`, for time stamping).
    func opensslVerifies(token: String, media: String, bare: Bool = false, root: String = "root-ca.pem") throws -> Bool {
        var arguments = ["openssl", "ts", "-verify", "-data", media, "-in", token]
        if bare { arguments.append("-token_in") }
        let chain = root == "other-root-ca.pem" ? "/other-tsa-chain.pem" : "/tsa-chain.pem"
        arguments += ["-CAfile", pki + "/" + root, "-untrusted", pki + chain]
        return try Self.status(arguments) == 0
    }

    @discardableResult
    private static func run(_ arguments: [String]) throws -> Int32 {
        let status = try status(arguments)
        guard status == 0 else { throw BuilderError("\(arguments.joined(separator: " ")) exited \(status)") }
        return status
    }

    private static func status(_ arguments: [String]) throws -> Int32 {
        Subprocess.execute(arguments, cwd: nil).status
    }
}
