import Foundation
import Testing
import RialTestSupport
@testable import RialCrypto

/// A real RFC 3161 token from the test TSA (examples/pki), judged by the checks that throw
/// when OpenSSL itself fails (there is no wrapper that would read such a failure as a verdict).
@Suite("TimeStampResponse")
struct TimeStampResponseTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Token {
        let response: TimeStampResponse
        let imprint: [UInt8]
        let root: Certificate
        let chain: [Certificate]
    }

    private static func run(_ arguments: [String]) throws { try Subprocess.succeed(arguments) }

    private static func token() throws -> Token {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-tsr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pki = directory + "/pki"
        let scripts = repository.appendingPathComponent("examples/pki").path
        try run(["bash", scripts + "/make-test-pki.sh", pki])
        let imprint = try StreamingDigest.digest(.sha256, of: Array("a seal's signature value".utf8))
        let request = try TimeStampRequest(sha256Imprint: imprint)
        try Data(request.der).write(to: URL(fileURLWithPath: directory + "/req.tsq"))
        try run(["bash", scripts + "/tsa-reply.sh", pki, "good", directory + "/req.tsq", directory + "/resp.tsr"])
        let response = try TimeStampResponse(der: Array(Data(contentsOf: URL(fileURLWithPath: directory + "/resp.tsr"))))
        func load(_ name: String) throws -> [Certificate] {
            try Certificate.load(pem: Array(Data(contentsOf: URL(fileURLWithPath: pki + "/" + name))), source: name)
        }
        return Token(response: response, imprint: imprint, root: try #require(load("root-ca.pem").first), chain: try load("tsa-chain.pem"))
    }

    @Test(.requires(.openssl)) func throwingChecksJudgeARealToken() throws {
        let token = try Self.token()
        let response = token.response
        let signer = try #require(try response.signerCertificate(extra: token.chain))
        #expect(signer.subjectCommonName != nil)
        #expect(try response.checkSignature(extra: token.chain))

        let intermediates = response.embeddedCertificates + token.chain
        #expect(try response.verificationProblem(anchors: [signer], intermediates: intermediates, imprint: token.imprint, signerOnly: true) == nil)
        #expect(try response.verificationProblem(anchors: [token.root], intermediates: intermediates, imprint: token.imprint) == nil)

        // A verdict, not a failure: another imprint, or no anchor, is a reason returned.
        let other = try #require(
            try response.verificationProblem(anchors: [token.root], intermediates: intermediates, imprint: [UInt8](repeating: 0, count: 32)))
        #expect(!other.isEmpty)
        #expect(try response.verificationProblem(anchors: [], intermediates: intermediates, imprint: token.imprint) != nil)

        let store = TrustStore(anchors: [token.root])
        guard case .trusted = try store.evaluate(signer, intermediates: intermediates, at: response.genTime, purpose: .timeStamping) else {
            Issue.record("the test TSA does not chain to its root")
            return
        }
        guard case .untrusted = try TrustStore(anchors: [signer]).evaluate(token.root, intermediates: [], at: response.genTime, purpose: .any) else {
            Issue.record("a root trusted because of a leaf anchor")
            return
        }
    }

    /// What the capture app stores may be the whole TimeStampResp or only its token; both read
    /// to the same facts, among them the accuracy and the imprint's algorithm the app's checks
    /// use. Bytes that are neither stay malformed.
    @Test(.requires(.openssl)) func bareTokenReadsAsItsResponse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-tst-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scripts = Self.repository.appendingPathComponent("examples/pki").path
        try Self.run(["bash", scripts + "/make-test-pki.sh", directory + "/pki"])
        try Data("a recording".utf8).write(to: URL(fileURLWithPath: directory + "/media"))
        try Self.run(["openssl", "ts", "-query", "-data", directory + "/media", "-sha512", "-cert", "-out", directory + "/req.tsq"])
        try Self.run(["bash", scripts + "/tsa-reply.sh", directory + "/pki", "good", directory + "/req.tsq", directory + "/resp.tsr"])
        try Self.run(["openssl", "ts", "-reply", "-in", directory + "/resp.tsr", "-token_out", "-out", directory + "/token.der"])
        let responseBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/resp.tsr")))
        let tokenBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/token.der")))

        let response = try TimeStampResponse(responseOrToken: responseBytes)
        let token = try TimeStampResponse(responseOrToken: tokenBytes)
        #expect(TimeStampResponse.isContentInfo(tokenBytes) && !TimeStampResponse.isContentInfo(responseBytes))
        #expect(token.genTime == response.genTime && token.serialHex == response.serialHex && token.imprint == response.imprint)
        #expect(token.imprintDigest == .sha512 && !token.imprintIsSHA256)
        #expect(token.imprint == (try StreamingDigest.digest(.sha512, of: Array("a recording".utf8))))
        #expect(token.accuracy == .microseconds(1_000_000))  // tsa.cnf: accuracy = secs:1
        #expect(token.genTimeNanoseconds == 0)
        #expect(!token.embeddedCertificates.isEmpty)
        // The strict reader still judges: a token with a byte after it is malformed.
        #expect(throws: TimeStampResponse.Problem.self) { try TimeStampResponse(responseOrToken: tokenBytes + [0]) }
        #expect(throws: TimeStampResponse.Problem.self) { try TimeStampResponse(responseOrToken: Array("garbage".utf8)) }
    }
}
