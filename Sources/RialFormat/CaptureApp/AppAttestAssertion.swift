import Foundation

/// The structure of an App Attest assertion (`schema/SPEC.md` §16.8): base64 of a CBOR map
/// holding the byte strings `signature` and `authenticatorData`, the authenticator data at
/// least 37 bytes (RP ID hash 32, flags 1, counter 4).
///
/// Only the structure can be checked offline: the signature needs the device's attested key,
/// which only the app's server holds. A structural failure still matters: an empty or garbage
/// assertion is not "present, not checked", it is no assertion at all.
package enum AppAttestAssertion {
    /// The authenticator data's fixed part.
    package static let minAuthenticatorDataBytes = 37
    /// The deepest nesting of arrays, maps and tags read, counted as JSON's is (§6.7): the
    /// assertion's top-level map is level 1, a container that is one of its values level 2, and
    /// so on; a container at level 17 is refused. Scalars add no level.
    package static let maxNesting = 16

    /// The assertion the app made, or `nil` when it made none: an `assertion` that is absent,
    /// `null` or the empty string is NOT PRESENT (§16.8), not malformed: the app writes `""`
    /// when App Attest gave it nothing. Any other text is an assertion, to be judged.
    package static func made(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Why `base64` is not an assertion's structure, or `nil` when it is.
    package static func structuralProblem(_ base64: String) -> String? {
        guard let data = Data(base64Encoded: base64), !data.isEmpty else { return "it is not base64 of any bytes" }
        var reader = CBORReader(bytes: Array(data))
        guard let head = reader.head(), head.major == 5 else { return "it does not decode to a CBOR map" }
        var found: [String: Int] = [:]
        for _ in 0..<head.argument {
            guard let key = reader.head(), key.major == 3, let name = reader.text(count: key.argument) else {
                return "its CBOR map has a key that is not a text string"
            }
            guard let value = reader.head() else { return "its CBOR map ends early" }
            if value.major == 2, reader.skipBytes(value.argument) {
                found[name] = Int(value.argument)
            } else if !reader.skipValue(value, level: 2) {
                return "its CBOR map's value for \(name) cannot be read"
            }
        }
        guard reader.isAtEnd else { return "bytes follow its CBOR map" }
        guard let signature = found["signature"], signature > 0 else { return "its CBOR map has no non-empty byte string signature" }
        guard let authenticator = found["authenticatorData"] else { return "its CBOR map has no byte string authenticatorData" }
        guard authenticator >= minAuthenticatorDataBytes else {
            return "its authenticatorData is \(authenticator) bytes; at least \(minAuthenticatorDataBytes)"
        }
        return nil
    }
}

/// Just enough of CBOR (RFC 8949) to walk a map, bounded: definite lengths only, nesting at
/// most ``AppAttestAssertion/maxNesting`` levels (the top-level map is level 1), every length
/// checked against the bytes left.
private struct CBORReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func head() -> (major: UInt8, argument: UInt64)? {
        guard offset < bytes.count else { return nil }
        let initial = bytes[offset]
        offset += 1
        let info = initial & 0x1F
        let argument: UInt64
        switch info {
        case 0..<24: argument = UInt64(info)
        case 24...27:
            let width = 1 << Int(info - 24)
            guard bytes.count - offset >= width else { return nil }
            argument = bytes[offset..<offset + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += width
        default: return nil
        }
        return (initial >> 5, argument)
    }

    mutating func skipBytes(_ count: UInt64) -> Bool {
        guard count <= UInt64(bytes.count - offset) else { return false }
        offset += Int(count)
        return true
    }

    mutating func text(count: UInt64) -> String? {
        let start = offset
        guard skipBytes(count) else { return nil }
        return String(validating: bytes[start..<offset], as: UTF8.self)
    }

    /// Skips one value whose head was read; `level` is the nesting level it occupies if it is an
    /// array, map or tag (its container's level + 1).
    mutating func skipValue(_ head: (major: UInt8, argument: UInt64), level: Int) -> Bool {
        switch head.major {
        case 0, 1, 7: return true
        case 2, 3: return skipBytes(head.argument)
        case 4, 5:
            guard level <= AppAttestAssertion.maxNesting else { return false }
            // Every item takes at least one byte, so a count beyond the bytes left is a lie.
            guard head.argument <= UInt64(bytes.count - offset) else { return false }
            let items = head.major == 5 ? head.argument * 2 : head.argument
            for _ in 0..<items {
                guard let next = self.head(), skipValue(next, level: level + 1) else { return false }
            }
            return true
        case 6:
            guard level <= AppAttestAssertion.maxNesting, let next = self.head() else { return false }
            return skipValue(next, level: level + 1)
        default: return false
        }
    }
}
