/// `bag-info.txt` (RFC 8493 §2.2.2): ordered `Label: value` metadata lines.
///
/// Labels may repeat, so this is a list, not a dictionary. A line starting with whitespace
/// continues the previous value (RFC 8493 allows folding).
public struct BagInfo: Sendable, Hashable {
    /// One `Label: value` line.
    public struct Field: Sendable, Hashable {
        public let label: String
        public let value: String
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    package private(set) var fields: [Field]

    /// Labels a packer writes itself, lowercased (RFC 8493 labels compare case-insensitively):
    /// a caller may not set them, and a report's case fields leave them out
    /// (`schema/SPEC.md` §5.2). `Bag-Size` is reserved though 1.0 does not write it.
    package static let reservedLabels: Set<String> = [
        "payload-oxum", "bagging-date", "external-identifier", "bag-software-agent", "bag-size",
    ]

    package init(fields: [Field] = []) { self.fields = fields }

    /// Appends a field. Values are written on one line: line breaks become spaces.
    package mutating func append(_ label: String, _ value: String) {
        // Line breaks become spaces and surrounding whitespace goes: a reader strips leading
        // whitespace, so writing it would make the value read back differently.
        // Split on scalars: as a Character, CR LF is one grapheme that is neither CR nor LF.
        let flat = value.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        fields.append(Field(label, flat.trimmingLeadingWhitespace().trimmingTrailingWhitespace()))
    }

    /// All values for `label`, compared case-insensitively as RFC 8493 §2.2.2 says labels are.
    package func values(_ label: String) -> [String] {
        fields.filter { $0.label.lowercased() == label.lowercased() }.map(\.value)
    }

    package func bytes() -> [UInt8] {
        Array(fields.map { "\($0.label): \($0.value)\n" }.joined().utf8)
    }

    /// Parses `bag-info.txt`.
    /// - Throws: ``FormatError`` `.invalidLine` naming the line.
    package static func parse(_ bytes: [UInt8]) throws(FormatError) -> BagInfo {
        var fields: [Field] = []
        for (number, line) in try TextLines.split(bytes, file: "bag-info.txt").enumerated() {
            if let first = line.unicodeScalars.first, first == " " || first == "\t" {
                guard let last = fields.popLast() else {
                    throw FormatError(.invalidLine, "bag-info.txt line \(number + 1) continues a field that does not exist")
                }
                fields.append(Field(last.label, last.value + " " + line.trimmingLeadingWhitespace()))
                continue
            }
            // On scalars: a ':' followed by a combining mark is one Swift character, not ':'.
            let scalars = line.unicodeScalars
            guard let colon = scalars.firstIndex(of: ":"), colon != scalars.startIndex else {
                throw FormatError(.invalidLine, "bag-info.txt line \(number + 1) is not \"Label: value\"")
            }
            let label = String(scalars[..<colon])
            let value = String(scalars[scalars.index(after: colon)...]).trimmingLeadingWhitespace()
            fields.append(Field(label, value))
        }
        return BagInfo(fields: fields)
    }
}

/// `Payload-Oxum`: the payload's total octet count and file count, `OCTETS.COUNT`.
package struct PayloadOxum: Sendable, Hashable, CustomStringConvertible {
    package let octets: UInt64
    package let fileCount: UInt64

    package init(octets: UInt64, fileCount: UInt64) {
        self.octets = octets
        self.fileCount = fileCount
    }

    /// Parses `OCTETS.COUNT`, both decimal without signs or leading spaces.
    package init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let octets = UInt64(parts[0]), let count = UInt64(parts[1])
        else { return nil }
        self.init(octets: octets, fileCount: count)
    }

    package var description: String { "\(octets).\(fileCount)" }
}

extension String {
    func trimmingLeadingWhitespace() -> String {
        String(unicodeScalars.drop(while: { $0 == " " || $0 == "\t" }))
    }

    func trimmingTrailingWhitespace() -> String {
        var scalars = Array(unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
