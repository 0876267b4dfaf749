import Testing
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
@testable import RialArchive

@Suite("Read buffers are reused, and the pool stays bounded")
struct ReadBufferPoolTests {
    @Test func aReturnedBufferIsHandedOutAgain() {
        let pool = ReadBufferPool(bufferSize: 4096, keep: 2)
        let first = pool.withBuffer { $0.baseAddress }
        let second = pool.withBuffer { $0.baseAddress }
        #expect(first != nil && first == second)
        #expect(pool.withBuffer { $0.count } == 4096)
    }

    @Test func buffersInUseAtOnceAreDistinctAndAtMostKeepAreKept() {
        let pool = ReadBufferPool(bufferSize: 4096, keep: 2)
        var seen: [UnsafeMutableRawPointer?] = []
        pool.withBuffer { a in
            pool.withBuffer { b in
                pool.withBuffer { c in
                    seen = [a.baseAddress, b.baseAddress, c.baseAddress]
                }
            }
        }
        #expect(Set(seen.compactMap { $0 }).count == 3)
        // Three were returned, two kept: the next three include one new buffer at most.
        var again: [UnsafeMutableRawPointer?] = []
        pool.withBuffer { a in pool.withBuffer { b in again = [a.baseAddress, b.baseAddress] } }
        #expect(Set(again.compactMap { $0 }).isSubset(of: Set(seen.compactMap { $0 })))
    }

    @Test func concurrentReadersEachGetTheirOwnBuffer() {
        let pool = ReadBufferPool(bufferSize: 1 << 16, keep: 4)
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            pool.withBuffer { buffer in
                buffer.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index))
                for _ in 0..<100 { usleep(10) }
                if buffer.contains(where: { $0 != UInt8(truncatingIfNeeded: index) }) { failures.add() }
            }
        }
        #expect(failures.value == 0)
    }
}

private final class Counter: @unchecked Sendable {
    private var count = 0
    private let lock = DispatchSemaphore(value: 1)
    func add() { lock.wait(); count += 1; lock.signal() }
    var value: Int { lock.wait(); defer { lock.signal() }; return count }
}
