import Foundation
import Testing
import RialTestSupport
import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

/// A packed sample in its own temporary directory, to amend.
struct AmendableSample {
    let directory: String
    let package: String

    static let created = "2026-01-15T12:00:00Z"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// - Parameter name: the package's file name; its id is always `test-pkg`.
    init(name: String = "sample.rialpkg", in directory: String? = nil) throws {
        self.directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("rial-amender-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        let capture = self.directory + "/capture-\(UUID().uuidString)"
        package = self.directory + "/" + name
        var sample = SampleCapture()
        sample.seconds = 1
        sample.width = 64
        sample.height = 48
        sample.depthWidth = 16
        sample.depthHeight = 12
        try sample.write(to: capture)
        _ = try Packager(
            options: PackageOptions(
                captureDirectory: capture, output: package, packageID: try PackageID("test-pkg"),
                created: try Timestamp(rfc3339: Self.created))
        ).write()
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// The package's bytes, to show a refusal left it untouched.
    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: package)) }

    /// Flips one byte of a payload file in place: the tar stays well formed, the manifests no
    /// longer match.
    func flipByte(of bagPath: String = "data/media/capture.mov", at index: Int = 100) throws {
        let data = try bytes()
        let offset = try RawTar.dataOffset(of: "test-pkg/" + bagPath, in: data) + index
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: package))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data([data[offset] ^ 0xFF]))
        try handle.close()
    }
}

/// Signers made in process: a fresh P-256 key and a self-signed certificate.
enum TestSigner {
    /// A sealer whose certificate is valid from `from` for `days` days.
    static func make(commonName: String = "Test Sealer", from: Timestamp = .now(), days: Int = 30) throws -> Sealer {
        let key = try SigningKey.generateP256()
        let certificate = try CertificateIssuer.selfSigned(
            key: key, subject: DistinguishedName(parsing: "CN=\(commonName),O=Amender Tests"),
            days: days, now: from.seconds)
        return Sealer(signer: try DetachedSigner(key: key, certificate: certificate, chain: []))
    }
}
