import Foundation
import Testing
import RialMedia
@testable import RialVerifier

/// The scan starts each media file's probe as soon as it has passed the file's header, so the
/// probe runs beside the hashing of the rest; the examination then takes that outcome.
@Suite("Media probes started by the scan")
struct MediaProbeTaskTests {
    @Test("the scan starts the media's probe when the policy examines the media, and only then; the examination uses it")
    func scanStartsTheProbe() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        var scanner = PackageScanner(path: sample.package, limits: VerificationLimits(), progress: nil)
        #expect(try scanner.scan().mediaProbes.isEmpty)
        scanner.startsMediaProbes = true
        let inventory = try scanner.scan()
        #expect(Array(inventory.mediaProbes.keys) == ["data/media/capture.mov"])
        let started = try #require(inventory.mediaProbes["data/media/capture.mov"])
        guard case .success(.facts(let facts)) = started.wait() else {
            Issue.record("the started probe did not read the sample's video: \(started.wait())")
            return
        }
        #expect(facts.video?.codec == "h264")
        // The examination takes the outcome the scan's probe reached.
        let context = VerificationContext(inventory: inventory, profile: .package, verificationTime: .now())
        #expect(context.media?.facts("data/media/capture.mov")?.video?.frameCount == facts.video?.frameCount)
    }
}
