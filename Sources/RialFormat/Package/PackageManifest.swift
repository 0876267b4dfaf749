/// `rial/manifest.json`: the heart of a package. It names the package, says when and by what
/// it was made, summarises the capture, and lists every file that carries evidence or a claim
/// with its size and digests. The seal signs exactly its bytes.
package struct PackageManifest: Sendable, Hashable {
    /// One listed file.
    package struct FileRecord: Sendable, Hashable {
        package let path: String
        package let role: FileRole
        package let mediaType: String
        package let size: UInt64
        package let sha256: String
        package let sha512: String

        package init(path: String, role: FileRole, mediaType: String, size: UInt64, sha256: String, sha512: String) {
            self.path = path
            self.role = role
            self.mediaType = mediaType
            self.size = size
            self.sha256 = sha256
            self.sha512 = sha512
        }
    }

    /// The tool that wrote the package.
    package struct Tool: Sendable, Hashable {
        package let name: String
        package let version: String
        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The format versions this code reads.
    package static let readableVersions = [PackageLayout.formatVersion]

    package let formatVersion: String
    package let packageID: PackageID
    package let created: Timestamp
    package let tool: Tool
    package let capture: CaptureSummary
    /// The frame chain's summary, repeated from `rial/chain.json` so that a truncated or swapped
    /// chain file is caught; `nil` when the package has no chain.
    package let chain: ChainSummary?
    package let files: [FileRecord]

    package init(
        formatVersion: String = PackageLayout.formatVersion, packageID: PackageID, created: Timestamp,
        tool: Tool, capture: CaptureSummary, chain: ChainSummary? = nil, files: [FileRecord]
    ) {
        self.formatVersion = formatVersion
        self.packageID = packageID
        self.created = created
        self.tool = tool
        self.capture = capture
        self.chain = chain
        self.files = files
    }

    /// The JSON document, keys in the order the spec lists them, files sorted by path bytes.
    package func jsonValue() -> JSONValue {
        let sorted = files.sorted { UTF8Order.precedes($0.path, $1.path) }
        var object = JSONObject()
        object["format"] = .string(PackageLayout.formatName)
        object["format_version"] = .string(formatVersion)
        object["package_id"] = .string(packageID.rawValue)
        object["created"] = .string(created.rfc3339)
        object["tool"] = .object(["name": .string(tool.name), "version": .string(tool.version)])
        object["capture"] = capture.jsonValue()
        if let chain { object["chain"] = chain.jsonValue() }
        object["files"] = .array(
            sorted.map { record in
                .object([
                    "path": .string(record.path),
                    "role": .string(record.role.rawValue),
                    "media_type": .string(record.mediaType),
                    "size": .integer(Int64(clamping: record.size)),
                    "sha256": .string(record.sha256),
                    "sha512": .string(record.sha512),
                ])
            })
        return .object(object)
    }

    /// The exact bytes written to `rial/manifest.json`.
    package func bytes() -> [UInt8] { JSONWriter.bytes(jsonValue()) }

    /// Reads a manifest that has already been parsed strictly.
    /// - Throws: ``FormatError`` naming the first field that breaks `schema/manifest.schema.json`;
    ///   `.unsupportedVersion` when the major version is not 1.
    package init(json: JSONValue) throws(FormatError) {
        // The version is read before anything else: a later version may add keys, and must be
        // reported as "cannot verify", not as a malformed 1.0 manifest.
        if let object = json.objectValue, object["format"] == .string(PackageLayout.formatName),
            let version = object["format_version"]?.stringValue, !Self.readableVersions.contains(version)
        {
            throw FormatError(
                .unsupportedVersion, "format version \(version) is not supported by this verifier (it reads \(Self.readableVersions.joined(separator: ", ")))")
        }
        let root = try JSONFieldReader(
            json, path: "manifest", allowedKeys: ["format", "format_version", "package_id", "created", "tool", "capture", "chain", "files"])
        guard try root.string("format") == PackageLayout.formatName else {
            throw FormatError(.invalidField, "manifest.format must be \"\(PackageLayout.formatName)\"")
        }
        formatVersion = try root.string("format_version")
        packageID = try PackageID(root.string("package_id"))
        created = try root.timestamp("created")
        let toolReader = try JSONFieldReader(root.value("tool"), path: "manifest.tool", allowedKeys: ["name", "version"])
        tool = Tool(name: try toolReader.string("name"), version: try toolReader.string("version"))
        capture = try CaptureSummary(json: root.value("capture"), path: "manifest.capture")
        chain = root.has("chain") ? try ChainSummary(json: root.value("chain"), path: "manifest.chain") : nil
        var records: [FileRecord] = []
        for (index, element) in try root.array("files").enumerated() {
            let path = "manifest.files[\(index)]"
            let file = try JSONFieldReader(element, path: path, allowedKeys: ["path", "role", "media_type", "size", "sha256", "sha512"])
            let roleName = try file.string("role")
            guard let role = FileRole(rawValue: roleName) else {
                throw FormatError(.invalidField, "\(path).role \(QuotedValue.quoted(roleName)) is not a known role")
            }
            records.append(
                FileRecord(
                    path: try file.string("path"),
                    role: role,
                    mediaType: try file.string("media_type"),
                    size: UInt64(try file.integer("size")),
                    sha256: try file.digest("sha256", byteCount: 32),
                    sha512: try file.digest("sha512", byteCount: 64)
                ))
        }
        files = records
    }
}
