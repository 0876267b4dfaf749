import Foundation
import RialFormat
import RialPackager
import RialReport
@testable import RialVerifier

/// Captures and packages made in-process with the libraries, exactly as `rial sample` and
/// `rial pack` make them for the CLI tests (the same sizes, the same creation time), so that a
/// test of what the verifier finds needs no spawned binary.
package enum LibraryFixture {
    /// The CLI tests' creation time (`rial pack --created`).
    package static let created = "2026-01-20T00:00:00Z"

    /// Writes a sample capture to `dir/name`: `rial sample --seconds 1 --fps 10 --width 64
    /// --height 48` (the CLI tests' small and quick sample), then whatever `configure` changes.
    package static func sample(
        in dir: URL, name: String = "capture", seed: UInt64 = 1, kind: SampleCapture.Kind = .video,
        _ configure: (inout SampleCapture) -> Void = { _ in }
    ) throws -> URL {
        var sample = SampleCapture()
        sample.kind = kind
        sample.seed = seed
        sample.seconds = 1
        sample.fps = 10
        sample.width = 64
        sample.height = 48
        configure(&sample)
        let url = dir.appendingPathComponent(name)
        try sample.write(to: url.path)
        return url
    }

    /// `rial sample -o photo --kind photo` in `dir/photo`, the sample's own sizes (no other
    /// option): the capture and the path of its JPEG, for a test to write tags into.
    package static func photoSample(in dir: URL) throws -> (capture: URL, photo: String) {
        var sample = SampleCapture()
        sample.kind = .photo
        let capture = dir.appendingPathComponent("photo")
        try sample.write(to: capture.path)
        return (capture, capture.appendingPathComponent("media/photo.jpg").path)
    }

    /// Packs `capture` into `dir/name` as `rial pack CAPTURE -o NAME --created …` does (media
    /// examined, as pack's `--examine-media` default), then whatever `configure` changes.
    package static func pack(
        _ capture: URL, in dir: URL, name: String = "case.rialpkg",
        _ configure: (inout PackageOptions) throws -> Void = { _ in }
    ) throws -> URL {
        let output = dir.appendingPathComponent(name)
        var options = PackageOptions(captureDirectory: capture.path, output: output.path, created: try Timestamp(rfc3339: created))
        options.examinesMedia = true
        try configure(&options)
        _ = try Packager(options: options).write()
        return output
    }

    /// Verifies `package` as `rial verify` does with no options (no trust anchors, media
    /// examined), then whatever `configure` changes in the policy.
    package static func verify(_ package: URL, _ configure: (inout VerificationPolicy) -> Void = { _ in }) -> VerificationReport {
        var policy = VerificationPolicy()
        configure(&policy)
        return Verifier(policy: policy).report(for: package.path)
    }
}

extension VerificationReport {
    /// Whether a finding with this code, subject and status is in the report.
    package func has(_ code: String, subject: String, status: CheckStatus = .fail) -> Bool {
        checks.contains { $0.code.rawValue == code && $0.subject == subject && $0.status == status }
    }

    /// The findings with this code.
    package func checks(_ code: String) -> [CheckResult] { checks.filter { $0.code.rawValue == code } }

    /// The lines of the text report (`rial verify`'s standard output for one package).
    package var textLines: [Substring] { TextReportRenderer.render(self).split(separator: "\n") }
}
