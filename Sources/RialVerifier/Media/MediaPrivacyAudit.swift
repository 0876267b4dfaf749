import RialFormat
import RialMedia

/// Privacy for real (`schema/SPEC.md` §16.6): a package that withholds the capture's location or
/// device details must not carry them inside its video or photo. The media's embedded metadata,
/// as the media libraries read it, is audited against the package's levels, and each tag that
/// discloses more is named.
enum MediaPrivacyAudit {
    /// What the audit found in one media file.
    struct Findings {
        /// Each tag that `levels` withhold, with the dimension it discloses and its value.
        var leaks: [(tag: String, dimension: String, value: String)] = []
        /// XMP packets the probe passed on only in part (longer than its per-tag cap), in which
        /// nothing withheld was found: what was cut off was not audited.
        var truncatedXMP: [String] = []
    }

    /// XMP properties (by local name, whatever the namespace prefix) that disclose a location
    /// or a device detail. No media library rial uses parses XMP, so the packet's text is
    /// searched for the names, which errs towards a finding.
    static let xmpLocationNames = ["GPSLatitude", "GPSLongitude"]
    static let xmpSoftwareNames = ["CreatorTool"]
    static let xmpSerialNames = ["SerialNumber"]

    /// The tags of `facts` that `levels` withhold, each with the dimension it discloses.
    static func audit(_ facts: MediaFacts, levels: PrivacyLevels) -> Findings {
        var findings = Findings()
        var searched: [String] = []
        if levels.location != .precise {
            if let location = facts.location { findings.leaks.append((location.tag, "location", location.text)) }
            for tag in facts.tags where isLocation(tag.name) && tag.name != facts.location?.tag {
                findings.leaks.append((tag.name, "location", tag.value))
            }
            searched += xmpLocationNames
        }
        if levels.device != .full {
            // model_only discloses the make and model; none discloses neither.
            var withheld = facts.tags.filter { isSoftware($0.name) || isSerial($0.name) }.map { ($0.name, $0.value) }
            if levels.device == .none {
                withheld += [facts.make, facts.model].compactMap { $0 }.map { ($0.tag, $0.text) }
            }
            findings.leaks += withheld.map { ($0.0, "device", $0.1) }
            searched += xmpSoftwareNames + xmpSerialNames
        }
        for packet in facts.tags where packet.name == "XMP" && !searched.isEmpty {
            let found = searched.filter { packet.value.contains($0) }
            for name in found {
                findings.leaks.append(("XMP \(name)", xmpLocationNames.contains(name) ? "location" : "device", "in \(packet.key)"))
            }
            if found.isEmpty, packet.isValueTruncated { findings.truncatedXMP.append(packet.key) }
        }
        return findings
    }

    private static func isLocation(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasPrefix("gps") || lower.contains("©xyz") || lower.contains("location") || lower.contains("iso6709")
    }

    private static func isSoftware(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "software" || lower.contains("©swr") || lower.hasSuffix(".software")
    }

    private static func isSerial(_ name: String) -> Bool { name.lowercased().contains("serial") }
}
