import RialFormat
import RialCrypto
import RialArchive

/// Who signs: a P-256 key, its certificate and the chain to embed. Makes
/// `rial/seal/manifest.p7s` from the exact bytes of `rial/manifest.json`, and the signatures
/// of custody events.
public struct Sealer: Sendable {
    /// The key and certificate chain that sign.
    public let signer: DetachedSigner

    /// - Parameter signer: the key and certificate chain that sign.
    public init(signer: DetachedSigner) {
        self.signer = signer
    }

    /// Loads the key, certificate and optional chain from PEM files.
    /// - Throws: ``PackagerError`` `.invalidOption` naming the file and what is wrong with it.
    public init(keyPath: String, certificatePath: String, chainPath: String?) throws {
        func read(_ path: String, _ what: String) throws -> [UInt8] {
            do {
                return try FileChunkReader.readAll(path: path, limit: 1 << 20)
            } catch {
                throw PackagerError(.invalidOption, "cannot read the \(what) \(path)", cause: error)
            }
        }
        do {
            let key = try SigningKey(pem: read(keyPath, "signing key"), source: keyPath)
            let certificates = try Certificate.load(pem: read(certificatePath, "certificate"), source: certificatePath)
            guard let certificate = certificates.first else {
                throw PackagerError(.invalidOption, "\(certificatePath) holds no certificate")
            }
            // A certificate file may carry its chain after the leaf, as many CAs issue them.
            var chain = Array(certificates.dropFirst())
            if let chainPath { chain += try Certificate.load(pem: read(chainPath, "certificate chain"), source: chainPath) }
            signer = try DetachedSigner(key: key, certificate: certificate, chain: chain)
        } catch let error as CryptoError {
            throw PackagerError(.invalidOption, error.reason, cause: error.openSSLErrors.isEmpty ? nil : error)
        }
    }

    /// Refuses a certificate outside its validity period now: a seal made with it would fail
    /// every verification.
    /// - Throws: ``PackagerError`` `.invalidOption`.
    public func checkUsable(at now: Timestamp) throws {
        let certificate = signer.certificate
        if let notAfter = certificate.notAfter, notAfter < now.seconds {
            throw PackagerError(
                .invalidOption, "the certificate \(certificate.subject) expired on \(Timestamp(seconds: notAfter)); a seal made with it would not verify")
        }
        if let notBefore = certificate.notBefore, notBefore > now.seconds {
            throw PackagerError(.invalidOption, "the certificate \(certificate.subject) is valid only from \(Timestamp(seconds: notBefore))")
        }
    }

    /// The detached CMS signature over `manifest`, DER.
    /// - Throws: ``PackagerError`` `.writeFailed` when OpenSSL refuses.
    package func seal(_ manifest: [UInt8]) throws -> [UInt8] {
        try sign(manifest, what: "rial/manifest.json")
    }

    /// The detached CMS signature over `bytes` (a custody event, the manifest), DER.
    /// - Throws: ``PackagerError`` `.writeFailed` naming `what` when OpenSSL refuses.
    package func sign(_ bytes: [UInt8], what: String) throws -> [UInt8] {
        do {
            return try signer.sign(bytes)
        } catch {
            throw PackagerError(.writeFailed, "could not sign \(what)", cause: error)
        }
    }
}
