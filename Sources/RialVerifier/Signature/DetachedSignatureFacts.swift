import RialCrypto

/// What is known about a detached CMS signature over some exact bytes, established once, when a
/// check first asks for the seal or a custody signature: how it read, its signature value's shape, whether it names the
/// content's digest, and whether it verifies. Each fact is established only when the ones
/// before it hold, because a signature that does not parse has no value to verify.
/// ``DetachedSignatureJudge`` words the findings; the summaries read ``isValid``.
struct DetachedSignatureFacts {
    enum Reading {
        /// Too large to have been kept: a signature is a few kilobytes.
        case unreadable
        /// Zero bytes.
        case empty
        case malformed(DetachedSignature.StructureProblem)
        case parsed(DetachedSignature)
    }

    private(set) var reading: Reading
    /// Why the signature value is not a canonical ECDSA signature; `nil` when it is (or it did not parse).
    private(set) var valueProblem: ECDSASignatureValue.Problem?
    /// Whether the signed content could be read.
    let hasContent: Bool
    /// Whether the signed attributes name the content's SHA-256.
    private(set) var signsContent = false
    /// Whether the signature verifies over the content (``VerifierCrypto/verifies(_:content:)``);
    /// `nil` when an earlier fact already fails, a failure when OpenSSL could not check.
    private(set) var verification: Result<Bool, CryptoError>?

    /// - Parameters:
    ///   - bytes: the signature file; `nil` when it was too large to keep.
    ///   - content: the signed bytes and their SHA-256; `nil` when missing or unreadable.
    init(bytes: [UInt8]?, content: (bytes: [UInt8], sha256: [UInt8])?, crypto: any VerifierCrypto) {
        hasContent = content != nil
        guard let bytes else { reading = .unreadable; return }
        guard !bytes.isEmpty else { reading = .empty; return }
        let parsed: DetachedSignature
        do {
            parsed = try DetachedSignature(der: bytes)
        } catch {
            reading = .malformed(error)
            return
        }
        reading = .parsed(parsed)
        valueProblem = ECDSASignatureValue.problem(with: parsed.signatureValue)
        guard valueProblem == nil, let content else { return }
        signsContent = parsed.signsContent(sha256: content.sha256)
        guard signsContent else { return }
        verification = Result { () throws(CryptoError) -> Bool in try crypto.verifies(parsed, content: content.bytes) }
    }

    /// The signature, when its shape was sound.
    var parsed: DetachedSignature? {
        if case .parsed(let signature) = reading { return signature }
        return nil
    }

    /// Whether it is a valid signature over the content.
    var isValid: Bool {
        if case .success(true)? = verification { return true }
        return false
    }
}
