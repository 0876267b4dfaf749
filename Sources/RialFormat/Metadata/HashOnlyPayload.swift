/// The capture app's privacy-mode payload, `HashOnlyCapturePayload` (the app's hash-only payload design): the media's
/// SHA-256 instead of its bytes, the client-side depth analysis instead of the depth map, and
/// metadata filtered to the privacy levels its `metadataFlags` state. Serialised under 10 KiB.
///
/// Two files may hold one (`schema/SPEC.md` §16): the app's own, kept verbatim in
/// `data/capture/`, and the one `rial pack --hash-only` builds by the same rules into `rial/`.
/// The format is the app's, so unknown keys are ignored; every key it defines is shape-checked.
package struct HashOnlyPayload: Sendable, Hashable {
    package struct Flags: Sendable, Hashable {
        package let locationIncluded: Bool
        package let timestampIncluded: Bool
        package let deviceInfoIncluded: Bool
        package let levels: PrivacyLevels

        package init(levels: PrivacyLevels) {
            self.levels = levels
            locationIncluded = levels.location != .none
            timestampIncluded = levels.timestamp != .none
            deviceInfoIncluded = levels.device != .none
        }

        init(locationIncluded: Bool, timestampIncluded: Bool, deviceInfoIncluded: Bool, levels: PrivacyLevels) {
            self.locationIncluded = locationIncluded
            self.timestampIncluded = timestampIncluded
            self.deviceInfoIncluded = deviceInfoIncluded
            self.levels = levels
        }

        /// Whether each `…Included` says what its level says.
        package var isConsistent: Bool { self == Flags(levels: levels) }

        package func jsonValue() -> JSONValue {
            .object([
                "locationIncluded": .bool(locationIncluded), "locationLevel": .string(levels.location.rawValue),
                "timestampIncluded": .bool(timestampIncluded), "timestampLevel": .string(levels.timestamp.rawValue),
                "deviceInfoIncluded": .bool(deviceInfoIncluded), "deviceInfoLevel": .string(levels.device.rawValue),
            ])
        }
    }

    package static let fileName = "hash_only_payload.json"
    /// The capture app's payload, kept verbatim.
    package static let appPath = PackageLayout.captureAppDirectory + fileName
    /// The payload `rial pack --hash-only` builds.
    package static let rialPath = PackageLayout.hashOnlyPayload
    /// The app's limit: a payload must serialise to fewer bytes than this (10 KiB).
    package static let maxBytes = 10 * 1024

    package let captureMode: String
    /// Lowercase hex.
    package let mediaHash: String
    package let mediaType: String
    package let depthAnalysis: JSONValue
    /// `location`, `timestamp`, `deviceModel` as the payload holds them, for the privacy audit.
    package let metadata: FilteredMetadata
    package let flags: Flags
    /// `null`, a date or an instant, as a string, or the app's `JSONEncoder` number (seconds
    /// since 2001-01-01): the audit holds it to the timestamp level.
    package let capturedAt: JSONValue
    /// `capturedAt` converted, when the app wrote it as a number (``AppDate``): the instant the
    /// number is, for messages.
    package let capturedAtDate: AppDate?
    package let assertion: String?
    package let hashChain: AppHashChain?
    package let frameCount: Int64?
    package let durationMs: Int64?
    /// Keys the hash-only payload design does not define (top level, `metadata`, `depthAnalysis`), as JSON paths:
    /// what they disclose cannot be judged, so a filtered package may not hold them.
    package let unknownFields: [String]

    /// - Throws: ``FormatError`` naming the field that is not in shape.
    package init(json: JSONValue) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: "payload", allowedKeys: nil)
        captureMode = try reader.string("captureMode")
        let hash = try reader.string("mediaHash").lowercased()
        guard Hex.isDigest(hash, byteCount: 32) else { throw FormatError(.invalidHex, "payload.mediaHash must be 64 hex digits (SHA-256)") }
        mediaHash = hash
        mediaType = try reader.string("mediaType")
        depthAnalysis = try reader.value("depthAnalysis")
        guard depthAnalysis.objectValue != nil else { throw FormatError(.invalidField, "payload.depthAnalysis must be an object") }

        let inner = try JSONFieldReader(reader.value("metadata"), path: "payload.metadata", allowedKeys: nil)
        func nullable(_ key: String, _ accepts: (JSONValue) -> Bool, _ what: String) throws(FormatError) -> JSONValue {
            let value = inner.has(key) ? try inner.value(key) : .null
            guard value.isNull || accepts(value) else { throw FormatError(.invalidField, "payload.metadata.\(key) must be null or \(what)") }
            return value
        }
        metadata = FilteredMetadata(
            location: try nullable("location", { $0.objectValue != nil }, "an object"),
            timestamp: try nullable("timestamp", { $0.stringValue != nil }, "a string"),
            deviceModel: try nullable("deviceModel", { $0.stringValue != nil }, "a string"))

        let flagReader = try JSONFieldReader(reader.value("metadataFlags"), path: "payload.metadataFlags", allowedKeys: nil)
        func flag(_ key: String) throws(FormatError) -> Bool {
            guard let value = try flagReader.value(key).boolValue else {
                throw FormatError(.invalidField, "payload.metadataFlags.\(key) must be true or false")
            }
            return value
        }
        flags = Flags(
            locationIncluded: try flag("locationIncluded"), timestampIncluded: try flag("timestampIncluded"),
            deviceInfoIncluded: try flag("deviceInfoIncluded"),
            levels: PrivacyLevels(
                location: try PrivacyLevels.level(flagReader, "locationLevel"),
                timestamp: try PrivacyLevels.level(flagReader, "timestampLevel"),
                device: try PrivacyLevels.level(flagReader, "deviceInfoLevel")))
        capturedAt = reader.has("capturedAt") ? try reader.value("capturedAt") : .null
        switch capturedAt {
        case .null, .string: capturedAtDate = nil
        case .integer, .number:
            // The app's JSONEncoder writes a Date as seconds since 2001-01-01 (§2.2 "Dates"),
            // as in its custody log and forensic manifest.
            capturedAtDate = try AppDate(json: capturedAt, path: "payload.capturedAt")
        default:
            throw FormatError(
                .invalidField,
                "payload.capturedAt must be null, a string, or a number of seconds since 2001-01-01T00:00:00Z (the capture app's JSONEncoder default)")
        }
        assertion = try reader.optionalString("assertion")
        let chain: JSONValue = reader.has("hashChain") ? try reader.value("hashChain") : .null
        hashChain = chain.isNull ? nil : try AppHashChain(json: chain)
        frameCount = reader.has("frameCount") ? try reader.integer("frameCount") : nil
        durationMs = reader.has("durationMs") ? try reader.integer("durationMs") : nil
        let top = json.objectValue?.keys.filter { !Self.payloadKeys.contains($0) } ?? []
        let inMetadata = (try reader.value("metadata")).objectValue?.keys.filter { !Self.metadataKeys.contains($0) } ?? []
        let inAnalysis = depthAnalysis.objectValue?.keys.filter { !Self.depthAnalysisKeys.contains($0) } ?? []
        unknownFields = top + inMetadata.map { "metadata.\($0)" } + inAnalysis.map { "depthAnalysis.\($0)" }
    }

    /// The payload `rial pack --hash-only` writes, in the app's key order. It has no
    /// `assertion`: only the capture app's attested key can make one.
    package static func build(
        mediaSHA256: String, mediaType: String, depthAnalysis: JSONValue, metadata: FilteredMetadata,
        levels: PrivacyLevels, capturedAt: JSONValue, hashChain: AppHashChain?,
        frameCount: Int64?, durationMs: Int64?
    ) -> JSONValue {
        var object: JSONObject = [
            "captureMode": .string("hash_only"),
            "mediaHash": .string(mediaSHA256),
            "mediaType": .string(mediaType),
            "depthAnalysis": depthAnalysis,
            "metadata": metadata.jsonValue(),
            "metadataFlags": Flags(levels: levels).jsonValue(),
            "capturedAt": capturedAt,
        ]
        if let hashChain { object["hashChain"] = hashChain.jsonValue() }
        if let frameCount { object["frameCount"] = .integer(frameCount) }
        if let durationMs { object["durationMs"] = .integer(durationMs) }
        return .object(object)
    }

    /// The fields of the app's `DepthAnalysisResult`; a package that withholds anything keeps
    /// only these, since an unknown field could hold anything.
    package static let depthAnalysisKeys: Set<String> = [
        "depthVariance", "depthLayers", "edgeCoherence", "minDepth", "maxDepth", "isLikelyRealScene",
        "computedAt", "algorithmVersion", "status",
    ]
    /// The keys the hash-only payload design defines, at the top level and in `metadata`.
    package static let payloadKeys: Set<String> = [
        "captureMode", "mediaHash", "mediaType", "depthAnalysis", "metadata", "metadataFlags", "capturedAt", "assertion",
        "hashChain", "frameCount", "durationMs",
    ]
    package static let metadataKeys: Set<String> = ["location", "timestamp", "deviceModel"]

    /// The app's depth analysis as a package at `levels` may hold it: below full disclosure,
    /// only ``depthAnalysisKeys``, with `computedAt` cut to the timestamp level (it is taken at
    /// capture time, so an exact one would give away what `day_only` withholds).
    package static func filterDepthAnalysis(_ analysis: JSONValue, levels: PrivacyLevels) -> JSONValue {
        guard !levels.isFull, case .object(var object) = analysis else { return analysis }
        for key in object.keys where !depthAnalysisKeys.contains(key) { object[key] = nil }
        let level = levels.timestamp
        guard let value = object["computedAt"], level != .exact else { return .object(object) }
        if level == .dayOnly, let text = value.stringValue, let time = try? Timestamp(rfc3339: text) {
            object["computedAt"] = .string(time.dayString)
        } else if level == .dayOnly, let text = value.stringValue, isDay(text) {
            return .object(object)
        } else {
            object["computedAt"] = nil
        }
        return .object(object)
    }

    /// Whether `text` is a date alone, `YYYY-MM-DD`: what `day_only` allows.
    package static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
        }
    }
}
