import Foundation
import Testing
import RialFormat
import RialCrypto
import RialPackager
import RialVerifier
import RialAmender
import RialTestSupport

/// Timestamps are requested for, and attached to, a sealed package that passes, and only a
/// token over its seal's signature value is stored.
@Suite("PackageAmender timestamps")
struct PackageAmenderTimestampTests {
    /// A sealed sample and the test TSA.
    private func sealedSample() throws -> (AmendableSample, TestPKI, PackageAmender) {
        let sample = try AmendableSample()
        let tsa = try TestPKI.make(in: URL(fileURLWithPath: sample.directory))
        let amender = PackageAmender(path: sample.package)
        _ = try amender.seal(with: TestSigner.make(), at: .now())
        return (sample, tsa, amender)
    }

    @Test("a token answering the package's own request is attached with its chain, and verifies as trusted time")
    func attachesTheTokenForItsSeal() throws {
        let (sample, tsa, amender) = try sealedSample()
        defer { sample.remove() }
        let request = try amender.makeTimestampRequest()
        #expect(request.report.verdict == .pass)
        let token = TimestampToken(
            response: try tsa.reply(to: request.request.der), tsaChain: try tsa.bytes("tsa-chain.pem"),
            request: request.request.der)
        let receipt = try amender.attachTimestamp(token, at: .now())
        #expect(receipt.addedPaths == [PackageLayout.sealTimestamp, PackageLayout.sealTimestampChain])

        let root = try Certificate.load(pem: tsa.bytes("root-ca.pem"), source: "root-ca.pem")
        let report = try Verifier(policy: VerificationPolicy(timestampAnchors: root, requiresTimestamp: true)).verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
        #expect(report.timestamp?.state == .validTrusted)
        #expect(report.timestamp?.genTime == receipt.genTime)
    }

    @Test("a token over other bytes is refused, and the package is byte-identical afterwards")
    func refusesATokenForOtherBytes() throws {
        let (sample, tsa, amender) = try sealedSample()
        defer { sample.remove() }
        let other = try TimeStampRequest(sha256Imprint: StreamingDigest.digest(.sha256, of: Array("another package's seal".utf8)))
        let before = try sample.bytes()
        #expect(amendmentCode { try amender.attachTimestamp(TimestampToken(response: tsa.reply(to: other.der)), at: .now()) } == .tokenMismatch)
        #expect(try sample.bytes() == before)
    }

    @Test("a token answering another request than the one given is refused by its nonce")
    func refusesAnotherRequestsToken() throws {
        let (sample, tsa, amender) = try sealedSample()
        defer { sample.remove() }
        let first = try amender.makeTimestampRequest().request
        let second = try amender.makeTimestampRequest().request
        #expect(first.nonceHex != second.nonceHex)
        let token = TimestampToken(response: try tsa.reply(to: first.der), request: second.der)
        let before = try sample.bytes()
        #expect(amendmentCode { try amender.attachTimestamp(token, at: .now()) } == .nonceMismatch)
        #expect(
            amendmentCode { try amender.attachTimestamp(TimestampToken(response: token.response, request: Array("junk".utf8)), at: .now()) } == .invalidRequest)
        #expect(try sample.bytes() == before)
    }

    @Test("an unsealed package has nothing to timestamp; a timestamped one keeps its token")
    func refusesUnsealedAndTimestampedPackages() throws {
        let unsealed = try AmendableSample()
        defer { unsealed.remove() }
        #expect(amendmentCode { try PackageAmender(path: unsealed.package).makeTimestampRequest() } == .notSealed)

        let (sample, tsa, amender) = try sealedSample()
        defer { sample.remove() }
        let request = try amender.makeTimestampRequest().request
        let token = TimestampToken(response: try tsa.reply(to: request.der))
        _ = try amender.attachTimestamp(token, at: .now())
        let before = try sample.bytes()
        #expect(amendmentCode { try amender.attachTimestamp(token, at: .now()) } == .alreadyPresent)
        #expect(try sample.bytes() == before)
    }
}
