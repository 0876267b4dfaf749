import RialCrypto

/// A detached CMS signature as rial writes it (a seal, a custody event's, a receipt's), edited
/// the way a forger would, everything else left as signed: the malformed structures the
/// verifier must name, made from real signatures rather than bytes typed in by hand.
///
/// `ContentInfo { contentType, [0] { SignedData { version, digestAlgorithms, encapContentInfo,
/// [0] certificates, signerInfos { SignerInfo { version, sid, digestAlgorithm, [0] signedAttrs,
/// signatureAlgorithm, signature } } } } }` (RFC 5652 §5).
struct CMSSignatureEditor {
    private(set) var tree: DERTree

    /// Where the SignedData lies: the ContentInfo's second child, inside its `[0] EXPLICIT`.
    static let signedData = [1, 0]

    /// - Throws: when `der` is not strict DER, or not shaped as a SignedData with one signer.
    init(der: [UInt8]) throws {
        tree = try DERTree(der: der)
        guard tree[Self.signedData].tag == 0x30, signerInfos().children.count == 1 else {
            throw BuilderError("not a CMS SignedData with one signer")
        }
    }

    /// The edited signature, every length recomputed.
    var der: [UInt8] { tree.encoded }

    /// The SET of SignerInfos: the SignedData's last SET (its first is digestAlgorithms).
    private var signerInfosPath: [Int] {
        let children = tree[Self.signedData].children
        return Self.signedData + [children.lastIndex { $0.tag == 0x31 } ?? children.count - 1]
    }

    private func signerInfos() -> DERTree { tree[signerInfosPath] }

    private var signerInfoPath: [Int] { signerInfosPath + [0] }

    /// The path of the signer's first child with `tag` after the signed attributes.
    private func signerChild(_ tag: UInt8) throws -> [Int] {
        let children = tree[signerInfoPath].children
        let start = (children.firstIndex { $0.tag == 0xA0 } ?? 0) + 1
        guard let index = children.indices.dropFirst(start).first(where: { children[$0].tag == tag }) else {
            throw BuilderError("the SignerInfo has no element with tag \(tag) after its signed attributes")
        }
        return signerInfoPath + [index]
    }

    /// The SignerInfo's `signature` OCTET STRING's contents: the ECDSA value.
    func signatureValue() throws -> [UInt8] { tree[try signerChild(0x04)].contents }

    /// Replaces the ECDSA value, its length and every enclosing length rewritten.
    mutating func setSignatureValue(_ value: [UInt8]) throws {
        tree[try signerChild(0x04)].contents = value
    }

    /// Appends NULL parameters to the signatureAlgorithm (`ecdsa-with-SHA256`, which has none):
    /// the second byte form of the signature that anyone can write without the key.
    mutating func addSignatureAlgorithmParameters() throws {
        tree[try signerChild(0x30)].children.append(DERTree(tag: 0x05, contents: []))
    }

    /// A second SignerInfo, a copy of the first: a SignedData with two signers.
    mutating func addSecondSigner() {
        tree[signerInfosPath].children.append(tree[signerInfoPath])
    }

    /// The P-256 group order n.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// The high-S twin (r, n − s) of a low-S ECDSA value `SEQUENCE { INTEGER r, INTEGER s }`:
    /// as valid as the original under the same key, and made without it. n − s has its top
    /// bit set more often than not, so the INTEGER then grows by a leading zero byte.
    static func highSTwin(of value: [UInt8]) throws -> [UInt8] {
        var pair = try DERTree(der: value)
        guard pair.tag == 0x30, pair.children.count == 2, pair.children.allSatisfy({ $0.tag == 0x02 }) else {
            throw BuilderError("not an ECDSA SEQUENCE { r, s }")
        }
        var s = Array(pair.children[1].contents.drop { $0 == 0 })
        guard s.count <= 32 else { throw BuilderError("s is longer than the P-256 order") }
        s.insert(contentsOf: repeatElement(0, count: 32 - s.count), at: 0)
        var difference = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            let value = Int(order[index]) - Int(s[index]) - borrow
            borrow = value < 0 ? 1 : 0
            difference[index] = UInt8(value + borrow * 256)
        }
        var integer = Array(difference.drop { $0 == 0 })
        if let first = integer.first, first & 0x80 != 0 { integer.insert(0, at: 0) }
        pair.children[1].contents = integer
        return pair.encoded
    }
}
