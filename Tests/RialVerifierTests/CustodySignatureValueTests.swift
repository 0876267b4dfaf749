import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// A custody event's signature value edited in place inside its CMS file, the file otherwise
/// as signed: the custody codes of ``DetachedSignatureJudge``'s branches for the value itself
/// (the seal's are SealCryptoTests' and the CLI's forged seals').
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
}
