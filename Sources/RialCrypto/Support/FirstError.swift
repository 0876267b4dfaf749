import Dispatch

/// Keeps the first error thrown by work spread over several threads, so the caller can throw
/// it once they have all finished.
package final class FirstError: @unchecked Sendable {
    // @unchecked: every access goes through the semaphore.
    private var error: (any Error)?
    private let lock = DispatchSemaphore(value: 1)

    package init() {}

    package func record(_ error: any Error) {
        lock.wait()
        if self.error == nil { self.error = error }
        lock.signal()
    }

    package var first: (any Error)? {
        lock.wait()
        defer { lock.signal() }
        return error
    }
}
