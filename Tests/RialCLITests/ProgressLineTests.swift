import Testing
@testable import rial

/// The progress line's ETA (issue 35): the first frame's rate, measured over a few kilobytes,
/// gave "ETA 1774 s"; no ETA is drawn in the first second, and after it the ETA is the rest at
/// the rate so far. The lines are built by pure functions, tested here at chosen times (the
/// drawn line needs a terminal and a verification over a second long: InterruptionTests draws
/// one under script(1)).
@Suite("Progress line")
struct ProgressLineTests {
    private static let mebibyte: UInt64 = 1_048_576

    @Test("no ETA in the first second, whatever the rate so far", arguments: [0.001, 0.2, 0.5, 0.999])
    func noETAInTheFirstSecond(elapsed: Double) {
        // A few kilobytes read in the first frame: the rate would promise a wild ETA.
        let line = ProgressLine.bytesLine(label: "verifying", done: 4096, total: 2_000 * Self.mebibyte, elapsed: elapsed)
        #expect(!line.contains("ETA"), "\(line.debugDescription)")
        #expect(line == "\rverifying 0%  0/2000 MiB  \(Int(4096 / elapsed / 1_048_576)) MiB/s", "\(line.debugDescription)")
    }

    @Test("after the first second the ETA is what is left at the rate so far")
    func etaAfterTheFirstSecond() {
        // 100 MiB in 2 s of 1000 MiB: 50 MiB/s, 900 MiB left, 18 s.
        let line = ProgressLine.bytesLine(label: "verifying", done: 100 * Self.mebibyte, total: 1_000 * Self.mebibyte, elapsed: 2)
        #expect(line == "\rverifying 10%  100/1000 MiB  50 MiB/s  ETA 18 s", "\(line.debugDescription)")
        // From exactly one second on.
        let atOne = ProgressLine.bytesLine(label: "packing", done: 30 * Self.mebibyte, total: 90 * Self.mebibyte, elapsed: 1)
        #expect(atOne.hasSuffix("  30 MiB/s  ETA 2 s"), "\(atOne.debugDescription)")
    }

    @Test("no ETA when done, and none for a stream, whose size is not known")
    func noETAWithoutARest() {
        let done = ProgressLine.bytesLine(label: "verifying", done: 10 * Self.mebibyte, total: 10 * Self.mebibyte, elapsed: 5)
        #expect(done == "\rverifying 100%  10/10 MiB  2 MiB/s", "\(done.debugDescription)")
        let stream = ProgressLine.bytesLine(label: "verifying", done: 10 * Self.mebibyte, total: 0, elapsed: 5)
        #expect(stream == "\rverifying 10 MiB  2 MiB/s", "\(stream.debugDescription)")
    }

    @Test("a batch's ETA: none in the first second, then the inputs' pace so far")
    func batchETA() {
        let early = ProgressLine.batchLine(label: "verifying", inputsDone: 1, of: 100, bytes: 3 * Self.mebibyte, elapsed: 0.5)
        #expect(early == "\rverifying 1/100  3 MiB  6 MiB/s", "\(early.debugDescription)")
        // 10 of 100 inputs in 4 s: 36 s for the other 90.
        let later = ProgressLine.batchLine(label: "verifying", inputsDone: 10, of: 100, bytes: 40 * Self.mebibyte, elapsed: 4)
        #expect(later == "\rverifying 10/100  40 MiB  10 MiB/s  ETA 36 s", "\(later.debugDescription)")
        let none = ProgressLine.batchLine(label: "verifying", inputsDone: 0, of: 100, bytes: 0, elapsed: 3)
        #expect(!none.contains("ETA"), "no input done yet, no pace: \(none.debugDescription)")
    }
}
