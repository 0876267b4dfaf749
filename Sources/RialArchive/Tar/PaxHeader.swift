/// The records of one pax extended header (`typeflag 'x'`), parsed strictly.
///
/// Our writer emits `path` (names longer than ustar holds, or not ASCII) and `size` (files of
/// 8 GiB and more); nothing else is accepted. Each record is `LENGTH SP KEY=VALUE LF`, where
/// LENGTH is the decimal length of the whole record.
struct PaxHeader {
    /// The keys the `.rialpkg` profile allows.
    static let allowedKeys: Set<String> = ["path", "size"]

    private(set) var path: [UInt8]?
    private(set) var size: UInt64?

    /// - Throws: ``ArchiveError`` `.paxMalformed`, `.paxKey` for a key outside the allow-list,
    ///   `.sparseEntry` for GNU sparse keys, `.invalidName` for a path holding a NUL byte.
    init(_ data: [UInt8], entry: String) throws(ArchiveError) {
        var index = 0
        var seen: Set<String> = []
        while index < data.count {
            // LENGTH: decimal digits, no leading zero, then one space.
            var length = 0
            var cursor = index
            while cursor < data.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(data[cursor]), cursor - index < 7 {
                length = length * 10 + Int(data[cursor] - UInt8(ascii: "0"))
                cursor += 1
            }
            guard cursor > index, data[index] != UInt8(ascii: "0"), cursor < data.count, data[cursor] == UInt8(ascii: " "),
                length <= data.count - index, length > cursor - index + 1
            else {
                throw ArchiveError(
                    .paxMalformed,
                    "a pax extended header record at byte \(index) is malformed (its length is missing, has a leading zero or runs past the header)",
                    location: entry)
            }
            let end = index + length
            guard data[end - 1] == UInt8(ascii: "\n") else {
                throw ArchiveError(
                    .paxMalformed, "a pax extended header record at byte \(index) does not end with a newline where its length says", location: entry)
            }
            let record = data[(cursor + 1)..<(end - 1)]
            guard let equals = record.firstIndex(of: UInt8(ascii: "=")), equals > record.startIndex else {
                throw ArchiveError(.paxMalformed, "a pax extended header record at byte \(index) has no KEY=VALUE", location: entry)
            }
            let key = String(decoding: record[..<equals], as: UTF8.self)
            let value = Array(record[(equals + 1)...])
            if key.hasPrefix("GNU.sparse.") {
                throw ArchiveError(
                    .sparseEntry,
                    "a pax header declares a GNU sparse file (\(TarHeaderBlock.printable(Array(key.utf8)))); sparse entries are outside the .rialpkg profile",
                    location: entry)
            }
            guard Self.allowedKeys.contains(key) else {
                throw ArchiveError(
                    .paxKey,
                    "a pax header holds the key \(TarHeaderBlock.printable(Array(key.utf8))); only \(Self.allowedKeys.sorted().joined(separator: " and ")) are allowed",
                    location: entry)
            }
            guard seen.insert(key).inserted else {
                throw ArchiveError(.paxMalformed, "a pax header holds the key \(key) twice; readers disagree on which one counts", location: entry)
            }
            switch key {
            case "path":
                if value.contains(0) {
                    throw ArchiveError(.invalidName, "the pax path contains a NUL byte; libarchive would read only the part before it", location: entry)
                }
                path = value
            default:
                size = try Self.decimal(value, entry: entry)
            }
            index = end
        }
    }

    /// A pax size: decimal digits only, at most 18 of them (no sign, no overflow).
    private static func decimal(_ value: [UInt8], entry: String) throws(ArchiveError) -> UInt64 {
        guard !value.isEmpty, value.count <= 18, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw ArchiveError(.paxMalformed, "the pax size \(TarHeaderBlock.printable(value)) is not a decimal number of at most 18 digits", location: entry)
        }
        return value.reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
    }
}
