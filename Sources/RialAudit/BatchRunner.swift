import Foundation
import RialVerifier
import RialReport

/// Verifies many inputs on `jobs` threads and hands each report back in input order, as soon
/// as it and every one before it are done, so output streams and is the same at any `--jobs`.
package final class BatchRunner: @unchecked Sendable {
    /// One input's result.
    package struct Outcome {
        /// Its report.
        package let report: VerificationReport
        /// Seconds it took.
        package let elapsed: Double
    }

    private let verifier: Verifier
    private let inputs: [String]
    private let jobs: Int
    private let condition = NSCondition()
    private var outcomes: [Outcome?]
    private var next = 0
    private var bytesDone: [UInt64]
    private var bytesTotal: [UInt64]

    /// A batch of `inputs`, verified by `verifier` on up to `jobs` threads.
    package init(verifier: Verifier, inputs: [String], jobs: Int) {
        self.verifier = verifier
        self.inputs = inputs
        self.jobs = max(1, min(jobs, inputs.count))
        outcomes = Array(repeating: nil, count: inputs.count)
        bytesDone = Array(repeating: 0, count: inputs.count)
        bytesTotal = Array(repeating: 0, count: inputs.count)
    }

    /// Bytes read so far over all inputs, and the total size of those started.
    package var bytes: (done: UInt64, total: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        return (bytesDone.reduce(0, +), bytesTotal.reduce(0, +))
    }

    /// Runs the batch; `deliver` is called on the calling thread, once per input, in order.
    /// `tick` is called on the calling thread about five times a second while work goes on.
    package func run(deliver: (Int, Outcome) -> Void, tick: () -> Void) {
        for _ in 0..<jobs {
            let thread = Thread { [self] in work() }
            thread.stackSize = 8 << 20
            thread.start()
        }
        var delivered = 0
        condition.lock()
        while delivered < inputs.count {
            if let outcome = outcomes[delivered] {
                outcomes[delivered] = nil
                condition.unlock()
                deliver(delivered, outcome)
                delivered += 1
                condition.lock()
                continue
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.2))
            condition.unlock()
            tick()
            condition.lock()
        }
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            let index = next
            next += 1
            condition.unlock()
            guard index < inputs.count else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            let report = verifier.report(for: inputs[index]) { [self] done, total in
                condition.lock()
                bytesDone[index] = done
                bytesTotal[index] = total
                condition.unlock()
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            condition.lock()
            outcomes[index] = Outcome(report: report, elapsed: elapsed)
            condition.signal()
            condition.unlock()
        }
    }
}
