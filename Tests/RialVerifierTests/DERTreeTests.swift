import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// The test support's DER editor (``DERTree``) and the forger's edits built on it
/// (``CMSSignatureEditor``): what they write back must be what OpenSSL reads, or the findings
/// made from their output would test nothing.
@Suite("DER tree")
struct DERTreeTests {
    @Test("a structure read and written back is the same bytes, short and long lengths alike")
    func roundTrip() throws {
        let long = [UInt8](repeating: 0xAB, count: 300)
        let der = DERTree(
            tag: 0x30, children: [DERTree(tag: 0x02, contents: [0x01]), DERTree(tag: 0xA0, children: [DERTree(tag: 0x04, contents: long)])]
        ).encoded
        #expect(Array(der.prefix(4)) == [0x30, 0x82, 0x01, 0x37])
        #expect(Array(der[7..<11]) == [0xA0, 0x82, 0x01, 0x30])
        let tree = try DERTree(der: der)
        #expect(tree.encoded == der)
        #expect(tree[[1, 0]].contents == long)
        #expect(tree[[]] == tree)
    }

    @Test("replacing a child rewrites every enclosing length, across the short-to-long boundary")
    func lengthsFollowAnEdit() throws {
        var tree = try DERTree(der: [0x30, 0x05, 0xA0, 0x03, 0x04, 0x01, 0x07])
        tree[[0, 0]].contents = [UInt8](repeating: 0, count: 200)
        #expect(Array(tree.encoded.prefix(9)) == [0x30, 0x81, 0xCE, 0xA0, 0x81, 0xCB, 0x04, 0x81, 0xC8])
        #expect(tree.encoded.count == 3 + 3 + 3 + 200)
        tree[[0, 0]].contents = []
        #expect(tree.encoded == [0x30, 0x04, 0xA0, 0x02, 0x04, 0x00])
        tree[[0]].children.append(DERTree(tag: 0x05, contents: []))
        #expect(tree.encoded == [0x30, 0x06, 0xA0, 0x04, 0x04, 0x00, 0x05, 0x00])
    }

    @Test("only strict DER parses: trailing bytes, a cut length, a long form where a short one belongs")
    func strictReading() {
        #expect(throws: CryptoError.self) { try DERTree(der: [0x30, 0x00, 0x00]) }
        #expect(throws: CryptoError.self) { try DERTree(der: [0x30, 0x03, 0x02, 0x01]) }
        #expect(throws: CryptoError.self) { try DERTree(der: [0x04, 0x81, 0x01, 0x00]) }
        #expect(throws: CryptoError.self) { try DERTree(der: [0x30, 0x02, 0x30, 0x00, 0x00]) }
    }

    @Test("nesting is read only to a fixed depth")
    func depthIsCapped() {
        var tree = DERTree(tag: 0x05, contents: [])
        for _ in 0..<DERTree.maxDepth { tree = DERTree(tag: 0x30, children: [tree]) }
        #expect(throws: CryptoError.self) { try DERTree(der: tree.encoded) }
    }

    @Test("a rial signature read and written back unedited is the bytes signed, and the signer's value is where OpenSSL finds it")
    func signatureRoundTrip() throws {
        let der = try TestIdentity().sign(Array("content".utf8))
        let editor = try CMSSignatureEditor(der: der)
        #expect(editor.der == der)
        #expect(try editor.signatureValue() == DetachedSignature(der: der).signatureValue)
    }

    @Test("each edit gives a signature OpenSSL still reads as DER, with the flaw it was made to carry")
    func editsReadAsIntended() throws {
        let der = try TestIdentity().sign(Array("content".utf8))
        var twoSigners = try CMSSignatureEditor(der: der)
        twoSigners.addSecondSigner()
        #expect(twoSigners.der.count > der.count)
        #expect(throws: DetachedSignature.StructureProblem.shape("a seal has exactly one signer")) { try DetachedSignature(der: twoSigners.der) }

        var parameters = try CMSSignatureEditor(der: der)
        try parameters.addSignatureAlgorithmParameters()
        #expect(parameters.der.count == der.count + 2)
        #expect {
            try DetachedSignature(der: parameters.der)
        } throws: { error in
            guard case .algorithm(let why)? = error as? DetachedSignature.StructureProblem else { return false }
            return why.contains("signature algorithm carries parameters")
        }

        var empty = try CMSSignatureEditor(der: der)
        try empty.setSignatureValue([])
        #expect(try DetachedSignature(der: empty.der).signatureValue == [])
    }

    @Test("the high-S twin is (r, n − s): judged high-S, and its own twin again under the order")
    func highSTwin() throws {
        let value = try DetachedSignature(der: TestIdentity().sign([1, 2, 3])).signatureValue
        #expect(ECDSASignatureValue.problem(with: value) == nil)
        let twin = try CMSSignatureEditor.highSTwin(of: value)
        #expect(ECDSASignatureValue.problem(with: twin) == .highS)
        #expect(try DERTree(der: twin)[[0]] == DERTree(der: value)[[0]])
        // n − s is at least n/2, so 32 bytes, with a leading zero when its top bit is set.
        let s = try DERTree(der: twin)[[1]].contents
        #expect(s.count == 32 || (s.count == 33 && s[0] == 0 && s[1] & 0x80 != 0))
    }
}
