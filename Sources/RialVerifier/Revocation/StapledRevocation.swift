import RialCrypto
import RialFormat

/// The revocation evidence stapled in a package (`rial/seal/revocation/`, `schema/SPEC.md`
/// §14.11), read once while the context is built: each file's CRLs, OCSP response or
/// certificates, or why it is not used.
///
/// Nothing here is trusted for being in the package: a CRL or OCSP response counts only where
/// its issuer's signature verifies (``CertificateRevocation``), and a certificate only helps
/// build a chain that must still end at the verifier's anchor. So a hostile file can at worst
/// be unused (NOT CHECKED, named), never make a revocation verdict pass.
struct StapledRevocation {
    /// One file under the directory, and what became of it.
    struct File {
        let path: String
        /// What it was read as, for the PASS message; `nil` when it is not used.
        let reading: String?
        /// Why it is not used; `nil` when it is.
        let problem: String?
    }

    /// Every file, in byte order of their paths.
    let files: [File]
    /// The CRL and OCSP files read, as evidence of source `stapled`.
    let evidence: [RevocationEvidenceFile]
    /// The certificates of the `.crt` files: intermediates for chain building, never anchors.
    let certificates: [Certificate]

    /// What a stapled file's extension says it holds.
    enum Kind: String, CaseIterable {
        case crl, ocsp, crt
    }

    init(_ inventory: Inventory) {
        var files: [File] = []
        var evidence: [RevocationEvidenceFile] = []
        var certificates: [Certificate] = []
        for path in inventory.files.keys.filter(PackageLayout.isStapledRevocation).sorted(by: UTF8Order.precedes) {
            let outcome = Self.read(path, inventory)
            switch outcome {
            case .failure(let problem):
                files.append(File(path: path, reading: nil, problem: problem))
            case .success(let read):
                files.append(File(path: path, reading: read.reading, problem: nil))
                if let file = read.evidence { evidence.append(file) }
                certificates += read.certificates
            }
        }
        self.files = files
        self.evidence = evidence
        self.certificates = certificates
    }

    private enum Outcome {
        case success(Read)
        case failure(String)
    }

    private struct Read {
        let reading: String
        var evidence: RevocationEvidenceFile?
        var certificates: [Certificate] = []
    }

    /// The name, `SHA256.crl|.ocsp|.crt`: the digest of the bytes and the kind.
    static func parseName(_ path: String) -> (sha256: String, kind: Kind)? {
        let name = String(path.dropFirst(PackageLayout.revocationDirectory.count))
        guard let dot = name.lastIndex(of: "."), let kind = Kind(rawValue: String(name[name.index(after: dot)...])) else { return nil }
        let digest = String(name[..<dot])
        guard Hex.isDigest(digest, byteCount: 32), digest == digest.lowercased() else { return nil }
        return (digest, kind)
    }

    private static func read(_ path: String, _ inventory: Inventory) -> Outcome {
        guard let (digest, kind) = parseName(path) else {
            return .failure(
                "not used: a stapled file is named by the SHA-256 of its bytes (64 lowercase hex digits) and .crl, .ocsp or .crt, and this name is not")
        }
        guard let bytes = inventory.tagFileBytes[path] else {
            return .failure(
                "not used: not read, being larger than the \(PackageLayout.maxParsedFileBytes >> 20) MiB a verifier reads of one file (or past the \(PackageLayout.maxParsedTotalBytes >> 20) MiB of all such files)"
            )
        }
        guard let actual = inventory.files[path]?.digests[.sha256], actual == digest else {
            return .failure("not used: its name says SHA-256 \(digest), its bytes have \(inventory.files[path]?.digests[.sha256] ?? "no SHA-256 computed")")
        }
        do {
            switch kind {
            case .crl:
                let file = try RevocationEvidenceFile(kind: .crl, path: path, bytes: bytes, source: .stapled)
                let issuers = file.revocationLists.map(\.issuer)
                return .success(
                    Read(reading: "\(issuers.count == 1 ? "a CRL" : "\(issuers.count) CRLs") issued by \(issuers.joined(separator: "; "))", evidence: file))
            case .ocsp:
                let file = try RevocationEvidenceFile(kind: .ocsp, path: path, bytes: bytes, source: .stapled)
                return .success(Read(reading: "an OCSP response", evidence: file))
            case .crt:
                let certificates = bytes.starts(with: Array("-----BEGIN".utf8)) ? try Certificate.load(pem: bytes, source: path) : [try Certificate(der: bytes)]
                return .success(
                    Read(
                        reading:
                            "\(certificates.count == 1 ? "a certificate" : "\(certificates.count) certificates"), \(certificates.map(\.subject).joined(separator: "; ")), to help build chains (never an anchor)",
                        certificates: certificates))
            }
        } catch let error as CryptoError {
            return .failure("not used: it is not what its extension .\(kind.rawValue) says: \(error.reason)")
        } catch {
            return .failure("not used: it cannot be read: \(error)")
        }
    }
}
