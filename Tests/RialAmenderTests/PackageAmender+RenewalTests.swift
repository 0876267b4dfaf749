import Foundation
import RialAmender
import RialTestSupport
import Testing

/// Renewing a sealed, timestamped package's evidence record as `rial renew` does, with the
/// test PKI's renewal TSAs: what the amender refuses (the command's exit 1, whose wording
/// RialCLITests' RenewalTests holds). What renewals prove is RialVerifierTests' RenewalTests.
@Suite("PackageAmender renewals with the test PKI", .requires(.tsa))
struct PackageAmenderRenewalTests {
    /// A sample sealed by the test PKI, which has its renewal TSAs, and the amender that sealed it.
    private static func sealedSample() throws -> (AmendableSample, URL, TestPKI, PackageAmender) {
        let sample = try AmendableSample()
        do {
            let dir = URL(fileURLWithPath: sample.directory)
            let pki = try TestPKI.make(in: dir)
            _ = try pki.addRenewalTSAs()
            let amender = PackageAmender(path: sample.package)
            _ = try amender.seal(with: pki.sealer(), at: .now())
            return (sample, dir, pki, amender)
        } catch {
            sample.remove()
            throw error
        }
    }

    @Test(
        "a token over the seal instead of its timestamp is refused (amend.token-mismatch), adding no record; a package without a timestamp has nothing to renew (amend.not-timestamped)"
    )
    func refusals() throws {
        let (sample, dir, pki, amender) = try Self.sealedSample()
        defer { sample.remove() }
        let unstamped = try sample.bytes()
        let notTimestamped = #expect(throws: AmenderError.self) { try amender.makeRenewalRequest() }
        #expect(notTimestamped?.code == .notTimestamped)
        #expect(try sample.bytes() == unstamped)

        try pki.timestamp(URL(fileURLWithPath: sample.package), section: "tsa_a", in: dir)
        // The seal timestamp's own request: an imprint over the seal, not over the timestamp.
        let request = dir.appendingPathComponent("seal.tsq"), response = dir.appendingPathComponent("seal.tsr")
        try Data(try amender.makeTimestampRequest().request.der).write(to: request)
        try pki.reply(section: "tsa_b", request: request, response: response)
        let stamped = try sample.bytes()
        let mismatch = #expect(throws: AmenderError.self) {
            try amender.attachRenewal(TimestampToken(response: Array(Data(contentsOf: response))), at: .now())
        }
        #expect(mismatch?.code == .tokenMismatch)
        #expect(try sample.bytes() == stamped)
        #expect(try !OutsideOracle.tarList(URL(fileURLWithPath: sample.package)).contains { $0.hasSuffix("rial/seal/renewal/000001.ers") })
    }

    @Test("an amender made without a verifier judges at the time of each operation: a token attached after it was made is not 'in the future'")
    func anAmenderKeptForAWhile() throws {
        let (sample, dir, pki, amender) = try Self.sealedSample()
        defer { sample.remove() }
        // Past the next whole second: the TSA's genTime is later than any time read so far.
        Thread.sleep(forTimeInterval: 1.1)
        try pki.timestamp(URL(fileURLWithPath: sample.package), section: "tsa_a", in: dir)
        let request = try amender.makeRenewalRequest()
        #expect(!request.request.der.isEmpty)
    }
}
