/// How much of the capture's location, time and device a package discloses: the three levels
/// of the capture app's privacy mode (the app's hash-only payload design), in its own snake_case spelling.
///
/// Each level is a ceiling: a package at `coarse` may state a city and country, never
/// coordinates; at `day_only` a date, never a time of day; at `model_only` the model, never
/// the OS version. The verifier treats anything finer as a privacy leak.
public struct PrivacyLevels: Sendable, Hashable, CustomStringConvertible {
    public enum Location: String, CaseIterable, Sendable { case none, coarse, precise }
    public enum Time: String, CaseIterable, Sendable { case none, dayOnly = "day_only", exact }
    public enum Device: String, CaseIterable, Sendable { case none, modelOnly = "model_only", full }

    public var location: Location
    public var timestamp: Time
    public var device: Device

    public init(location: Location, timestamp: Time, device: Device) {
        self.location = location
        self.timestamp = timestamp
        self.device = device
    }

    /// Everything the capture recorded.
    public static let full = PrivacyLevels(location: .precise, timestamp: .exact, device: .full)

    /// All 27 combinations, in a fixed order.
    package static var allCombinations: [PrivacyLevels] {
        Location.allCases.flatMap { location in
            Time.allCases.flatMap { time in Device.allCases.map { PrivacyLevels(location: location, timestamp: time, device: $0) } }
        }
    }

    public var isFull: Bool { self == .full }

    /// `location=coarse,timestamp=day_only,device=model_only`: the spelling `--privacy` takes.
    public var description: String { "location=\(location.rawValue),timestamp=\(timestamp.rawValue),device=\(device.rawValue)" }

    /// Reads the `--privacy` spelling. A dimension left out is withheld (`none`): a privacy
    /// option fails closed, so forgetting a dimension never discloses it.
    /// - Throws: ``FormatError`` `.invalidField` naming the part that is wrong and the values allowed.
    public init(parsing text: String) throws(FormatError) {
        var levels = PrivacyLevels(location: .none, timestamp: .none, device: .none)
        var seen: Set<String> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2 else {
                throw FormatError(.invalidField, "\"\(part)\" is not NAME=LEVEL; write e.g. location=coarse,timestamp=day_only,device=model_only")
            }
            let (name, value) = (pair[0], pair[1])
            guard seen.insert(name).inserted else { throw FormatError(.invalidField, "\(name) is given twice") }
            switch name {
            case "location":
                guard let level = Location(rawValue: value) else { throw Self.unknown(name, value, Location.allCases.map(\.rawValue)) }
                levels.location = level
            case "timestamp":
                guard let level = Time(rawValue: value) else { throw Self.unknown(name, value, Time.allCases.map(\.rawValue)) }
                levels.timestamp = level
            case "device":
                guard let level = Device(rawValue: value) else { throw Self.unknown(name, value, Device.allCases.map(\.rawValue)) }
                levels.device = level
            default:
                throw FormatError(.invalidField, "\"\(name)\" is not a privacy dimension; use location, timestamp and device")
            }
        }
        self = levels
    }

    private static func unknown(_ name: String, _ value: String, _ allowed: [String]) -> FormatError {
        FormatError(.invalidField, "\(name)=\(value) is not a level; use one of \(allowed.joined(separator: ", "))")
    }

    /// `{"location": …, "timestamp": …, "device": …}`, as `rial/metadata.json` states it.
    package func jsonValue() -> JSONValue {
        .object(["location": .string(location.rawValue), "timestamp": .string(timestamp.rawValue), "device": .string(device.rawValue)])
    }

    package init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["location", "timestamp", "device"])
        self.init(
            location: try Self.level(reader, "location"), timestamp: try Self.level(reader, "timestamp"),
            device: try Self.level(reader, "device"))
    }

    /// One level from a JSON string member, by its snake_case name (rial/metadata.json's
    /// `privacy`, a payload's `metadataFlags`); the error names the member and the levels allowed.
    package static func level<Level: RawRepresentable<String> & CaseIterable>(_ reader: JSONFieldReader, _ key: String) throws(FormatError) -> Level {
        let text = try reader.string(key)
        guard let level = Level(rawValue: text) else {
            throw FormatError(
                .invalidField, "\(reader.path(of: key)) \(QuotedValue.quoted(text)) is not one of \(Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return level
    }
}

extension PrivacyLevels {
    /// One dimension in which a record discloses more than these levels allow.
    package struct Excess: Sendable, Hashable {
        public let dimension: String
        public let level: String
        public let allowed: String
    }

    /// Whether a record made at `other` discloses nothing these levels withhold: each of its
    /// levels is the same or coarser.
    package func allows(_ other: PrivacyLevels) -> Bool { excess(of: other).isEmpty }

    /// The dimensions in which `other` is finer than these levels.
    package func excess(of other: PrivacyLevels) -> [Excess] {
        var out: [Excess] = []
        if Self.rank(other.location) > Self.rank(location) {
            out.append(Excess(dimension: "location", level: other.location.rawValue, allowed: location.rawValue))
        }
        if Self.rank(other.timestamp) > Self.rank(timestamp) {
            out.append(Excess(dimension: "timestamp", level: other.timestamp.rawValue, allowed: timestamp.rawValue))
        }
        if Self.rank(other.device) > Self.rank(device) { out.append(Excess(dimension: "device", level: other.device.rawValue, allowed: device.rawValue)) }
        return out
    }

    // Cases are declared from coarsest to finest.
    private static func rank<Level: CaseIterable & Equatable>(_ level: Level) -> Int {
        Level.allCases.firstIndex(of: level).map { Level.allCases.distance(from: Level.allCases.startIndex, to: $0) } ?? 0
    }
}
