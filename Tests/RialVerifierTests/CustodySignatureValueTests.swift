import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// A custody event's signature value edited inside its CMS file, the file otherwise as signed
/// (in place, or rewritten with ``CMSSignatureEditor`` when its length changes): the custody
/// codes of ``DetachedSignatureJudge``'s branches for the value itself (the seal's are
/// SealCryptoTests' and the CLI's forged seals').
@Suite("Custody signature value")
struct CustodySignatureValueTests {
    private typealias Builder = InventoryBuilder

    /// The package with event 7 signed, and where its signature value lies in the signature file.
    private func signed() throws -> (Builder, der: [UInt8], value: Range<Int>) {
        var builder = try Builder.package(sealedBy: TestIdentity())
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 86_400), by: TestIdentity(name: "Lab Tech"))
        let der = try #require(builder.files[Builder.signaturePath(7)])
        let value = try DetachedSignature(der: der).signatureValue
        let range = try #require(der.firstRange(of: value))
        return (builder, der, range)
    }

    private func failures(_ builder: Builder) -> [Finding] {
        CustodySignatureCheck().run(builder.context()).failures
    }

    @Test("one bit of s flipped: custody.signature.invalid at the signature")
    func invalid() throws {
        var (builder, der, value) = try signed()
        der[value.upperBound - 1] ^= 0x01
        builder.files[Builder.signaturePath(7)] = der
        #expect(failures(builder) == [Finding(.custodySignatureInvalid, .fail, Builder.signaturePath(7), seq: 7)])
    }

    @Test("the value's bytes all zeros: custody.signature.placeholder at the signature")
    func placeholder() throws {
        var (builder, der, value) = try signed()
        der.replaceSubrange(value, with: repeatElement(0, count: value.count))
        builder.files[Builder.signaturePath(7)] = der
        #expect(failures(builder) == [Finding(.custodySignaturePlaceholder, .fail, Builder.signaturePath(7), seq: 7)])
    }

    /// The package with event 7's signature value replaced by `value(original)`.
    private func withValue(_ value: ([UInt8]) throws -> [UInt8]) throws -> Builder {
        var (builder, der, _) = try signed()
        var editor = try CMSSignatureEditor(der: der)
        try editor.setSignatureValue(value(editor.signatureValue()))
        builder.files[Builder.signaturePath(7)] = editor.der
        return builder
    }

    @Test("the value emptied, the OCTET STRING zero bytes long: custody.signature.empty at the signature")
    func empty() throws {
        let builder = try withValue { _ in [] }
        let results = CustodySignatureCheck().run(builder.context())
        #expect(results.failures == [Finding(.custodySignatureEmpty, .fail, Builder.signaturePath(7), seq: 7)])
        let message = try #require(results.first { $0.code == .custodySignatureEmpty }?.message)
        #expect(message.contains("signature value of the signature of event 7 is zero bytes long"), "\(message)")
    }

    @Test("the value replaced by its high-S twin (r, n − s), valid under the same key: custody.signature.high-s at the signature")
    func highS() throws {
        let builder = try withValue(CMSSignatureEditor.highSTwin)
        let results = CustodySignatureCheck().run(builder.context())
        #expect(results.failures == [Finding(.custodySignatureHighS, .fail, Builder.signaturePath(7), seq: 7)])
        let message = try #require(results.first { $0.code == .custodySignatureHighS }?.message)
        #expect(message.contains("the ECDSA signature of the signature of event 7 is in its high-S form"), "\(message)")
    }
}
