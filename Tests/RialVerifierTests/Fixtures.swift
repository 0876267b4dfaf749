import Foundation
import RialTestSupport
import RialFormat
import RialPackager
@testable import RialVerifier

/// A packed sample in a temporary directory, shared helpers for verifier tests.
struct PackedSample {
    let directory: String
    let capture: String
    let package: String

    static let created = "2026-01-15T12:00:00Z"

    init(extraFiles: [String: [UInt8]] = [:], extraDirectories: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-verifier-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        capture = directory + "/capture"
        package = directory + "/sample.rialpkg"
        var sample = SampleCapture()
        sample.seconds = 1
        sample.width = 64
        sample.height = 48
        sample.depthWidth = 16
        sample.depthHeight = 12
        try sample.write(to: capture)
        for path in extraDirectories {
            try FileManager.default.createDirectory(atPath: capture + "/" + path, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: capture + "/" + path + "/f"))
        }
        for (path, bytes) in extraFiles {
            try Data(bytes).write(to: URL(fileURLWithPath: capture + "/" + path))
        }
        _ = try Packager(
            options: PackageOptions(
                captureDirectory: capture, output: package, packageID: try PackageID("test-pkg"),
                created: try Timestamp(rfc3339: Self.created))
        ).write()
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// The scanned inventory of the package.
    func inventory() throws -> Inventory {
        try PackageScanner(path: package, limits: VerificationLimits(), progress: nil).scan()
    }

    /// The archive offset of a file's data, found by walking the raw 512-byte headers
    /// (ustar only: the sample's names are short and ASCII).
    func dataOffset(of bagPath: String) throws -> Int {
        try RawTar.dataOffset(of: "test-pkg/" + bagPath, in: Data(contentsOf: URL(fileURLWithPath: package)))
    }

    /// Overwrites bytes of the package in place.
    func patch(at offset: Int, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: package))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }
}

extension VerificationReport {
    /// Codes of failing checks with their subjects.
    var failureSet: Set<String> { Set(failures.map { "\($0.code) \($0.subject)" }) }
}
