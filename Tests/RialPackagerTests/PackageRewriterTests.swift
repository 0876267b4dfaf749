import Foundation
import RialFormat
import RialPackager
import RialTestSupport
import Testing

/// The rewriter `seal`, `timestamp attach`, `renew attach` and `custody append` go through.
@Suite("Package rewriter")
struct PackageRewriterTests {
    @Test("tag files read again are bounded all together, as a verifier bounds them: more is refused, not held in memory")
    func tagFilesAreBounded() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tags = try PackageRewriter.tagFiles(of: package.path)
            let total = UInt64(tags.files.values.reduce(0) { $0 + $1.count })
            #expect(try PackageRewriter.tagFiles(of: package.path, totalLimit: total).files.count == tags.files.count)
            let refused = #expect(throws: PackagerError.self) { try PackageRewriter.tagFiles(of: package.path, totalLimit: total - 1) }
            #expect(
                refused?.code == .invalidCapture && refused?.reason.contains("more than \(total - 1) bytes together") == true, "\(String(describing: refused))")
        }
    }
}
