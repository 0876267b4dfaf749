import Foundation
import RialAmender
import RialFormat
import RialPackager
import RialTestSupport
import Testing

/// Appending custody events as `rial custody append` does, with the test PKI's signers: what
/// the amender refuses (the command's exit 64, whose wording RialCLITests' CustodyTests holds),
/// and that appending copies everything else byte for byte.
@Suite("PackageAmender custody events with the test PKI")
struct PackageAmenderCustodyTests {
    @Test(
        "appending refuses what the verifier would reject: a signer who is not the actor, a time in the future or before the last event, a capture-app action, a line break in the details, no actor",
        .requires(.openssl))
    func refusals() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let pki = try TestPKI.make(in: URL(fileURLWithPath: sample.directory))
        let sealer = try pki.sealer()
        let amender = PackageAmender(path: sample.package)
        let original = try sample.bytes()
        let refusals: [(draft: CustodyEventDraft, signer: Sealer?, reason: String)] = [
            (CustodyEventDraft(action: .note, actor: CustodyActor(name: "Mallory")), sealer, "not the certificate's CN"),
            (CustodyEventDraft(action: .note, actor: CustodyActor(name: "", organisation: "Other Org")), sealer, "not the certificate's O"),
            (CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane"), time: try Timestamp(rfc3339: "2999-01-01T00:00:00Z")), nil, "in the future"),
            (CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane"), time: try Timestamp(rfc3339: "2026-01-01T00:00:00Z")), nil, "time order"),
            (CustodyEventDraft(action: .recordingStart, actor: CustodyActor(name: "Jane")), nil, "never appended"),
            (CustodyEventDraft(action: .packaged, actor: CustodyActor(name: "Jane")), nil, "never appended"),
            (CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane"), details: "two\nlines"), nil, "control character"),
        ]
        for (draft, signer, reason) in refusals {
            let refusal = #expect(throws: AmenderError.self, "\(draft)") { try amender.appendCustodyEvent(draft, signedBy: signer, at: .now()) }
            #expect(refusal?.code == .invalidEvent, "\(draft): \(String(describing: refusal))")
            // The reason, or the cause under it (a line break is refused by the event's own rules).
            #expect(String(describing: refusal).contains(reason), "\(draft): \(String(describing: refusal))")
        }
        let anonymous = #expect(throws: AmenderError.self) { try amender.appendCustodyEvent(CustodyEventDraft(action: .note, actor: nil), at: .now()) }
        #expect(anonymous?.code == .invalidEvent)
        #expect(try sample.bytes() == original, "a refused append changed the package")
    }

    @Test("appending copies every other entry byte for byte: only the tag manifests change, and the new event is added")
    func keepsEverythingElse() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let dir = URL(fileURLWithPath: sample.directory), package = URL(fileURLWithPath: sample.package)
        let before = dir.appendingPathComponent("before"), after = dir.appendingPathComponent("after")
        _ = try OutsideOracle.untar(package, into: before)
        _ = try PackageAmender(path: sample.package).appendCustodyEvent(
            CustodyEventDraft(action: .accessed, actor: CustodyActor(name: "A. Clerk")), at: .now())
        _ = try OutsideOracle.untar(package, into: after)
        let listing = Subprocess.execute(["diff", "-r", "-q", before.path, after.path], cwd: dir).output
        let changed = listing.split(separator: "\n").map(String.init)
        #expect(changed.count == 3, "\(listing)")
        #expect(changed.filter { $0.contains("tagmanifest-sha256.txt") || $0.contains("tagmanifest-sha512.txt") }.count == 2, "\(listing)")
        #expect(changed.contains { $0.hasPrefix("Only in") && $0.contains("000007.json") }, "\(listing)")
    }
}
