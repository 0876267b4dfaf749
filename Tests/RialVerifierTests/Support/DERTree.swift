import RialCrypto

/// A DER structure taken apart into a tree a test can edit and write back, every length
/// recomputed: the edits that change a length (a second signer, parameters added to an
/// algorithm, a signature value emptied or made longer) cannot be made by patching bytes in
/// place. Each element is read with ``DERElement``, so only strict DER parses; a constructed
/// element is read into its children, a primitive one (an OCTET STRING holding DER included)
/// is kept as bytes.
struct DERTree: Equatable {
    /// The identifier octet.
    var tag: UInt8
    /// A primitive element's contents; empty for a constructed one, whose contents are ``children``.
    var contents: [UInt8]
    /// A constructed element's children, in order; empty for a primitive one.
    var children: [DERTree]

    /// Nesting deeper than this is not a structure any test writes, so reading stops there.
    static let maxDepth = 32

    /// A primitive element.
    init(tag: UInt8, contents: [UInt8]) {
        self.tag = tag
        self.contents = contents
        children = []
    }

    /// A constructed element around `children`.
    init(tag: UInt8, children: [DERTree]) {
        self.tag = tag
        contents = []
        self.children = children
    }

    /// Reads exactly one element filling `der`, every constructed element into its children.
    /// - Throws: ``CryptoError`` `.malformed` on anything not strict DER, or nesting deeper than ``maxDepth``.
    init(der: [UInt8]) throws {
        try self.init(try DERElement(der: der), depth: 0)
    }

    private init(_ element: DERElement, depth: Int) throws {
        guard depth < Self.maxDepth else { throw CryptoError(.malformed, "DER nested deeper than \(Self.maxDepth)") }
        guard element.isConstructed else {
            self.init(tag: element.tag, contents: element.contents)
            return
        }
        self.init(tag: element.tag, children: try element.children().map { try DERTree($0, depth: depth + 1) })
    }

    /// Whether the constructed bit is set.
    var isConstructed: Bool { tag & 0x20 != 0 }

    /// The whole encoding, every length recomputed from what the element now holds.
    var encoded: [UInt8] { element.encoded }

    private var element: DERElement {
        isConstructed ? DERElement(tag: tag, children: children.map(\.element)) : DERElement(tag: tag, contents: contents)
    }

    /// The element reached by taking, from here, the child at each index of `path` in turn;
    /// the empty path is this element. Setting it replaces that element.
    subscript(path: [Int]) -> DERTree {
        get {
            guard let first = path.first else { return self }
            return children[first][Array(path.dropFirst())]
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            children[first][Array(path.dropFirst())] = newValue
        }
    }
}
