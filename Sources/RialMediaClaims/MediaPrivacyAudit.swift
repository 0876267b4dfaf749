import RialFormat
import RialMedia

/// Privacy for real (`schema/SPEC.md` §16.6, "What each level withholds in the media"): a package
/// that withholds the capture's location, time or device must not carry them inside its video
/// or photo. The media's embedded metadata, as the media libraries read it, is audited against
/// the package's levels, and each tag that discloses more is named. The packer applies the same
/// audit before it keeps a media file (`rial pack --privacy`), the verifier after.
///
/// | level | withholds in the media |
/// |---|---|
/// | `location=coarse` | coordinates (GPS, QuickTime `©xyz`/`loci`, ISO 6709, XMP GPS) and sub-locations |
/// | `location=none` | also city, state, country and location names |
/// | `timestamp=day_only` | a time of day (creation time, EXIF `DateTime…`, QuickTime dates) |
/// | `timestamp=none` | also the date |
/// | `device=model_only` | software, serial numbers, lens, host computer, and the owner (artist, owner name, copyright, creator, author) |
/// | `device=none` | also the make and model |
package enum MediaPrivacyAudit {
    /// One tag that discloses more than a level allows.
    package struct Leak: Hashable, Sendable {
        /// The tag's name, e.g. `©xyz/loci`, `GPSLatitude`, `Artist`.
        package let tag: String
        /// `location`, `timestamp` or `device`.
        package let dimension: String
        package let value: String

        /// The level of `levels` that withholds it, e.g. `coarse`.
        package func level(in levels: PrivacyLevels) -> String {
            switch dimension {
            case "location": return levels.location.rawValue
            case "timestamp": return levels.timestamp.rawValue
            default: return levels.device.rawValue
            }
        }
    }

    /// Each tag of `facts` that `levels` withhold, location first, then time, then device.
    /// XMP properties come as tags of their own, judged by their meaning (``XMPPropertyMeaning``).
    package static func leaks(_ facts: MediaFacts, levels: PrivacyLevels) -> [Leak] {
        var found: [Leak] = []
        if levels.location != .precise {
            if let location = facts.location { found.append(Leak(tag: location.tag, dimension: "location", value: location.text)) }
            for tag in facts.tags where tag.name != facts.location?.tag {
                if isCoordinate(tag.name) || (levels.location == .none && isPlaceName(tag.name)) {
                    found.append(Leak(tag: tag.name, dimension: "location", value: tag.value))
                }
            }
        }
        if levels.timestamp != .exact {
            var seen: Set<String> = []
            let dated = (facts.creationTime.map { [($0.tag, $0.text)] } ?? []) + facts.tags.filter { isDate($0.name) }.map { ($0.name, $0.value) }
            for (tag, value) in dated where seen.insert(tag + "\u{0}" + value).inserted {
                if isTimeOfDay(tag) || (levels.timestamp == .none ? hasDate(value) : hasTimeOfDay(value)) {
                    found.append(Leak(tag: tag, dimension: "timestamp", value: value))
                }
            }
        }
        if levels.device != .full {
            // model_only discloses the make and model; none discloses neither.
            var withheld = facts.tags.filter { isDeviceDetail($0.name) || isOwner($0.name) }.map { ($0.name, $0.value) }
            if levels.device == .none {
                withheld += [facts.make, facts.model].compactMap { $0 }.map { ($0.tag, $0.text) }
                withheld += facts.tags.filter { XMPPropertyMeaning(tagName: $0.name) == .makeOrModel }.map { ($0.name, $0.value) }
            }
            found += withheld.map { Leak(tag: $0.0, dimension: "device", value: $0.1) }
        }
        return found
    }

    private static func isCoordinate(_ name: String) -> Bool {
        if let meaning = XMPPropertyMeaning(tagName: name) { return meaning == .coordinate }
        let lower = name.lowercased()
        return lower.hasPrefix("gps") || lower.contains("©xyz") || lower.contains("iso6709") || lower.contains("sublocation")
            || (lower.contains("location") && !lower.contains("sublocation") && isCoordinateKey(lower))
    }

    /// `com.apple.quicktime.location.ISO6709`, `location`, `location-eng`: the keys FFmpeg gives a
    /// QuickTime position; `location.name` and kin are place names instead.
    private static func isCoordinateKey(_ lower: String) -> Bool {
        !(lower.hasSuffix(".name") || lower.hasSuffix(".note") || lower.hasSuffix(".body") || lower.hasSuffix(".role"))
    }

    private static func isPlaceName(_ name: String) -> Bool {
        if let meaning = XMPPropertyMeaning(tagName: name) { return meaning == .placeName || meaning == .coordinate }
        let lower = name.lowercased()
        return lower.contains("city") || lower.contains("location") || lower.contains("country") || lower.contains("province")
            || lower == "state" || lower.hasSuffix(".state")
    }

    private static func isDate(_ name: String) -> Bool {
        if let meaning = XMPPropertyMeaning(tagName: name) { return meaning == .date }
        let lower = name.lowercased()
        return lower.hasPrefix("datetime") || lower.contains("creation_time") || lower.contains("modification_time") || lower.contains("creationdate")
            || lower.contains("createdate")
            || lower.contains("datecreated") || lower == "date" || lower.hasSuffix(".date") || lower.contains("©day") || isTimeOfDay(name)
    }

    /// IPTC's `TimeCreated` and `DigitalCreationTime` (`HHMMSS±HHMM`), a maker note's `Time`
    /// (Pentax): a time of day by definition.
    private static func isTimeOfDay(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("timecreated") || lower.contains("creationtime") || lower == "time"
    }

    private static func isDeviceDetail(_ name: String) -> Bool {
        if let meaning = XMPPropertyMeaning(tagName: name) { return meaning == .deviceDetail }
        let lower = name.lowercased()
        // 0x013C is EXIF HostComputer, which libexif does not name.
        return lower == "software" || lower.contains("©swr") || lower.contains("©too") || lower.hasSuffix(".software") || lower.contains("serial")
            || lower.hasPrefix("lens") || lower.contains("hostcomputer") || lower == "0x013c" || lower.contains("firmware")
            || lower.hasSuffix(".version") || lower.contains("sensorid") || lower.contains("internalserial")
            // Pentax's maker-note CameraInfo: model id, manufacture date and internal serial number.
            || lower == "camerainfo"
    }

    private static func isOwner(_ name: String) -> Bool {
        if let meaning = XMPPropertyMeaning(tagName: name) { return meaning == .owner }
        let lower = name.lowercased()
        return lower == "artist" || lower.contains("copyright") || lower.contains("byline") || lower.contains("ownername") || lower == "xpauthor"
            || lower.contains("©art")
            || lower.contains("©aut") || lower.hasSuffix(".author") || lower.hasSuffix(".artist") || lower.hasSuffix(".copyright")
            || lower == "author" || lower == "artist-eng" || lower == "auth" || lower.hasPrefix("auth-")
    }

    /// A date: four digits for a year.
    private static func hasDate(_ value: String) -> Bool {
        value.unicodeScalars.reduce(into: (run: 0, found: false)) { state, scalar in
            state.run = ("0"..."9").contains(scalar) ? state.run + 1 : 0
            if state.run >= 4 { state.found = true }
        }.found
    }

    /// A time of day: `HH:MM` after the date (`2026:01:15 11:30:02`, `2026-01-15T10:30:01Z`).
    private static func hasTimeOfDay(_ value: String) -> Bool {
        guard let split = value.firstIndex(where: { $0 == " " || $0 == "T" }) else { return false }
        let time = Array(value[value.index(after: split)...].utf8)
        guard time.count >= 5 else { return false }
        let digit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        return digit(time[0]) && digit(time[1]) && time[2] == UInt8(ascii: ":") && digit(time[3]) && digit(time[4])
    }
}
