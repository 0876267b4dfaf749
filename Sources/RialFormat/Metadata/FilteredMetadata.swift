/// The capture's location, time and device, each cut down to a privacy level exactly as the
/// capture app's privacy mode does it (the hash-only payload design, `FilteredMetadata`):
///
/// | level        | value                                                      |
/// |--------------|------------------------------------------------------------|
/// | `none`       | `null`                                                     |
/// | `coarse`     | `{"city": …, "country": …}` from the capture's metadata, never coordinates |
/// | `precise`    | `{"latitude": …, "longitude": …}`                          |
/// | `day_only`   | `"YYYY-MM-DD"` (UTC)                                        |
/// | `exact`      | the RFC 3339 instant                                       |
/// | `model_only` | the model string                                           |
/// | `full`       | `"<model> / iOS <version> / <app version>"`                 |
package struct FilteredMetadata: Sendable, Hashable {
    package let location: JSONValue
    package let timestamp: JSONValue
    package let deviceModel: JSONValue

    package init(location: JSONValue, timestamp: JSONValue, deviceModel: JSONValue) {
        self.location = location
        self.timestamp = timestamp
        self.deviceModel = deviceModel
    }

    /// Filters `metadata` to `levels`.
    /// - Parameter strict: refuse when the capture lacks what a level states (a city for
    ///   `coarse`, the OS and app versions for `full`), so flags never claim more than the
    ///   package holds; when `false`, what is missing is left out.
    /// - Throws: ``FormatError`` `.missingField` saying which level needs which field.
    package init(_ metadata: AppMetadata, levels: PrivacyLevels, strict: Bool) throws(FormatError) {
        func missing(_ what: String, _ level: String, _ instead: String) -> FormatError {
            FormatError(.missingField, "the capture's metadata has no \(what), which \(level) needs; choose \(instead)")
        }
        switch levels.location {
        case .none:
            location = .null
        case .coarse:
            guard let place = metadata.location, let city = place.city, let country = place.country else {
                if strict { throw missing("location city and country", "location=coarse", "location=none (rial never looks coordinates up)") }
                location = .null
                break
            }
            location = .object(["city": .string(city), "country": .string(country)])
        case .precise:
            guard let place = metadata.location else {
                if strict { throw missing("location", "location=precise", "location=none") }
                location = .null
                break
            }
            location = .object(["latitude": .number(place.latitude), "longitude": .number(place.longitude)])
        }
        timestamp = try Self.time(metadata.captureTime, levels.timestamp, strict: strict, missing: missing)
        switch levels.device {
        case .none:
            deviceModel = .null
        case .modelOnly, .full:
            guard let model = metadata.deviceModel else {
                if strict { throw missing("device_model", "device=\(levels.device.rawValue)", "device=none") }
                deviceModel = .null
                break
            }
            guard levels.device == .full else { deviceModel = .string(model); break }
            if strict, metadata.iosVersion == nil || metadata.appVersion == nil {
                throw missing("ios_version and app_version", "device=full", "device=model_only")
            }
            let parts = [model] + [metadata.iosVersion.map { "iOS " + $0 }, metadata.appVersion].compactMap { $0 }
            deviceModel = .string(parts.joined(separator: " / "))
        }
    }

    /// A time cut down to `level`: the date for `day_only`, the instant for `exact`.
    package static func time(
        _ time: Timestamp?, _ level: PrivacyLevels.Time, strict: Bool,
        missing: (String, String, String) -> FormatError
    ) throws(FormatError) -> JSONValue {
        guard level != .none else { return .null }
        guard let time else {
            if strict { throw missing("capture time (started_at or captured_at)", "timestamp=\(level.rawValue)", "timestamp=none") }
            return .null
        }
        return .string(level == .dayOnly ? time.dayString : time.rfc3339)
    }

    /// The app's JSON object: `location`, `timestamp`, `deviceModel`.
    package func jsonValue() -> JSONValue {
        .object(["location": location, "timestamp": timestamp, "deviceModel": deviceModel])
    }
}
