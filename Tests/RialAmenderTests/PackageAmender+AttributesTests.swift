import Foundation
import RialAmender
import RialFormat
import RialPackager
import RialTestSupport
import Testing

/// What an amendment keeps of the file it replaces, besides its bytes.
@Suite("PackageAmender: the file's attributes")
struct PackageAmenderAttributesTests {
    /// POSIX ACLs live in extended attributes as `user.` tags do: a rewrite that dropped them
    /// would take away access a lab gave a group.
    @Test("an amended package keeps its extended attributes (os.setxattr and os.getxattr judge)")
    func extendedAttributesAreKept() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let python = try OutsideOracle.python()
        let set = Subprocess.execute([python, "-c", "import os, sys; os.setxattr(sys.argv[1], 'user.evidence', b'case-7')", sample.package], cwd: nil)
        try #require(set.status == 0, "\(set)")
        _ = try PackageAmender(path: sample.package).seal(with: TestSigner.make(), at: .now())
        let got = Subprocess.execute([python, "-c", "import os, sys; print(os.getxattr(sys.argv[1], 'user.evidence').decode())", sample.package], cwd: nil)
        #expect(got.status == 0 && got.output == "case-7\n", "\(got)")
        #expect(try PackageRewriter.tagFiles(of: sample.package).files[PackageLayout.seal] != nil, "sealed")
    }
}
