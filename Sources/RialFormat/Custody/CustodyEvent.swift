/// One event of a package's custody log: one file `rial/custody/NNNNNN.json`
/// (`schema/SPEC.md` §15). Events link by hash: `previous` is the SHA-256 of the previous
/// event file's exact bytes, and the first event's is the SHA-256 of `rial/manifest.json`.
public struct CustodyEvent: Hashable, Sendable {
    /// Where an imported event came from in the capture app's log.
    public struct Import: Hashable, Sendable {
        /// The app's log inside the package, e.g. `data/capture/custody_log.json`.
        public var source: String
        /// The entry's position in that log, 1 for the first.
        public var entry: Int64
        /// The app's action as written, when it is none of the five the format knows (the
        /// event's action is then NOTE); `nil` otherwise.
        public var appAction: String?
        /// The app's date as written, when it was a number of seconds since 2001-01-01 (the
        /// event's timestamp is its exact conversion); `nil` for an RFC 3339 string.
        public var appTimestamp: String?

        public init(source: String, entry: Int64, appAction: String? = nil, appTimestamp: String? = nil) {
            self.source = source
            self.entry = entry
            self.appAction = appAction
            self.appTimestamp = appTimestamp
        }
    }

    /// A package that did not pass verification when the event was appended with `--force`.
    public struct Forced: Hashable, Sendable {
        /// The verdict at the time: `fail`.
        public var verdict: String
        /// The codes of the checks that failed.
        public var failedChecks: [String]

        public init(verdict: String, failedChecks: [String]) {
            self.verdict = verdict
            self.failedChecks = failedChecks
        }
    }

    public var seq: Int64
    public var id: String
    public var timestamp: Timestamp
    public var action: CustodyAction
    public var actor: CustodyActor
    public var details: String
    public var location: String?
    public var packageID: PackageID
    /// Lowercase hex SHA-256 of the previous event file, or of `rial/manifest.json` for seq 1.
    public var previous: String
    public var imported: Import?
    public var forced: Forced?

    /// The highest seq a file name can carry (six digits).
    public static let maxSeq: Int64 = 999_999
    /// The most events a log may hold: what a verifier judges in bounded time and memory;
    /// the packer refuses a capture app log that would exceed it.
    public static let maxEvents = 100_000
    /// The most codes a `forced` record lists.
    public static let maxForcedCodes = 1_000

    /// The id of an event written while packing: a name-based UUID (version 8) from the
    /// SHA-256 of `rial custody event <manifest SHA-256> <seq>`, so the same capture packed
    /// the same way gives the same bytes, and a verifier can tell an imported event's id
    /// was not changed.
    /// - Parameter sha256: the SHA-256 function (RialFormat does no cryptography itself).
    public static func derivedID(manifestSHA256: String, seq: Int64, sha256: ([UInt8]) throws -> [UInt8]) rethrows -> String? {
        UUIDText.version8(fromDigest: try sha256(Array("rial custody event \(manifestSHA256) \(seq)".utf8)))
    }

    public init(
        seq: Int64, id: String, timestamp: Timestamp, action: CustodyAction, actor: CustodyActor, details: String,
        location: String? = nil, packageID: PackageID, previous: String, imported: Import? = nil, forced: Forced? = nil
    ) {
        self.seq = seq
        self.id = id
        self.timestamp = timestamp
        self.action = action
        self.actor = actor
        self.details = details
        self.location = location
        self.packageID = packageID
        self.previous = previous
        self.imported = imported
        self.forced = forced
    }

    private static let keys: Set<String> = ["seq", "id", "timestamp", "action", "actor", "details", "location", "package_id", "previous", "imported", "forced"]

    /// Reads an event strictly: every required key, no unknown key, every value in shape.
    /// - Throws: ``FormatError`` naming the field.
    package init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: Self.keys)
        seq = try reader.integer("seq", in: 1...Self.maxSeq)
        id = try reader.string("id")
        guard UUIDText.isValid(id) else {
            throw FormatError(.invalidField, "\(reader.path(of: "id")) must be a lowercase UUID such as 0b6f8a52-3c1e-4d7a-9f21-5e8c4b7a6d10")
        }
        let time = try reader.string("timestamp")
        guard time.hasSuffix("Z") else {
            throw FormatError(.invalidTimestamp, "\(reader.path(of: "timestamp")) must be in UTC, ending in Z")
        }
        timestamp = try reader.timestamp("timestamp")
        let actionText = try reader.string("action")
        guard let action = CustodyAction(rawValue: actionText) else {
            throw FormatError(
                .invalidField, "\(reader.path(of: "action")) \(QuotedValue.quoted(actionText)) is not in the custody vocabulary (schema/SPEC.md §15.3)")
        }
        self.action = action
        actor = try CustodyActor(json: reader.value("actor"), path: reader.path(of: "actor"))
        details = try CustodyText.required(reader, "details", allowEmpty: true)
        location = try CustodyText.optional(reader, "location")
        packageID = try PackageID(reader.string("package_id"))
        previous = try reader.digest("previous", byteCount: 32)
        if reader.has("imported") {
            let inner = try JSONFieldReader(
                reader.value("imported"), path: reader.path(of: "imported"),
                allowedKeys: ["source", "entry", "app_action", "app_timestamp"])
            imported = Import(
                source: try CustodyText.required(inner, "source"), entry: try inner.integer("entry", in: 1...Self.maxSeq),
                appAction: try CustodyText.optional(inner, "app_action"), appTimestamp: try CustodyText.optional(inner, "app_timestamp"))
        } else {
            imported = nil
        }
        if reader.has("forced") {
            let inner = try JSONFieldReader(reader.value("forced"), path: reader.path(of: "forced"), allowedKeys: ["verdict", "failed_checks"])
            var codes: [String] = []
            let listed = try inner.array("failed_checks")
            guard listed.count <= Self.maxForcedCodes else {
                throw FormatError(.limitExceeded, "\(inner.path(of: "failed_checks")) lists \(listed.count) codes; at most \(Self.maxForcedCodes)")
            }
            for (index, code) in listed.enumerated() {
                guard let text = code.stringValue else { throw FormatError(.invalidField, "\(inner.path(of: "failed_checks"))[\(index)] must be a string") }
                try CustodyText.check(text, at: "\(inner.path(of: "failed_checks"))[\(index)]")
                codes.append(text)
            }
            forced = Forced(verdict: try CustodyText.required(inner, "verdict"), failedChecks: codes)
        } else {
            forced = nil
        }
    }

    /// The event as JSON, keys in the order of `schema/SPEC.md` §15.2.
    package var json: JSONValue {
        var object = JSONObject()
        object["seq"] = .integer(seq)
        object["id"] = .string(id)
        object["timestamp"] = .string(timestamp.rfc3339)
        object["action"] = .string(action.rawValue)
        object["actor"] = actor.json
        object["details"] = .string(details)
        if let location { object["location"] = .string(location) }
        object["package_id"] = .string(packageID.rawValue)
        object["previous"] = .string(previous)
        if let imported {
            var record: JSONObject = ["source": .string(imported.source), "entry": .integer(imported.entry)]
            if let appAction = imported.appAction { record["app_action"] = .string(appAction) }
            if let appTimestamp = imported.appTimestamp { record["app_timestamp"] = .string(appTimestamp) }
            object["imported"] = .object(record)
        }
        if let forced {
            object["forced"] = .object(["verdict": .string(forced.verdict), "failed_checks": .array(forced.failedChecks.map(JSONValue.string))])
        }
        return .object(object)
    }

    /// The bytes of the event file: JSON as ``JSONWriter`` writes it.
    public func bytes() -> [UInt8] { JSONWriter.bytes(json) }
}
