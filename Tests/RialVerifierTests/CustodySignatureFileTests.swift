import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// A custody event's CMS signature file re-shaped by a forger, its signature value untouched
/// (``CMSSignatureEditor``, every length rewritten): the custody codes of
/// ``DetachedSignatureJudge``'s branches for the file's structure and algorithms.
@Suite("Custody signature file")
struct CustodySignatureFileTests {
    private typealias Builder = InventoryBuilder

    /// The package with event 7 signed by a technician, then its signature file edited.
    private func findings(_ edit: (inout CMSSignatureEditor) throws -> Void) throws -> [CheckResult] {
        var builder = try Builder.package(sealedBy: TestIdentity())
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 86_400), by: TestIdentity(name: "Lab Tech"))
        var editor = try CMSSignatureEditor(der: #require(builder.files[Builder.signaturePath(7)]))
        try edit(&editor)
        builder.files[Builder.signaturePath(7)] = editor.der
        return CustodySignatureCheck().run(builder.context())
    }

    @Test("a second SignerInfo beside the first: custody.signature-file.structure at the signature")
    func twoSigners() throws {
        let results = try findings { $0.addSecondSigner() }
        #expect(results.failures == [Finding(.custodySignatureFileStructure, .fail, Builder.signaturePath(7), seq: 7)])
        let message = try #require(results.first { $0.code == .custodySignatureFileStructure }?.message)
        #expect(message.contains("not a detached CMS SignedData with one signer: a seal has exactly one signer"), "\(message)")
    }

    @Test("NULL parameters added to ecdsa-with-SHA256, a second byte form: custody.signature-file.algorithm at the signature")
    func algorithmParameters() throws {
        let results = try findings { try $0.addSignatureAlgorithmParameters() }
        #expect(results.failures == [Finding(.custodySignatureFileAlgorithm, .fail, Builder.signaturePath(7), seq: 7)])
        let message = try #require(results.first { $0.code == .custodySignatureFileAlgorithm }?.message)
        #expect(message.contains("must use SHA-256 and ECDSA P-256: the signature algorithm carries parameters"), "\(message)")
    }
}
