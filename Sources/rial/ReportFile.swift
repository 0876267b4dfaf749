#if canImport(Glibc)
import Glibc
#endif

/// Writes a report file whole, replacing any earlier one.
enum ReportFile {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(fd, base + done, buffer.count - done)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw WriteError(description: String(cString: strerror(errno)))
            }
            done += result
        }
    }
}
