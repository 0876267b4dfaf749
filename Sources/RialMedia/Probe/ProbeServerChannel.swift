#if canImport(Glibc)
import Glibc
#endif
internal import CRialProcess

/// The byte framing between the verifier and the probe's fork server, over one Unix stream
/// socket, and the reads and writes on it. A request is one header line, `TIMEOUT_MS
/// MAX_OUTPUT_BYTES COUNT`, then COUNT arguments, each `LENGTH` on a line and that many bytes. A
/// reply is one line, `KIND CODE TIMED_OUT OVERFLOWED CPU_MICROSECONDS OUTPUT_LENGTH
/// ERROR_LENGTH` (KIND `e` exited with CODE, `s` killed by signal CODE), then the child's
/// standard output and error. Every number is decimal; every length is checked against a bound
/// before anything is read into memory. A request may carry one open descriptor (SCM_RIGHTS),
/// the input the probe is to read: the server places it where the request's arguments say.
struct ProbeServerChannel {
    let descriptor: Int32
    /// When a read or write gives up; `nil` waits as long as it takes (the server, between requests).
    let deadline: Double?

    /// The longest header line either side accepts.
    static let maxLineBytes = 256
    /// The most arguments and the longest argument a request may carry.
    static let maxArguments = 64
    static let maxArgumentBytes = 65_536

    /// A request's bytes.
    static func request(arguments: [String], timeoutSeconds: Double, maxOutputBytes: Int) -> [UInt8] {
        var bytes = Array("\(Int((timeoutSeconds * 1000).rounded(.up))) \(maxOutputBytes) \(arguments.count)\n".utf8)
        for argument in arguments {
            bytes += Array("\(argument.utf8.count)\n".utf8) + Array(argument.utf8)
        }
        return bytes
    }

    /// A reply's bytes.
    static func reply(_ result: ChildProcess.Result) -> [UInt8] {
        let (kind, code): (String, Int32)
        switch result.termination {
        case .exited(let status): (kind, code) = ("e", status)
        case .signaled(let signal): (kind, code) = ("s", signal)
        }
        let header =
            "\(kind) \(code) \(result.isTimedOut ? 1 : 0) \(result.isOutputOverflowed ? 1 : 0) \(Int((result.cpuSeconds * 1e6).rounded())) \(result.output.count) \(result.errorOutput.count)\n"
        return Array(header.utf8) + result.output + result.errorOutput
    }

    /// One request as the server reads it.
    struct Request {
        let timeoutSeconds: Double
        let maxOutputBytes: Int
        let arguments: [String]
        /// The descriptor sent with it (the server's own number for it), which the server
        /// closes once the child has it; `nil` when none was sent.
        let input: Int32?
    }

    /// Reads one request; `nil` at the end of the stream or on a malformed request (the server
    /// then stops).
    func readRequest() -> Request? {
        var received: Int32 = -1
        guard let fields = readNumbers(3, received: &received), fields[0] > 0, fields[1] > 0,
            (0...Self.maxArguments).contains(fields[2])
        else {
            if received >= 0 { close(received) }
            return nil
        }
        var arguments: [String] = []
        for _ in 0..<fields[2] {
            guard let length = readNumbers(1, received: &received)?.first, (0...Self.maxArgumentBytes).contains(length),
                let bytes = read(exactly: length, received: &received), let argument = String(validating: bytes, as: UTF8.self)
            else {
                if received >= 0 { close(received) }
                return nil
            }
            arguments.append(argument)
        }
        return Request(
            timeoutSeconds: Double(fields[0]) / 1000, maxOutputBytes: fields[1], arguments: arguments,
            input: received >= 0 ? received : nil)
    }

    /// Reads one reply, holding its lengths to `maxOutputBytes` and `maxErrorBytes`; `nil` when
    /// the server did not answer in time or answered out of shape.
    func readReply(maxOutputBytes: Int, maxErrorBytes: Int) -> ChildProcess.Result? {
        // A server sends no descriptor; one that came anyway is closed at once.
        var received: Int32 = -1
        defer { if received >= 0 { close(received) } }
        guard let line = readLine(received: &received) else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count == 7, fields[0] == "e" || fields[0] == "s",
            let code = Int32(fields[1]), let timedOut = Int(fields[2]), let overflowed = Int(fields[3]),
            let cpu = Int(fields[4]), cpu >= 0, let outputLength = Int(fields[5]), let errorLength = Int(fields[6]),
            (0...maxOutputBytes).contains(outputLength), (0...maxErrorBytes).contains(errorLength),
            let output = read(exactly: outputLength, received: &received),
            let errorOutput = read(exactly: errorLength, received: &received)
        else { return nil }
        return ChildProcess.Result(
            termination: fields[0] == "e" ? .exited(code) : .signaled(code), output: output,
            isOutputOverflowed: overflowed != 0, errorOutput: errorOutput,
            isTimedOut: timedOut != 0, cpuSeconds: Double(cpu) / 1e6)
    }

    /// Writes all of `bytes`, with `attached` sent along with the first of them; `false` when
    /// the other side is gone. MSG_NOSIGNAL: a server that died must not take the verifier with
    /// it through SIGPIPE.
    func write(_ bytes: [UInt8], attaching attached: Int32? = nil) -> Bool {
        var written = 0
        while written < bytes.count {
            guard waitUntil(Int16(POLLOUT)) else { return false }
            let count = bytes[written...].withUnsafeBytes { buffer in
                if written == 0, let attached {
                    return crial_send_with_descriptor(descriptor, buffer.baseAddress, buffer.count, attached)
                }
                return send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    private func readNumbers(_ count: Int, received: inout Int32) -> [Int]? {
        guard let line = readLine(received: &received) else { return nil }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return numbers.count == count ? numbers : nil
    }

    /// One line, without its LF, read a byte at a time so nothing after it is consumed.
    private func readLine(received: inout Int32) -> String? {
        var bytes: [UInt8] = []
        while bytes.count <= Self.maxLineBytes {
            guard let byte = read(exactly: 1, received: &received)?.first else { return nil }
            if byte == 0x0A { return String(validating: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    /// Reads `count` bytes; a descriptor that comes with them is kept in `received` (when it
    /// is still -1) or closed: recvmsg, since a plain recv would drop it.
    private func read(exactly count: Int, received: inout Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            guard waitUntil(Int16(POLLIN)) else { return nil }
            let got = bytes[filled...].withUnsafeMutableBytes { crial_receive_with_descriptor(descriptor, $0.baseAddress, $0.count, &received) }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }

    /// Waits until the socket is ready for `events`, or the deadline passes (`false`).
    private func waitUntil(_ events: Int16) -> Bool {
        guard let deadline else { return true }
        while true {
            let remaining = deadline - ChildProcess.now()
            guard remaining > 0 else { return false }
            var descriptors = [pollfd(fd: descriptor, events: events, revents: 0)]
            let ready = poll(&descriptors, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }
}
