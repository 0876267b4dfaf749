import Foundation
import RialTestSupport
import Testing

/// `rial inspect` on a packed export, end to end: the media read in place, said on standard
/// output. What the probe finds and which claims it contradicts (`rial verify`, `rial pack`'s
/// refusals, `--no-examine-media`, ffprobe and exiftool as oracles) are in-process tests
/// (RialVerifierTests' MediaExaminationTests).
@Suite("Media examined")
struct MediaExaminationTests {
    @Test("rial inspect prints what the media is, read in place; --no-examine-media prints no media line")
    func inspectText() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (result, package) = AppExportTests.pack("rich", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            let text = CLI.rial(["inspect", package.path], cwd: dir)
            #expect(text.status == 0 && text.stdout.contains("media: read by the media libraries: h264 video 160×120, 180 frames"), "\(text)")
            let unexamined = CLI.rial(["inspect", package.path, "--no-examine-media"], cwd: dir)
            #expect(unexamined.status == 0 && !unexamined.stdout.contains("media: "), "\(unexamined)")
        }
    }
}
