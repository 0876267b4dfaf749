import Foundation
import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// A receipt's signature (`R.json.p7s`) over its report, made in the test and then re-shaped,
/// its value edited, or its signer's certificate judged outside its validity or chained to the
/// anchor by a forged issuer's signature: ``ReceiptVerifier`` words each with the receipt's
/// codes through ``DetachedSignatureJudge``, as it words the seal's. The CLI's ReceiptTests
/// make receipts with `rial verify --receipt`; these need no binary.
@Suite("Receipt signature")
struct ReceiptSignatureTests {
    /// A report's bytes: the signature is judged over whatever they are.
    private static let report = Array("{\"report\": \"a receipt's report\"}\n".utf8)

    /// Writes the report and `signature` beside it in a fresh directory, verifies the receipt
    /// without a package, and returns the findings about the signature file.
    private func findings(
        _ signature: [UInt8], anchors: [Certificate] = [], at time: Timestamp = .now()
    ) throws -> (results: [CheckResult], path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-receipt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("R.json").path
        try Data(Self.report).write(to: URL(fileURLWithPath: report))
        try Data(signature).write(to: URL(fileURLWithPath: ReceiptLayout.signature(of: report)))
        let verification = ReceiptVerifier(policy: VerificationPolicy(sealAnchors: anchors), verificationTime: time)
            .verify(report: report, package: nil, rerun: false)
        let path = ReceiptLayout.signature(of: report)
        return (verification.checks.filter { $0.subject == path }, path)
    }

    /// The report signed, then edited.
    private func edited(_ edit: (inout CMSSignatureEditor) throws -> Void) throws -> [UInt8] {
        var editor = try CMSSignatureEditor(der: TestIdentity().sign(Self.report))
        try edit(&editor)
        return editor.der
    }

    /// The one failure at the signature, its message containing `words`.
    private func expectFailure(_ code: CheckResult.Code, _ signature: [UInt8], _ words: String) throws {
        let (results, path) = try findings(signature)
        #expect(results.findings == [Finding(code, .fail, path)])
        let message = try #require(results.first?.message)
        #expect(message.contains(words), "\(message)")
    }

    @Test("the receipt signed and untouched: receipt.signature passes, trust not checked without an anchor")
    func valid() throws {
        let (results, path) = try findings(TestIdentity().sign(Self.report))
        #expect(results.findings == [Finding(.receiptSignature, .pass, path), Finding(.receiptTrust, .notChecked, path)])
    }

    @Test("a second SignerInfo: receipt.structure")
    func twoSigners() throws {
        try expectFailure(.receiptStructure, edited { $0.addSecondSigner() }, "not a detached CMS SignedData with one signer: a seal has exactly one signer")
    }

    @Test("NULL parameters on ecdsa-with-SHA256: receipt.algorithm")
    func algorithmParameters() throws {
        try expectFailure(
            .receiptAlgorithm, edited { try $0.addSignatureAlgorithmParameters() },
            "must use SHA-256 and ECDSA P-256: the signature algorithm carries parameters")
    }

    @Test("the value zero bytes long: receipt.signature.empty")
    func emptyValue() throws {
        try expectFailure(.receiptSignatureEmpty, edited { try $0.setSignatureValue([]) }, "signature value of the receipt's signature is zero bytes long")
    }

    @Test("the value all zeros, its length kept: receipt.signature.placeholder")
    func placeholderValue() throws {
        let signature = try edited { editor in try editor.setSignatureValue([UInt8](repeating: 0, count: editor.signatureValue().count)) }
        try expectFailure(.receiptSignaturePlaceholder, signature, "is a placeholder, not an ECDSA signature: all")
    }

    @Test("the value's high-S twin: receipt.signature.high-s")
    func highSValue() throws {
        let signature = try edited { editor in try editor.setSignatureValue(CMSSignatureEditor.highSTwin(of: editor.signatureValue())) }
        try expectFailure(.receiptSignatureHighS, signature, "the ECDSA signature of the receipt's signature is in its high-S form")
    }

    @Test("one bit of s flipped: receipt.signature.invalid")
    func invalidValue() throws {
        let signature = try edited { editor in
            var value = try editor.signatureValue()
            value[value.count - 1] ^= 0x01
            try editor.setSignatureValue(value)
        }
        try expectFailure(.receiptSignatureInvalid, signature, "does not verify under the public key of the certificate it names")
    }

    @Test("judged after the signer's certificate expired, with no token to date it: receipt.certificate.expired")
    func certificateExpired() throws {
        let now = Timestamp.now()
        let signer = try TestIdentity(validFrom: Timestamp(seconds: now.seconds - 30 * 86_400), days: 60)
        let (results, path) = try findings(signer.sign(Self.report), at: Timestamp(seconds: now.seconds + 90 * 86_400))
        #expect(results.findings == [Finding(.receiptSignature, .pass, path), Finding(.receiptCertificateExpired, .fail, path)])
        let message = try #require(results.last?.message)
        #expect(message.contains("the signer's certificate expired on"), "\(message)")
        #expect(message.contains("the verification time (no trusted timestamp on the receipt)"), "\(message)")
    }

    @Test("judged before the signer's certificate is valid: receipt.certificate.not-yet-valid")
    func certificateNotYetValid() throws {
        let now = Timestamp.now()
        let signer = try TestIdentity(validFrom: Timestamp(seconds: now.seconds - 86_400), days: 60)
        let (results, path) = try findings(signer.sign(Self.report), at: Timestamp(seconds: now.seconds - 10 * 86_400))
        #expect(results.findings == [Finding(.receiptSignature, .pass, path), Finding(.receiptCertificateNotYetValid, .fail, path)])
        let message = try #require(results.last?.message)
        #expect(message.contains("the signer's certificate is valid only from"), "\(message)")
    }

    @Test("a certificate naming the anchor as issuer but signed by another key: receipt.certificate.invalid")
    func certificateInvalid() throws {
        let now = Timestamp.now()
        let rootKey = try SigningKey.generateP256()
        let root = try CertificateIssuer.issue(
            key: rootKey, subject: DistinguishedName(parsing: "CN=Receipt Test Root,O=Rial TEST ONLY"), issuer: nil, profile: .authority,
            notBefore: now.seconds - 86_400, days: 30)
        let key = try SigningKey.generateP256()
        // The root's name and key identifier, but a forger's key under the signature.
        let forged = try CertificateIssuer.issue(
            key: key, subject: DistinguishedName(parsing: "CN=Receipt Signer,O=Rial TEST ONLY"), issuer: (root, SigningKey.generateP256()),
            profile: .signer, notBefore: now.seconds - 86_400, days: 30)
        let signer = try DetachedSigner(key: key, certificate: forged, chain: [])
        let (results, path) = try findings(signer.sign(Self.report), anchors: [root], at: now)
        #expect(results.findings == [Finding(.receiptSignature, .pass, path), Finding(.receiptCertificateInvalid, .fail, path)])
        let message = try #require(results.last?.message)
        #expect(message.contains("the signer's certificate chain is not valid: certificate signature failure"), "\(message)")
    }
}
