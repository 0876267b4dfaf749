/// The capture at a glance, as `rial/manifest.json` states it. Every number is a claim the
/// verifier checks against the files the package holds.
package struct CaptureSummary: Sendable, Hashable {
    /// `video`, `photo` or `unknown`, from the media files' types.
    package let kind: String
    package let mediaFiles: Int64
    package let depthKeyframes: Int64
    package let frameFiles: Int64
    package let captureAppFiles: Int64

    package init(kind: String, mediaFiles: Int64, depthKeyframes: Int64, frameFiles: Int64, captureAppFiles: Int64) {
        self.kind = kind
        self.mediaFiles = mediaFiles
        self.depthKeyframes = depthKeyframes
        self.frameFiles = frameFiles
        self.captureAppFiles = captureAppFiles
    }

    /// The summary of a package holding `paths` (bag-relative): counts by directory, and the
    /// kind from the media files' types.
    package init(payloadPaths paths: [String]) {
        let media = paths.filter { $0.hasPrefix(PackageLayout.mediaDirectory) }
        let types = Set(
            media.map { path in
                MediaType.forExtension(BagPath.fileExtension(of: path)).split(separator: "/").first.map(String.init) ?? ""
            })
        let kind = types == ["video"] ? "video" : types == ["image"] ? "photo" : "unknown"
        self.init(
            kind: kind,
            mediaFiles: Int64(media.count),
            depthKeyframes: Int64(paths.filter { $0.hasPrefix(PackageLayout.depthDirectory) }.count),
            frameFiles: Int64(paths.filter { $0.hasPrefix(PackageLayout.framesDirectory) }.count),
            captureAppFiles: Int64(paths.filter { $0.hasPrefix(PackageLayout.captureAppDirectory) }.count)
        )
    }

    package func jsonValue() -> JSONValue {
        .object([
            "kind": .string(kind),
            "media_files": .integer(mediaFiles),
            "depth_keyframes": .integer(depthKeyframes),
            "frame_files": .integer(frameFiles),
            "capture_app_files": .integer(captureAppFiles),
        ])
    }

    package init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["kind", "media_files", "depth_keyframes", "frame_files", "capture_app_files"])
        kind = try reader.string("kind")
        guard ["video", "photo", "unknown"].contains(kind) else {
            throw FormatError(.invalidField, "\(path).kind must be video, photo or unknown")
        }
        mediaFiles = try reader.integer("media_files")
        depthKeyframes = try reader.integer("depth_keyframes")
        frameFiles = try reader.integer("frame_files")
        captureAppFiles = try reader.integer("capture_app_files")
    }
}
