import RialFormat
import RialMedia

/// Privacy for real (`schema/SPEC.md` §16.6): a package that withholds the capture's location or
/// device details must not carry them inside its video or photo. The media's embedded metadata,
/// as the media libraries read it, is audited against the package's levels, and each tag that
/// discloses more is named.
enum MediaPrivacyAudit {
    /// Each tag of `facts` that `levels` withhold, with the dimension it discloses and its value.
    /// XMP properties come as tags of their own (``XMPPrivacyProperty``): the probe searched each
    /// whole packet for them.
    static func leaks(_ facts: MediaFacts, levels: PrivacyLevels) -> [(tag: String, dimension: String, value: String)] {
        var found: [(tag: String, dimension: String, value: String)] = []
        if levels.location != .precise {
            if let location = facts.location { found.append((location.tag, "location", location.text)) }
            for tag in facts.tags where isLocation(tag.name) && tag.name != facts.location?.tag {
                found.append((tag.name, "location", tag.value))
            }
        }
        if levels.device != .full {
            // model_only discloses the make and model; none discloses neither.
            var withheld = facts.tags.filter { isSoftware($0.name) || isSerial($0.name) }.map { ($0.name, $0.value) }
            if levels.device == .none {
                withheld += [facts.make, facts.model].compactMap { $0 }.map { ($0.tag, $0.text) }
            }
            found += withheld.map { ($0.0, "device", $0.1) }
        }
        return found
    }

    private static func isLocation(_ name: String) -> Bool {
        if let property = XMPPrivacyProperty(tagName: name) { return property.isLocation }
        let lower = name.lowercased()
        return lower.hasPrefix("gps") || lower.contains("©xyz") || lower.contains("location") || lower.contains("iso6709")
    }

    private static func isSoftware(_ name: String) -> Bool {
        if let property = XMPPrivacyProperty(tagName: name) { return property == .creatorTool }
        let lower = name.lowercased()
        return lower == "software" || lower.contains("©swr") || lower.hasSuffix(".software")
    }

    private static func isSerial(_ name: String) -> Bool {
        if let property = XMPPrivacyProperty(tagName: name) { return property == .serialNumber }
        return name.lowercased().contains("serial")
    }
}
