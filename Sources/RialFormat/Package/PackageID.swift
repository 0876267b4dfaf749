/// A package's identifier: the name of the archive's one top-level directory, the bag's
/// `External-Identifier`, and `package_id` in `rial/manifest.json`.
///
/// 1 to 128 characters of `A–Z a–z 0–9 . _ -`, starting with a letter or digit, so it is a safe
/// directory name on every file system.
public struct PackageID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// - Throws: ``FormatError`` `.invalidPackageID`.
    public init(_ text: String) throws(FormatError) {
        let bytes = Array(text.utf8)
        func allowed(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard (1...128).contains(bytes.count), bytes.allSatisfy(allowed),
            let first = bytes.first, first != UInt8(ascii: "."), first != UInt8(ascii: "_"), first != UInt8(ascii: "-")
        else {
            throw FormatError(
                .invalidPackageID,
                "package id \(QuotedValue.quoted(text)) must be 1–128 characters of A–Z, a–z, 0–9, '.', '_', '-', starting with a letter or digit")
        }
        rawValue = text
    }

    /// A name-based UUID (RFC 9562 version 8) from 16 bytes of a SHA-256 digest, lowercase.
    public static func uuid(fromDigest digest: [UInt8]) -> PackageID? {
        UUIDText.version8(fromDigest: digest).flatMap { try? PackageID($0) }
    }

    public var description: String { rawValue }
}
