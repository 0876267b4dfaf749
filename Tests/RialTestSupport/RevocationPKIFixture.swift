import Foundation
import Testing
import RialCrypto

/// The revocation PKI of `examples/pki/make-revocation-pki.sh` (its header lists every
/// certificate, CRL and date), made once per test in a temporary directory, and the openssl CLI
/// that made it, as the oracle of what its files say.
public struct RevocationPKIFixture: Sendable {
    static let repository = OutsideOracle.repoRoot
    /// The PKI's directory (`<scratch>/pki`).
    public let directory: String
    /// The scratch directory holding the PKI and whatever a test makes beside it.
    public var scratch: String { URL(fileURLWithPath: directory).deletingLastPathComponent().path }

    /// Runs a command (through `env`, with no openssl configuration file of the machine's);
    /// its standard output. Fails the test when it exits other than 0.
    @discardableResult
    public static func run(_ arguments: [String], in directory: String? = nil) throws -> String {
        return try Subprocess.succeed(arguments, cwd: directory.map { URL(fileURLWithPath: $0) }, environment: ["OPENSSL_CONF": "/dev/null"]).output
    }

    public init() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("rial-revocation-\(UUID().uuidString)").path
        directory = parent + "/pki"
        do {
            try Self.run(["bash", Self.repository.appendingPathComponent("examples/pki/make-revocation-pki.sh").path, directory])
        } catch {
            try? FileManager.default.removeItem(atPath: parent)
            throw error
        }
    }

    /// Removes the scratch directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: directory).deletingLastPathComponent().path) }

    public func path(_ name: String) -> String { directory + "/" + name }

    public func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    public func certificate(_ name: String) throws -> Certificate { try #require(try Certificate.load(pem: bytes(name), source: name).first) }

    /// An OCSP response about `certificate`, signed as `responder` (examples/pki/ocsp-reply.sh).
    public func ocsp(_ certificate: String, by responder: String) throws -> [UInt8] {
        let name = "\(certificate)-by-\(responder).ocsp"
        try Self.run(["bash", Self.repository.appendingPathComponent("examples/pki/ocsp-reply.sh").path, directory, certificate, responder, path(name)])
        return try bytes(name)
    }

    /// Seconds since 1970 of a date openssl prints with `-dateopt iso_8601` (`2026-11-28 17:53:50Z`).
    public static func seconds(iso text: Substring) throws -> Int64 {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "Z", with: "")
        return Int64(try #require(formatter.date(from: trimmed), "not a date: \(text)").timeIntervalSince1970)
    }
}
