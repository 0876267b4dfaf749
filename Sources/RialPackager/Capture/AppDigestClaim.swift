import RialFormat
import RialArchive

/// The media digests the capture app recorded in its forensic manifest (`schema/SPEC.md` §2.2),
/// held against the media as it is packed: a mismatch means the media is not what the app
/// hashed, and is refused unless the person packing keeps it as received.
struct AppDigestClaim {
    let manifestSource: String
    let manifest: AppForensicManifest
    /// The media the manifest's `fileName` names, in the package (``media(in:)`` finds it by
    /// content when no file has that name).
    let mediaPath: String

    /// Reads the forensic manifest, if the capture has one.
    /// - Parameter keepAsReceived: pack a manifest that breaks §2.2's reading, or holds a token
    ///   that is not base64, as received (no claim to hold against the media), and say so.
    /// - Returns: the claim, when the manifest was read, and what was kept as received.
    /// - Throws: ``PackagerError`` `.invalidCapture` for a manifest that breaks §2.2's reading
    ///   or holds a token that is not base64, unless `keepAsReceived`.
    static func read(_ capture: CaptureDirectory, keepAsReceived: Bool) throws -> (claim: AppDigestClaim?, warnings: [String]) {
        guard let file = capture.appFile(.forensicManifest) else { return (nil, []) }
        let manifest: AppForensicManifest
        do {
            let bytes = try FileChunkReader.readAll(path: file.sourcePath, limit: PackageLayout.maxParsedFileBytes)
            manifest = try AppForensicManifest(
                json: StrictJSONParser.parse(bytes), source: file.bagPath.rawValue.split(separator: "/").last.map(String.init) ?? "")
        } catch let error as FormatError {
            let warning = try ReceivedContentProblem(
                "\(file.sourcePath) is not the capture app's forensic manifest as schema/SPEC.md §2.2 reads it: \(error.reason)",
                whenKept: "its digests and tokens are not held against the media",
                reportedAs: "app.manifest.malformed", cause: error
            ).resolve(keepAsReceived: keepAsReceived)
            return (nil, [warning])
        } catch {
            throw PackagerError(.invalidCapture, "cannot read \(file.sourcePath)", cause: error)
        }
        let warnings = try manifest.tokens.compactMap(\.encodingProblem).map { problem in
            try ReceivedContentProblem(
                "\(file.sourcePath): \(problem)", whenKept: "the token is carried as written",
                reportedAs: "app.timestamp.malformed"
            ).resolve(keepAsReceived: keepAsReceived)
        }
        return (AppDigestClaim(manifestSource: file.sourcePath, manifest: manifest, mediaPath: PackageLayout.mediaDirectory + manifest.fileName), warnings)
    }

    /// The media the manifest describes, as the verifier finds it (`schema/SPEC.md` §2.2, "Which
    /// media the manifest describes"): the file `fileName` names, or else the one media file
    /// whose SHA-256 or SHA-512 is the one the app recorded (a recording renamed after export).
    func media(in records: [PayloadRecord]) -> PayloadRecord? {
        if let named = records.first(where: { $0.bagPath.rawValue == mediaPath }) { return named }
        let matches = records.filter {
            $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) && ($0.sha256 == manifest.sha256 || $0.sha512 == manifest.sha512)
        }
        return matches.count == 1 ? matches.first : nil
    }

    /// "the manifest names X; Y has its digests" when the media was found by content, else `nil`.
    func renameNote(in records: [PayloadRecord]) -> String? {
        guard let media = media(in: records), media.bagPath.rawValue != mediaPath else { return nil }
        let name = String(media.bagPath.rawValue.dropFirst(PackageLayout.mediaDirectory.count))
        return
            "\(manifestSource) names the media \(manifest.fileName); no file has that name, and \(name) has the digest it records: packed as \(name), found by content (renamed after the app hashed it)"
    }

    /// What differs between the claim and the packed media, or nothing.
    func mismatches(in records: [PayloadRecord]) -> [String] {
        guard let media = media(in: records) else {
            let held = records.filter { $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) }.map(\.bagPath.rawValue)
            return [
                "it names the media \(manifest.fileName), but the package's media is \(held.joined(separator: ", ")), and no media file has the SHA-256 or SHA-512 it records"
            ]
        }
        var found: [String] = []
        if media.sha256 != manifest.sha256 { found.append("the app recorded SHA-256 \(manifest.sha256), the media has \(media.sha256)") }
        if media.sha512 != manifest.sha512 {
            found.append("the app recorded SHA-512 \(manifest.sha512.prefix(16))…, the media has \(media.sha512.prefix(16))…")
        }
        if let size = manifest.fileSize, UInt64(size) != media.size { found.append("the app recorded \(size) bytes, the media has \(media.size)") }
        return found
    }
}
