import Testing
@testable import RialCrypto

/// The seal's building blocks on their own: signing, taking a signature apart, the ECDSA
/// value rules, names, path validation at a given time, and timestamp requests.
@Suite("Seal cryptography")
struct SealCryptoTests {
    private let now: Int64 = 1_795_000_000  // 2026-11-18

    private func signer(days: Int = 30) throws -> DetachedSigner {
        let key = try SigningKey.generateP256()
        let certificate = try CertificateIssuer.selfSigned(key: key, subject: DistinguishedName(parsing: "CN=Unit Test,O=Rial"), days: days, now: now)
        return try DetachedSigner(key: key, certificate: certificate, chain: [])
    }

    @Test func signedBytesVerifyAndOtherBytesDoNot() throws {
        let signer = try signer()
        let content = Array("{\"package_id\": \"a\"}\n".utf8)
        let seal = try DetachedSignature(der: signer.sign(content))
        #expect(seal.signsContent(sha256: try StreamingDigest.digest(.sha256, of: content)))
        #expect(!seal.signsContent(sha256: try StreamingDigest.digest(.sha256, of: content + [0x0A])))
        #expect(seal.signatureVerifies())
        #expect(try seal.opensslCheck(content: content))
        #expect(try !seal.opensslCheck(content: Array("other".utf8)))
        #expect(seal.signer.fingerprintSHA256 == signer.certificate.fingerprintSHA256)
        #expect(seal.embeddedCertificates.count == 1)
        #expect(seal.claimedSigningTime != nil)
    }

    @Test func everySignatureIsLowS() throws {
        let signer = try signer()
        // Half of raw ECDSA signatures are high-S; twenty in a row low-S by chance is 1 in a million.
        for index in 0..<20 {
            let seal = try DetachedSignature(der: signer.sign([UInt8(index)]))
            #expect(ECDSASignatureValue.problem(with: seal.signatureValue) == nil)
        }
    }

    @Test func signatureValueRules() throws {
        let seal = try DetachedSignature(der: signer().sign([1, 2, 3]))
        let low = seal.signatureValue
        #expect(ECDSASignatureValue.problem(with: []) == .empty)
        if case .placeholder? = ECDSASignatureValue.problem(with: [UInt8](repeating: 0, count: 64)) {} else { Issue.record("zeros not a placeholder") }
        if case .placeholder? = ECDSASignatureValue.problem(with: Array("PLACEHOLDER-SIGNATURE".utf8)) {} else { Issue.record("text not a placeholder") }
        // Long-form length where short form is required: BER, not DER.
        let ber = [0x30, 0x81, UInt8(low.count - 2)] + low.dropFirst(2)
        if case .placeholder? = ECDSASignatureValue.problem(with: ber) {} else { Issue.record("BER accepted") }
        // The high-S twin: (r, n − s), made here by the same arithmetic the signer uses.
        let high = try twin(of: low)
        #expect(ECDSASignatureValue.problem(with: high) == .highS)
        #expect(try ECDSASignatureValue.lowS(high) == low)
    }

    /// (r, n − s) for a low-S signature, by hand over the DER bytes.
    private func twin(of signature: [UInt8]) throws -> [UInt8] {
        let order: [UInt8] = [
            0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
        ]
        let rLength = Int(signature[3])
        let r = Array(signature[2..<(4 + rLength)])
        let sLength = Int(signature[5 + rLength])
        var s = Array(signature[(6 + rLength)..<(6 + rLength + sLength)])
        while s.count < 32 { s.insert(0, at: 0) }
        if s.count > 32 { s.removeFirst(s.count - 32) }
        var difference = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var value = Int(order[index]) - Int(s[index]) - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 256 }
            difference[index] = UInt8(value)
        }
        var body = Array(difference.drop { $0 == 0 })
        if let first = body.first, first & 0x80 != 0 { body.insert(0, at: 0) }
        let sequence = r + [0x02, UInt8(body.count)] + body
        return [0x30, UInt8(sequence.count)] + sequence
    }

    @Test func malformedSealsAreNamed() throws {
        let good = try signer().sign([1])
        #expect(throws: DetachedSignature.StructureProblem.self) { try DetachedSignature(der: []) }
        #expect(throws: DetachedSignature.StructureProblem.self) { try DetachedSignature(der: good + [0]) }
        #expect(throws: DetachedSignature.StructureProblem.self) { try DetachedSignature(der: Array(good.prefix(good.count / 2))) }
    }

    @Test func certificatesAreJudgedAtTheTimeAsked() throws {
        let signer = try signer(days: 10)
        let store = TrustStore(anchors: [signer.certificate])
        if case .trusted = try store.evaluate(signer.certificate, intermediates: [], at: now + 86_400, purpose: .any) {
        } else {
            Issue.record("not trusted within validity")
        }
        if case .expired = try store.evaluate(signer.certificate, intermediates: [], at: now + 11 * 86_400, purpose: .any) {
        } else {
            Issue.record("not expired after notAfter")
        }
        if case .notYetValid = try store.evaluate(signer.certificate, intermediates: [], at: now - 86_400, purpose: .any) {
        } else {
            Issue.record("valid before notBefore")
        }
        if case .untrusted = try TrustStore(anchors: []).evaluate(signer.certificate, intermediates: [], at: now, purpose: .any) {
        } else {
            Issue.record("trusted without anchors")
        }
        let stranger = try self.signer()
        if case .untrusted = try TrustStore(anchors: [stranger.certificate]).evaluate(signer.certificate, intermediates: [], at: now, purpose: .any) {
        } else {
            Issue.record("trusted under another anchor")
        }
        // A time-stamping purpose needs the EKU, which a signer's certificate lacks.
        if case .trusted = try store.evaluate(signer.certificate, intermediates: [], at: now, purpose: .timeStamping) {
            Issue.record("a seal certificate accepted as a TSA")
        }
        #expect(!signer.certificate.hasCriticalTimeStampingUsageOnly)
    }

    @Test func namesAreTypedMostSpecificFirst() throws {
        let name = try DistinguishedName(parsing: "CN=Jane Doe, O=Smith\\, Jones and Partners ,C=GB")
        #expect(name.attributes.map(\.type) == ["CN", "O", "C"])
        #expect(name.attributes[1].value == "Smith, Jones and Partners")
        let key = try SigningKey.generateP256()
        let certificate = try CertificateIssuer.selfSigned(key: key, subject: name, days: 1, now: now)
        #expect(certificate.subject == "CN=Jane Doe,O=Smith\\, Jones and Partners,C=GB")
        #expect(certificate.isSelfIssued)
        #expect(certificate.hasP256Key)
        for bad in ["O=No CN", "CN=", "CN=x,Nonsense=y", "CN=x\\", "just text"] {
            #expect(throws: CryptoError.self) { try DistinguishedName(parsing: bad) }
        }
    }

    @Test func keysRoundTripAndMustMatchTheirCertificate() throws {
        let key = try SigningKey.generateP256()
        let pem = try key.pkcs8PEM()
        #expect(String(decoding: pem, as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let again = try SigningKey(pem: pem, source: "test")
        let certificate = try CertificateIssuer.selfSigned(key: key, subject: DistinguishedName(parsing: "CN=A"), days: 1, now: now)
        #expect(certificate.matches(again))
        #expect(throws: CryptoError.self) { try DetachedSigner(key: SigningKey.generateP256(), certificate: certificate, chain: []) }
        #expect(throws: CryptoError.self) { try SigningKey(pem: Array("not a key".utf8), source: "test") }
    }

    @Test func timestampRequestsCarryTheirNonce() throws {
        let request = try TimeStampRequest(sha256Imprint: [UInt8](repeating: 7, count: 32))
        #expect(try TimeStampRequest.nonceHex(ofRequest: request.der) == request.nonceHex)
        #expect(throws: CryptoError.self) { try TimeStampRequest(sha256Imprint: [1, 2, 3]) }
        #expect(throws: TimeStampResponse.Problem.self) { try TimeStampResponse(der: request.der) }
    }
}
