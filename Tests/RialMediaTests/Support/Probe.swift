import Foundation
import RialMedia

/// The `rial-media-probe` built next to this test binary (the test target depends on it).
enum Probe {
    static let executable: String = {
        let directory =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? ".build/debug"
        return directory + "/" + MediaProbe.executableName
    }()

    static let probe = MediaProbe(executablePath: executable)

    /// Probes a whole file.
    static func run(_ file: URL, limits: MediaProbeLimits = .standard) throws -> MediaProbeOutcome {
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64 ?? 0
        return try probe.run(path: file.path, offset: 0, length: size, limits: limits)
    }

    /// Probes a whole file and expects facts.
    static func facts(_ file: URL, limits: MediaProbeLimits = .standard) throws -> MediaFacts {
        let outcome = try run(file, limits: limits)
        guard case .facts(let facts) = outcome else { throw MediaTools.Failure(description: "no facts for \(file.lastPathComponent): \(outcome.summary)") }
        return facts
    }
}
