#if canImport(Glibc)
import Glibc
#endif

/// The test of the probe's sandbox (`Tests/RialCLITests/ProbeSandboxTests.swift`): when the
/// environment variable ``variable`` names `open`, `socket` or `execve`, the probe, once
/// confined, does what a demuxer taken over by a hostile file would try: reads `/etc/passwd`,
/// opens a socket, or starts `/bin/sh`. The sandbox must kill it before the call returns; if the
/// call returns instead, the probe says so on standard error and exits 6, which the verifier
/// also reports. The variable is read from the verifier's own environment (`MediaProbe` passes
/// it on), never from a package, so no input can ask for it.
enum SandboxEscapeAttempt {
    static let variable = "RIAL_MEDIA_PROBE_TEST_ESCAPE"

    static func runIfAsked() {
        guard let asked = getenv(variable).map({ String(cString: $0) }), !asked.isEmpty else { return }
        let result: Int32
        switch asked {
        case "open": result = open("/etc/passwd", O_RDONLY)
        case "socket": result = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        case "execve":
            let shell = strdup("/bin/sh")
            var argv: [UnsafeMutablePointer<CChar>?] = [shell, nil]
            result = execve("/bin/sh", &argv, nil)
        default: result = -1
        }
        let message = Array("rial-media-probe: the sandbox let \(asked) through (result \(result))\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(6)
    }
}
