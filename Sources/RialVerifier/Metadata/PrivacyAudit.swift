import RialFormat

/// The privacy-leak rules (`schema/SPEC.md` §16.6): what a value may hold at each level. Each
/// rule returns what it found that the level withholds, or `nil` when the value keeps to it.
enum PrivacyAudit {
    static let coordinateKeys: Set<String> = ["lat", "lng", "latitude", "longitude", "lon", "long"]

    /// `none`: nothing; `coarse`: a city and country, never coordinates; `precise`: anything.
    static func location(_ value: JSONValue, _ level: PrivacyLevels.Location) -> String? {
        switch level {
        case .precise: return nil
        case .none: return value.isNull ? nil : "a location"
        case .coarse:
            guard let object = value.objectValue else { return value.isNull || value.stringValue != nil ? nil : "a location that is not a city and country" }
            let numbers = object.entries.filter { $0.value.doubleValue != nil }.map(\.key)
            let named = object.keys.filter { coordinateKeys.contains($0.lowercased()) }
            return named.isEmpty && numbers.isEmpty ? nil : "coordinates (\((named + numbers).uniqued().joined(separator: ", ")))"
        }
    }

    /// `none`: nothing; `day_only`: `YYYY-MM-DD` alone; `exact`: anything.
    static func time(_ value: JSONValue, _ level: PrivacyLevels.Time) -> String? {
        switch level {
        case .exact: return nil
        case .none: return value.isNull ? nil : "a time (\(preview(value)))"
        case .dayOnly:
            if value.isNull { return nil }
            if let text = value.stringValue, HashOnlyPayload.isDay(text) { return nil }
            return "a time of day (\(preview(value)))"
        }
    }

    /// `none`: nothing; `model_only`: the model, never an OS or app version; `full`: anything.
    static func device(_ value: JSONValue, _ level: PrivacyLevels.Device) -> String? {
        switch level {
        case .full: return nil
        case .none: return value.isNull ? nil : "a device (\(preview(value)))"
        case .modelOnly:
            guard let text = value.stringValue else { return value.isNull ? nil : "device details that are not a model string" }
            return hasVersion(text) ? "an OS or app version (\(preview(value)))" : nil
        }
    }

    /// The full form is `<model> / iOS <version> / <app version>`; a model string such as
    /// `iPhone 15 Pro` or `iPhone16,1` has no slash, no "iOS" and no dotted number.
    static func hasVersion(_ text: String) -> Bool {
        if text.contains("/") || text.lowercased().contains("ios") { return true }
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropFirst().dropLast() where scalars[index] == "." {
            if scalars[index - 1].properties.numericType != nil, scalars[index + 1].properties.numericType != nil { return true }
        }
        return false
    }

    /// A short, quoted rendering of a value for a message (reports escape it again).
    static func preview(_ value: JSONValue) -> String {
        var text = value.stringValue.map { "\"\($0)\"" } ?? String(decoding: JSONWriter.bytes(value).prefix(81), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}

private extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
