import RialFormat
import RialCrypto
import RialMedia

/// Lists what a package holds and what it claims, without judging it: `rial inspect`.
/// Payload data is skipped, not hashed, so inspecting a large package is quick.
package struct PackageInspector: Sendable {
    /// Whether each media file is read by the confined media probe, its facts listed.
    package var examinesMedia = true

    package init(examinesMedia: Bool = true) {
        self.examinesMedia = examinesMedia
    }

    /// - Throws: ``VerifierError`` when the input is not a readable package.
    package func inspect(path: String) throws -> JSONValue {
        var scanner = PackageScanner(path: path, limits: VerificationLimits(), progress: nil)
        scanner.hashesPayload = false
        let inventory = try scanner.scan()
        var object = JSONObject()
        object["path"] = .string(path)
        object["package_directory"] = inventory.rootName.map(JSONValue.string) ?? .null
        object["manifest_sha256"] = inventory.files[PackageLayout.manifest]?.digests[.sha256].map(JSONValue.string) ?? .null
        var claimed: [String: PackageManifest.FileRecord] = [:]
        if let bytes = inventory.tagFileBytes[PackageLayout.manifest] {
            do {
                let manifest = try PackageManifest(json: StrictJSONParser.parse(bytes, budget: JSONBudget(limit: PackageLayout.maxParsedJSONBytes)))
                object["package_id"] = .string(manifest.packageID.rawValue)
                object["created"] = .string(manifest.created.rfc3339)
                object["tool"] = .object(["name": .string(manifest.tool.name), "version": .string(manifest.tool.version)])
                object["capture"] = manifest.capture.jsonValue()
                for record in manifest.files { claimed[record.path] = record }
            } catch {
                object["manifest_error"] = .string(error.reason)
            }
        }
        if let bytes = inventory.tagFileBytes[PackageLayout.bagInfo], let info = try? BagInfo.parse(bytes) {
            object["bag_info"] = .array(info.fields.map { .object(["label": .string($0.label), "value": .string($0.value)]) })
        }
        let paths = inventory.files.keys.sorted(by: UTF8Order.precedes)
        object["files"] = .array(
            paths.compactMap { path in
                guard let file = inventory.files[path] else { return nil }
                var item = JSONObject()
                item["path"] = .string(path)
                item["size"] = .integer(Int64(clamping: file.size))
                if let record = claimed[path] {
                    item["role"] = .string(record.role.rawValue)
                    item["media_type"] = .string(record.mediaType)
                    item["claimed_sha256"] = .string(record.sha256)
                } else {
                    item["role"] = .null
                }
                if examinesMedia, path.hasPrefix(PackageLayout.mediaDirectory), let location = file.location {
                    item["media"] = Self.media(at: location, size: file.size)
                }
                return .object(item)
            })
        object["findings"] = .array(inventory.findings.map { .string("\($0.code): \($0.subject): \($0.message)") })
        return .object(object)
    }

    /// The media's facts as the confined probe reads them, or what stopped it.
    private static func media(at location: (path: String, offset: UInt64), size: UInt64) -> JSONValue {
        do {
            let outcome = try MediaProbe.run(path: location.path, offset: Int64(clamping: location.offset), length: Int64(clamping: size))
            if let facts = outcome.facts {
                guard case .object(var object) = facts.json() else { return facts.json() }
                object["summary"] = .string(MediaFactsText.summary(facts))
                return .object(object)
            }
            return .object(["outcome": .string(outcome.summary)])
        } catch {
            return .object(["outcome": .string("not examined: \(error.reason)")])
        }
    }
}
