import RialVerifier
import RialCrypto
import RialFormat

/// The IRIs of a CASE export: `kb:<kind>-<uuid>`, the UUID name-based (RFC 9562 version 5) from
/// the package id and the node's role, so two exports of one package name every node alike and
/// come out byte-identical, and exports of different packages never share a node by accident.
///
/// Version 5 (SHA-1), not the version 8 the format uses for its own ids: UCO's advisory shape
/// for IRIs (`core:UcoThing-identifier-regex-shape`) accepts versions 0–5 only, and anyone can
/// derive the same UUID with a stock library (`uuid.uuid5(uuid.NAMESPACE_URL, name)`). SHA-1
/// only names nodes here; nothing rests on it resisting collisions.
package struct CASEIdentifier: Sendable {
    /// RFC 9562's URL namespace, `6ba7b811-9dad-11d1-80b4-00c04fd430c8`.
    static let urlNamespace: [UInt8] = [0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8]

    /// The package id every IRI is derived from.
    package let packageID: String

    package init(packageID: String) {
        self.packageID = packageID
    }

    /// The UUID of `role` in this package's graph: version 5 of `urn:rial:case:<package id>:<role>`
    /// in the URL namespace.
    /// - Throws: ``RialCrypto/CryptoError`` when OpenSSL cannot compute SHA-1.
    package func uuid(_ role: String) throws -> String {
        let digest = try StreamingDigest.digest(.sha1, of: Self.urlNamespace + Array("urn:rial:case:\(packageID):\(role)".utf8))
        guard let text = UUIDText.version5(fromDigest: digest) else { throw CryptoError(.openSSLFailure, "SHA-1 gave \(digest.count) bytes") }
        return text
    }

    /// `kb:<kind>-<uuid>`, the UUID of `"<kind> <role>"`, so no two nodes share one.
    /// - Throws: as ``uuid(_:)``.
    package func iri(_ kind: String, _ role: String) throws -> String {
        "kb:\(kind)-\(try uuid(kind + " " + role))"
    }
}
