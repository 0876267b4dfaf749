import Foundation
import RialTestSupport
import Testing

/// The capture app's export, packed as it comes, with an RFC 3161 token the test TSA made over
/// its recording (SPEC §8.5.1): `rial verify --tsa-trust` passes it and says when the capture
/// existed. What the verifier finds, and `openssl ts -verify`'s agreement, are in-process tests
/// (RialVerifierTests' AppExportTimestampTests); this is `rial pack` and `rial verify` end to end.
@Suite("App export timestamps")
struct AppExportTimestampTests {
    @Test("end to end: a packed export's token passes with --tsa-trust (exit 0), the text report says when it was captured")
    func appTokenPasses() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let (export, _, _) = try pki.appExport(in: dir)
            // Packed now, so after the token: --created is not given.
            let pack = CLI.rial(["pack", export.path, "-o", "case.rialpkg", "--quiet"], cwd: dir)
            try #require(pack.status == 0, "\(pack)")
            let package = dir.appendingPathComponent("case.rialpkg")
            // What the verifier finds, the JSON report's schema and openssl's verdict are
            // in-process tests (RialVerifierTests' AppExportTimestampTests).
            let text = CLI.rial(["verify", package.path, "--quiet", "--tsa-trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("Capture time       Captured no later than "), "\(text.stdout)")
            #expect(text.stdout.contains("App clock          the app states its clock was 0.25 s from time.apple.com"))
        }
    }
}
