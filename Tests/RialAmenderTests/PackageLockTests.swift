import Foundation
import Testing
import RialFormat
import RialVerifier
@testable import RialAmender

/// Two amendments of one package at once run one after the other: neither loses the other's
/// event (without the lock both read the same log and the second rename dropped the first).
@Suite("Package lock")
struct PackageLockTests {
    @Test("custody events appended at the same time from four threads are all in the log, linked in a line")
    func concurrentAppendsAreSerialised() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let amender = PackageAmender(path: sample.package)
        let failures = Failures()
        // One time for all: an amendment verifies at its own time, and an event a thread that
        // got the lock first recorded a second later would be in that time's future.
        let now = Timestamp.now()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            do {
                _ = try amender.appendCustodyEvent(
                    CustodyEventDraft(action: .note, actor: CustodyActor(name: "Clerk \(index)"), details: "note \(index)"),
                    at: now)
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all == [])
        let report = try Verifier().verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
        let notes = report.custody?.entries.compactMap { $0.event?.details }.filter { $0.hasPrefix("note ") }.sorted()
        #expect(notes == ["note 0", "note 1", "note 2", "note 3"])
    }

    /// An amendment that waited for the lock while another appended an event later than its
    /// own time: without a clock it verifies that event as in the future and refuses (two of
    /// eight concurrent `rial custody append`s did, scripts/fault-injection.sh); with one it
    /// reads the time once the lock is held, and its event and seal come after the other's.
    @Test("an amendment given an earlier time than the event it waited for reads its clock once locked")
    func waitedAmendmentReadsTheClockOnceLocked() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let now = Timestamp.now()
        let earlier = Timestamp(seconds: now.seconds - 10)
        _ = try PackageAmender(path: sample.package).appendCustodyEvent(CustodyEventDraft(action: .note, actor: CustodyActor(name: "First")), at: now)
        let draft = CustodyEventDraft(action: .note, actor: CustodyActor(name: "Second"), details: "waited")
        do {
            _ = try PackageAmender(path: sample.package).appendCustodyEvent(draft, at: earlier)
            Issue.record("an amendment at a time before the last event verified it")
        } catch let error as AmenderError {
            #expect(error.code == .verificationFailed && error.report?.failures.map(\.code) == [.custodyTimeFuture], "\(error)")
        }
        var waited = PackageAmender(path: sample.package)
        waited.clock = { Timestamp.now() }
        let receipt = try waited.appendCustodyEvent(draft, at: earlier)
        #expect(receipt.event.timestamp >= now, "\(receipt.event.timestamp) is before the event it waited for, \(now)")
        var sealing = PackageAmender(path: sample.package)
        sealing.clock = { Timestamp.now() }
        let sealed = try sealing.seal(with: try TestSigner.make(from: Timestamp(seconds: now.seconds - 3600)), at: earlier)
        #expect(sealed.event.timestamp >= receipt.event.timestamp)
        let report = try Verifier().verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
    }

    @Test("a package that cannot be opened is not locked; verification says why it cannot be read")
    func missingPackageIsReportedByVerification() throws {
        let amender = PackageAmender(path: "/nonexistent/\(UUID().uuidString).rialpkg")
        do {
            _ = try amender.appendCustodyEvent(CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane")), at: .now())
            Issue.record("appended to a package that does not exist")
        } catch let error as AmenderError {
            #expect(error.code == .unverifiable)
        }
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func add(_ failure: String) { lock.withLock { collected.append(failure) } }
    var all: [String] { lock.withLock { collected } }
}
