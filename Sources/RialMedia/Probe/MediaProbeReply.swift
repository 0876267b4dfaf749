import RialFormatCore

/// What the probe found, as the in-process reader returns it and as `rial-media-probe` writes it
/// on standard output (one JSON object, `docs/media.md`):
///
///     {"rial_media_probe": 1, "outcome": "facts", "facts": {...}}
///     {"rial_media_probe": 1, "outcome": "unsupported", "container": "zip"}
///     {"rial_media_probe": 1, "outcome": "unreadable", "reason": "..."}
///     {"rial_media_probe": 1, "outcome": "too-much-memory", "reason": "..."}
///
/// `rial-media-probe` adds `"confinement"` (the sandbox and namespaces it read in) and
/// `"libraries"` (an object: each media library's name and version): ``MediaProbeEnvironment``.
package enum MediaProbeReply: Hashable, Sendable {
    case facts(MediaFacts)
    /// Not a container on the whitelist; named by its signature (`zip`, `matroska`, `unknown`).
    case unsupported(container: String)
    /// A whitelisted container the library could not read, with the library's words.
    case unreadable(reason: String)
    /// A library ran out of the memory the limits allow.
    case tooMuchMemory(reason: String)

    /// The protocol version written in every reply.
    package static let version: Int64 = 1
    /// The most bytes of a reason or container name.
    package static let maxReasonBytes = 1024

    /// The reply as JSON.
    package func json() -> JSONValue {
        var object: JSONObject = ["rial_media_probe": .integer(Self.version)]
        switch self {
        case .facts(let facts):
            object["outcome"] = .string("facts")
            object["facts"] = facts.json()
        case .unsupported(let container):
            object["outcome"] = .string("unsupported")
            object["container"] = .string(container)
        case .unreadable(let reason):
            object["outcome"] = .string("unreadable")
            object["reason"] = .string(reason)
        case .tooMuchMemory(let reason):
            object["outcome"] = .string("too-much-memory")
            object["reason"] = .string(reason)
        }
        return .object(object)
    }

    /// The reply as the bytes the probe writes: its JSON and a newline.
    /// - Parameter environment: what the probe read in, when it says.
    package func bytes(environment: MediaProbeEnvironment? = nil) -> [UInt8] {
        guard let environment, case .object(var object) = json() else { return JSONWriter.bytes(json()) + [0x0A] }
        object["confinement"] = .string(MediaText.cut(environment.confinement, toUTF8Count: Self.maxReasonBytes))
        var libraries = JSONObject()
        for library in environment.libraries.prefix(MediaProbeEnvironment.maxLibraries) {
            libraries[MediaText.cut(library.name, toUTF8Count: 64)] = .string(MediaText.cut(library.version, toUTF8Count: 128))
        }
        object["libraries"] = .object(libraries)
        return JSONWriter.bytes(.object(object)) + [0x0A]
    }

    /// Reads a reply from the probe's standard output.
    /// - Parameters:
    ///   - bytes: everything the probe wrote (one JSON document; one trailing newline allowed).
    ///   - limits: the limits the probe ran with.
    /// - Throws: ``FormatError`` when the bytes are not one reply of this shape within `limits`.
    package init(bytes: [UInt8], limits: MediaProbeLimits) throws(FormatError) {
        self = try Self.parse(bytes, limits: limits).reply
    }

    /// ``init(bytes:limits:)``, with the environment the reply states (`nil`: none).
    package static func parse(_ bytes: [UInt8], limits: MediaProbeLimits) throws(FormatError) -> (reply: MediaProbeReply, environment: MediaProbeEnvironment?) {
        let document = bytes.last == 0x0A ? Array(bytes.dropLast()) : bytes
        let json = try StrictJSONParser.parse(
            document,
            limits: JSONLimits(
                maxBytes: limits.maxOutputBytes, maxDepth: 8,
                maxStringBytes: max(limits.maxTagValueBytes, Self.maxReasonBytes)))
        let outcome = try JSONFieldReader(json, path: "reply", allowedKeys: nil).string("outcome")
        let keys: Set<String>
        switch outcome {
        case "facts": keys = ["rial_media_probe", "outcome", "facts", "confinement", "libraries"]
        case "unsupported": keys = ["rial_media_probe", "outcome", "container", "confinement", "libraries"]
        case "unreadable", "too-much-memory": keys = ["rial_media_probe", "outcome", "reason", "confinement", "libraries"]
        default: throw FormatError(.invalidField, "reply.outcome \"\(MediaText.cut(outcome, toUTF8Count: 64))\" is not a probe outcome")
        }
        let reader = try JSONFieldReader(json, path: "reply", allowedKeys: keys)
        guard try reader.integer("rial_media_probe") == Self.version else {
            throw FormatError(.unsupportedVersion, "reply.rial_media_probe must be \(Self.version)")
        }
        func text(_ key: String) throws(FormatError) -> String {
            let text = try reader.string(key)
            guard text.utf8.count <= Self.maxReasonBytes else { throw FormatError(.invalidField, "reply.\(key) is too long") }
            return text
        }
        let environment = try Self.environment(reader)
        switch outcome {
        case "facts": return (.facts(try MediaFacts(json: try reader.value("facts"), limits: limits)), environment)
        case "unsupported": return (.unsupported(container: try text("container")), environment)
        case "unreadable": return (.unreadable(reason: try text("reason")), environment)
        default: return (.tooMuchMemory(reason: try text("reason")), environment)
        }
    }

    /// The reply's `confinement` and `libraries`, when it states them.
    private static func environment(_ reader: JSONFieldReader) throws(FormatError) -> MediaProbeEnvironment? {
        guard let confinement = try reader.optionalString("confinement") else { return nil }
        guard confinement.utf8.count <= Self.maxReasonBytes else { throw FormatError(.invalidField, "reply.confinement is too long") }
        var libraries: [MediaProbeEnvironment.Library] = []
        if reader.has("libraries") {
            guard case .object(let object) = try reader.value("libraries"), object.entries.count <= MediaProbeEnvironment.maxLibraries else {
                throw FormatError(.invalidField, "reply.libraries must be an object of at most \(MediaProbeEnvironment.maxLibraries) names")
            }
            for (name, version) in object.entries.map({ ($0.key, $0.value) }) {
                guard case .string(let text) = version, name.utf8.count <= 64, text.utf8.count <= 128 else {
                    throw FormatError(.invalidField, "reply.libraries.\(MediaText.cut(name, toUTF8Count: 64)) must be a short string")
                }
                libraries.append(MediaProbeEnvironment.Library(name: name, version: text))
            }
        }
        return MediaProbeEnvironment(confinement: confinement, libraries: libraries)
    }
}
