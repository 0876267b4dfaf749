internal import CRialOpenSSL

/// A subject name written the way people type it: `CN=Jane Doe,O=Metro Police,C=GB`.
///
/// Attributes are separated by commas; a comma or backslash inside a value is escaped with a
/// backslash (`O=Smith\, Jones and Partners`). Attribute types are the short names OpenSSL
/// knows (CN, O, OU, C, L, ST, emailAddress, serialNumber, …).
package struct DistinguishedName: Sendable, Hashable {
    package struct Attribute: Sendable, Hashable {
        package let type: String
        package let value: String
    }

    /// In the order written.
    package let attributes: [Attribute]

    /// - Throws: ``CryptoError`` `.malformed` for an empty name, a part without `=`, an empty
    ///   value or an attribute type OpenSSL does not know.
    package init(parsing text: String) throws {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !escaped else { throw CryptoError(.malformed, "subject \"\(text)\" ends in a lone backslash") }
        parts.append(current)
        var attributes: [Attribute] = []
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else {
                throw CryptoError(.malformed, "subject part \"\(part)\" has no '=': write TYPE=value, e.g. CN=Jane Doe")
            }
            let type = part[..<equals].trimmingSpaces()
            let value = part[part.index(after: equals)...].trimmingSpaces()
            guard !value.isEmpty else { throw CryptoError(.malformed, "subject attribute \(type) has an empty value") }
            guard OBJ_txt2nid(type) != NID_undef else {
                throw CryptoError(.malformed, "subject attribute type \"\(type)\" is not known; use CN, O, OU, C, L, ST or emailAddress")
            }
            attributes.append(Attribute(type: type, value: value))
        }
        guard attributes.contains(where: { $0.type == "CN" || $0.type == "commonName" }) else {
            throw CryptoError(.malformed, "subject \"\(text)\" has no CN: name the person or unit, e.g. CN=Jane Doe,O=Metro Police")
        }
        self.attributes = attributes
    }

    /// A new OpenSSL name; the caller frees it.
    ///
    /// The text is read as RFC 2253 writes names, most specific first (`CN=…,O=…,C=…`), so
    /// the encoded sequence runs the other way (`C`, `O`, `CN`), as every CA issues them.
    func makeX509Name() throws -> OpaquePointer {
        guard let name = X509_NAME_new() else { throw CryptoError.openSSL("X509_NAME_new") }
        for attribute in attributes.reversed() {
            let added = Array(attribute.value.utf8).withUnsafeBufferPointer { value in
                X509_NAME_add_entry_by_txt(name, attribute.type, MBSTRING_UTF8, value.baseAddress, Int32(value.count), -1, 0)
            }
            guard added == 1 else {
                X509_NAME_free(name)
                throw CryptoError(
                    .malformed, "subject attribute \(attribute.type)=\(attribute.value) is not acceptable", openSSLErrors: CryptoError.drainQueue())
            }
        }
        return name
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
