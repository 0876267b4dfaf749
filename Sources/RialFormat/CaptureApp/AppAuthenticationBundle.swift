import Foundation

/// The authentication bundle another capture app of this family sends to its aggregation server
/// (`schema/SPEC.md` §2.2; the security review): `image_hash`, `encrypted_nuc_token`, `table_references`,
/// `key_indices`, `timestamp`, `gps_hash`, `device_signature`.
///
/// The reading takes the shape only (types, 64-hex digests); what each value claims is judged
/// apart (the verifier's `app.bundle.*` checks), so that a bundle whose index is out of range is
/// reported as that, not as unreadable. `device_signature` is no signature: the app computes it as
/// a SHA-256 anyone can recompute (``expectedDeviceSignature(sha256:)``).
package struct AppAuthenticationBundle: Sendable, Hashable {
    /// The keys the bundle is made of, in the app's order.
    package static let keys = ["image_hash", "encrypted_nuc_token", "table_references", "key_indices", "timestamp", "gps_hash", "device_signature"]
    /// AES-GCM's nonce and tag around the ciphertext (`toSealedBoxData()`: nonce ‖ ciphertext ‖ tag).
    package static let nonceBytes = 12
    package static let tagBytes = 16
    /// The device fingerprint the app encrypts: 64 bytes, so its sealed box is 92.
    package static let fingerprintBytes = 64
    package static var sealedBoxBytes: Int { nonceBytes + fingerprintBytes + tagBytes }
    /// How many table references and key indices the server expects, and their ranges.
    package static let indexCount = 3
    package static let tableRange: ClosedRange<Int64> = 0...2499
    package static let keyIndexRange: ClosedRange<Int64> = 0...999

    /// The media's SHA-256 as the app wrote it (64 hex digits, either case).
    package let imageHash: String
    /// `encrypted_nuc_token` as written: the base64 of the sealed box.
    package let encryptedToken: String
    package let tableReferences: [Int64]
    package let keyIndices: [Int64]
    /// Unix seconds, when the app made the bundle.
    package let timestamp: Int64
    /// 64 hex digits, or `nil` for `null` or absent.
    package let gpsHash: String?
    /// `device_signature` as written.
    package let deviceSignature: String
    /// Keys at the top level that are not the bundle's, in file order.
    package let unreadKeys: [String]

    /// Reads `json`, naming the first key that breaks the shape, from `source` (§2.2 Messages).
    package init(json: JSONValue, source: String) throws(FormatError) {
        guard let object = json.objectValue else { throw FormatError(.invalidField, "\(source) must be a JSON object") }
        func string(_ key: String) throws(FormatError) -> String {
            guard let text = object[key]?.stringValue else { throw FormatError(.invalidField, "\(source).\(key) must be a string") }
            return text
        }
        func integers(_ key: String) throws(FormatError) -> [Int64] {
            guard let array = object[key]?.arrayValue else { throw FormatError(.invalidField, "\(source).\(key) must be an array of integers") }
            var values: [Int64] = []
            for (index, element) in array.enumerated() {
                guard let value = element.integerValue else { throw FormatError(.invalidField, "\(source).\(key)[\(index)] must be an integer") }
                values.append(value)
            }
            return values
        }
        imageHash = try string("image_hash")
        guard Self.isHex64(imageHash) else { throw FormatError(.invalidField, "\(source).image_hash must be 64 hex digits") }
        encryptedToken = try string("encrypted_nuc_token")
        tableReferences = try integers("table_references")
        keyIndices = try integers("key_indices")
        guard let time = object["timestamp"]?.integerValue else { throw FormatError(.invalidField, "\(source).timestamp must be an integer (Unix seconds)") }
        timestamp = time
        switch object["gps_hash"] {
        case nil, .null?: gpsHash = nil
        case .string(let text)? where Self.isHex64(text): gpsHash = text
        default: throw FormatError(.invalidField, "\(source).gps_hash must be 64 hex digits or null")
        }
        deviceSignature = try string("device_signature")
        unreadKeys = object.entries.map(\.key).filter { !Self.keys.contains($0) }
    }

    /// Whether `json`'s top level is shaped like a bundle: an object holding `image_hash` and
    /// `device_signature` (§2.2, recognition by shape).
    package static func isShaped(_ object: JSONObject) -> Bool {
        object["image_hash"] != nil && object["device_signature"] != nil
    }

    /// The sealed box's bytes, or why they are not one: not base64, or not nonce (12) ‖ the
    /// 64-byte fingerprint's ciphertext ‖ tag (16).
    package var sealedBox: Result<[UInt8], FormatError> {
        guard let data = Data(base64Encoded: encryptedToken) else {
            return .failure(FormatError(.invalidField, "encrypted_nuc_token is not base64"))
        }
        guard data.count == Self.sealedBoxBytes else {
            return .failure(
                FormatError(
                    .invalidField,
                    "encrypted_nuc_token decodes to \(data.count) bytes; an AES-GCM sealed box of the app's \(Self.fingerprintBytes)-byte fingerprint is nonce (\(Self.nonceBytes)) ‖ ciphertext (\(Self.fingerprintBytes)) ‖ tag (\(Self.tagBytes)) = \(Self.sealedBoxBytes) bytes"
                        + (data.count == Self.fingerprintBytes ? " (these could be the ciphertext alone, without nonce and tag)" : "")))
        }
        return .success(Array(data))
    }

    /// What is wrong with `table_references` and `key_indices`, or `nil`: each must hold
    /// exactly 3 integers, in 0–2499 and 0–999.
    package var indexProblem: String? {
        for (key, values, range) in [("table_references", tableReferences, Self.tableRange), ("key_indices", keyIndices, Self.keyIndexRange)] {
            guard values.count == Self.indexCount else { return "\(key) holds \(values.count) integers; the bundle has \(Self.indexCount)" }
            if let (index, value) = values.enumerated().first(where: { !range.contains($0.element) }) {
                return "\(key)[\(index)] is \(value), outside \(range.lowerBound)–\(range.upperBound)"
            }
        }
        return nil
    }

    /// The text the app hashes for `device_signature` (the security review, `createBundleSignature()`):
    /// `image_hash` as written ‖ the sealed box's standard base64 ‖ the decimal table id, key
    /// index and timestamp. The app uses one table and one key, repeated three times, so the
    /// id and index are the first of each; `nil` when the box does not decode or the three
    /// differ (then nothing says which the app hashed).
    package var signatureInput: String? {
        guard let box = Data(base64Encoded: encryptedToken), let table = tableReferences.first, let key = keyIndices.first,
            tableReferences.allSatisfy({ $0 == table }), keyIndices.allSatisfy({ $0 == key })
        else { return nil }
        return imageHash + box.base64EncodedString() + "\(table)\(key)\(timestamp)"
    }

    /// `device_signature` as the app computes it: the standard base64 of SHA-256 over the UTF-8 of
    /// ``signatureInput``; `nil` when there is no input.
    package func expectedDeviceSignature(sha256: ([UInt8]) throws -> [UInt8]) rethrows -> String? {
        guard let input = signatureInput else { return nil }
        return Data(try sha256(Array(input.utf8))).base64EncodedString()
    }

    private static func isHex64(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }
    }
}
