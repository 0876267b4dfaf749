import RialFormat
import RialMedia

/// The media's stated creation time read as an instant (`schema/SPEC.md` §8.5 check 15a), in
/// the three forms the probe passes on as stored: RFC 3339 (the movie header's `creation_time`
/// as FFmpeg writes it), Apple's `com.apple.quicktime.creationdate` with its offset written
/// without a colon (`2023-09-22T18:34:05+0200`), and EXIF `DateTimeOriginal` / `DateTime`
/// (`2023:09:22 18:34:05`, local time) with the offset of `OffsetTimeOriginal` / `OffsetTime`.
enum MediaCreationTime {
    /// The instant, or why the stated time is not one.
    static func read(_ facts: MediaFacts) -> Result<Timestamp, Unread>? {
        guard let stated = facts.creationTime else { return nil }
        let text = stated.text.trimmingSpaces
        if let time = try? Timestamp(rfc3339: text) { return .success(time) }
        let bytes = Array(text.utf8)
        // Apple's form: the offset's colon left out.
        if bytes.count == 24, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-") {
            let fixed = String(text.prefix(22)) + ":" + String(text.suffix(2))
            if let time = try? Timestamp(rfc3339: fixed) { return .success(time) }
        }
        // EXIF: `YYYY:MM:DD HH:MM:SS`, local time, the offset in a tag of its own.
        if bytes.count == 19, bytes[4] == UInt8(ascii: ":"), bytes[7] == UInt8(ascii: ":"), bytes[10] == UInt8(ascii: " ") {
            let offsetTag = stated.tag == "DateTimeOriginal" ? "OffsetTimeOriginal" : stated.tag == "DateTime" ? "OffsetTime" : ""
            guard let offset = facts.tags(named: offsetTag).first?.value.trimmingSpaces, !offset.isEmpty else {
                return .failure(
                    Unread(
                        reason: "\(stated.tag) \(QuotedValue.quoted(text)) is local time and the media states no \(offsetTag.isEmpty ? "offset" : offsetTag)"))
            }
            let date = String(text.prefix(10)).replacingColons
            let iso = date + "T" + String(text.suffix(8)) + offset
            if let time = try? Timestamp(rfc3339: iso) { return .success(time) }
        }
        return .failure(Unread(reason: "\(stated.tag) \(QuotedValue.quoted(String(text.prefix(64)))) is not a date rial reads"))
    }

    /// Why a stated creation time is not an instant.
    struct Unread: Error { let reason: String }
}

private extension String {
    /// Without spaces and NULs at either end (libexif pads some values).
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let last = scalars.last, last == " " || last == "\0" { scalars.removeLast() }
        while let first = scalars.first, first == " " || first == "\0" { scalars.removeFirst() }
        return String(scalars)
    }

    /// `YYYY:MM:DD` → `YYYY-MM-DD`.
    var replacingColons: String { String(map { $0 == ":" ? "-" : $0 }) }
}
