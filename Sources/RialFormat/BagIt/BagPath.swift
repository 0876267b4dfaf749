import Foundation

/// A path inside a bag, relative to the bag's root, as manifests and the archive name it.
///
/// The rules are the strict profile's: `/`-separated, valid UTF-8 in Unicode NFC, no empty,
/// `.` or `..` components, no backslash, no control or bidirectional-control characters, at
/// most ``maxBytes`` bytes. NFC matters because libarchive writes tar names in NFC: a name in
/// another normalisation would be spelled one way in the archive and another in the manifests. A path that
/// breaks them is never looked up, extracted or compared: it is a finding on its own.
package struct BagPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    package static let maxBytes = 1024

    package let rawValue: String

    /// How strictly a path is judged.
    package enum Rules: Sendable {
        /// The `.rialpkg` profile: everything above.
        case strict
        /// Any RFC 8493 bag on disk: control characters are allowed (manifests percent-encode
        /// LF and CR), the structural rules still hold.
        case bagit
    }

    /// Validates `text` as a bag-relative path.
    /// - Parameter rules: `.strict` for packages, `.bagit` for plain bags on disk.
    /// - Throws: ``FormatError`` `.invalidPath` saying which rule it breaks.
    package init(_ text: String, rules: Rules = .strict) throws(FormatError) {
        if let problem = Self.problem(with: text, rules: rules) {
            throw FormatError(.invalidPath, "path \(QuotedValue.quoted(text.debugDescription.dropFirst().dropLast())) \(problem)")
        }
        rawValue = text
    }

    /// The rule `text` breaks, or `nil` when it is a valid bag path.
    package static func problem(with text: String, rules: Rules = .strict) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > maxBytes { return "is longer than \(maxBytes) bytes" }
        if text.hasPrefix("/") { return "is absolute" }
        if ASCII.isASCII(text) { return asciiProblem(with: text, rules: rules) }
        return unicodeProblem(with: text, rules: rules)
    }

    /// ``problem(with:rules:)`` after the checks on length and a leading slash, for any text.
    static func unicodeProblem(with text: String, rules: Rules) -> String? {
        for scalar in text.unicodeScalars where rules == .strict {
            if scalar == "\\" { return "contains a backslash" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "contains a control character" }
            if InvisibleCharacters.isBidiControl(scalar) {
                return "contains a bidirectional control character"
            }
        }
        if rules == .strict, !isNFC(text) { return "is not in Unicode normalisation form C (NFC)" }
        // Split on bytes: splitting a Swift String works on grapheme clusters, and a component
        // starting with a combining mark would fuse with the slash before it.
        for component in text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if component.isEmpty { return "has an empty component" }
            if component.elementsEqual(".".utf8) || component.elementsEqual("..".utf8) {
                return "has a '\(String(decoding: component, as: UTF8.self))' component"
            }
            // A component whose first or last character would fuse with an adjacent "/" into one
            // grapheme (combining marks, joiners, emoji modifiers, prepended marks) makes
            // character-wise tests such as hasPrefix("data/") misread the path.
            let name = String(decoding: component, as: UTF8.self)
            if ("/" + name).count != name.count + 1 || (name + "/").count != name.count + 1 {
                return "has a component whose first or last character combines with the '/' beside it"
            }
        }
        return nil
    }

    /// ``problem(with:rules:)`` for an all-ASCII path, over its bytes: ASCII text is its own NFC,
    /// has no bidirectional controls, and no ASCII character fuses with a `/` into one grapheme
    /// (CR LF, the one ASCII cluster, has no slash in it). The same answers, in the same order,
    /// without Foundation's normalisation (`FastPathTests` holds the two paths together).
    static func asciiProblem(with text: String, rules: Rules) -> String? {
        var text = text
        return text.withUTF8 { asciiProblem(in: $0, rules: rules) }
    }

    private static func asciiProblem(in bytes: UnsafeBufferPointer<UInt8>, rules: Rules) -> String? {
        if rules == .strict {
            for byte in bytes {
                if byte == UInt8(ascii: "\\") { return "contains a backslash" }
                if byte < 0x20 || byte == 0x7F { return "contains a control character" }
            }
        }
        // Components in order, as splitting on "/" (keeping empty ones) would give them.
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
            let length = end - start
            if length == 0 { return "has an empty component" }
            if length <= 2, bytes[start] == UInt8(ascii: "."), length == 1 || bytes[start + 1] == UInt8(ascii: ".") {
                return "has a '\(length == 1 ? "." : "..")' component"
            }
            start = end + 1
        }
        return nil
    }

    /// Whether `text` is in NFC. Compared scalar by scalar: Swift's `==` on strings treats
    /// canonically equivalent spellings as equal, which is exactly what must not hide here.
    package static func isNFC(_ text: String) -> Bool {
        text.unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// `text` in NFC.
    package static func nfc(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }

    /// The components between slashes.
    package var components: [String] { Self.components(of: rawValue) }

    /// The components of `text` between slashes, split on bytes.
    package static func components(of text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The extension of the last component of `text`, lowercased, without the dot; empty when
    /// there is none or the name starts with its only dot. The one rule for media types and
    /// the capture kind alike.
    package static func fileExtension(of text: String) -> String {
        let name = components(of: text).last ?? text
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(decoding: name.utf8[name.utf8.index(after: dot)...], as: UTF8.self).lowercased()
    }

    /// The path's last component.
    package var fileName: String { components.last ?? rawValue }

    /// The path's extension, lowercased, without the dot; empty when there is none.
    package var fileExtension: String { Self.fileExtension(of: rawValue) }

    package var description: String { rawValue }

    /// Orders by UTF-8 bytes, so every implementation sorts the same way whatever its locale.
    package static func < (lhs: BagPath, rhs: BagPath) -> Bool {
        UTF8Order.precedes(lhs.rawValue, rhs.rawValue)
    }
}
