import RialFormat
import RialArchive

/// How the capture app's export, as it comes, maps onto a package (`schema/SPEC.md` §2.1):
///
/// | in the export                                   | in the package            |
/// |-------------------------------------------------|---------------------------|
/// | the one file at the top whose bytes are media   | `data/media/<name>`       |
/// | `depth/<rel>`, or `depth_NNNNNN.f32` at the top | `data/depth/<rel>`        |
/// | every other file, at any depth                  | `data/capture/<rel>`      |
///
/// The media is recognised by its container signature (``MediaSignature``), never by its
/// extension, so a renamed file is still found and a `.mp4` that is not one is not taken.
enum AppExportLayout {
    /// - Parameter keepAsReceived: take a top file named as media whose bytes are not (empty,
    ///   damaged) as the media, as received, when no file is media by content.
    /// - Returns: the files, and what was kept as received.
    static func files(root: String, items: [DirectoryWalker.Item], keepAsReceived: Bool) throws -> (files: [CaptureDirectory.File], warnings: [String]) {
        var files: [CaptureDirectory.File] = []
        var media: [(item: DirectoryWalker.Item, type: String)] = []
        var namedMedia: [(item: DirectoryWalker.Item, head: [UInt8])] = []
        for item in items where item.kind == .file {
            let relative = item.relativePath
            let isTop = !relative.contains("/")
            let head = isTop ? try head(root + "/" + relative) : []
            if isTop, let type = MediaSignature.mediaType(of: head) {
                media.append((item, type))
            } else if isTop, MediaSignature.hasMediaName(relative) {
                namedMedia.append((item, head))
            } else if relative.hasPrefix("depth/") || (isTop && DepthKeyframeName.isKeyframe(relative)) {
                let inDepth = relative.hasPrefix("depth/") ? String(relative.dropFirst("depth/".count)) : relative
                files.append(
                    try CaptureDirectory.file(
                        root: root, relative: relative, bagText: PackageLayout.depthDirectory + inDepth,
                        size: item.size, reading: "depth keyframe"))
            } else {
                files.append(
                    try CaptureDirectory.file(
                        root: root, relative: relative, bagText: PackageLayout.captureAppDirectory + relative,
                        size: item.size, reading: ""))
            }
        }
        guard media.count == 1, let (item, type) = media.first else {
            if media.isEmpty, namedMedia.count == 1, let (item, head) = namedMedia.first {
                // The export's media, broken: an examiner who packs what they received is told what is wrong with it.
                let fault =
                    item.size == 0
                    ? "is 0 bytes: the recording is empty"
                    : "does not begin like an MP4, QuickTime, HEIC or JPEG (its first bytes are \(Hex.encode(Array(head.prefix(8)))))"
                let warning = try ReceivedContentProblem(
                    "\(root)/\(item.relativePath) \(fault), so it is not media rial can recognise; no other file at the export's top is media by its first bytes",
                    whenKept: "it is the package's media, \(PackageLayout.mediaDirectory)\(item.relativePath)",
                    reportedAs: "media.unsupported, and app.media.* when the app's manifest has digests"
                ).resolve(keepAsReceived: keepAsReceived)
                let kept = try CaptureDirectory.file(
                    root: root, relative: item.relativePath, bagText: PackageLayout.mediaDirectory + item.relativePath,
                    size: item.size, reading: "media as received (not media by content; --keep-as-received)")
                return (files + [kept], [warning])
            }
            if media.isEmpty, !namedMedia.isEmpty {
                let names = namedMedia.map { "\($0.item.relativePath) (\($0.item.size) bytes)" }.joined(separator: ", ")
                throw PackagerError(
                    .invalidCapture,
                    "\(root) holds no video or photo by content, and \(namedMedia.count) files named as media that are not: \(names); rial cannot tell which is the recording, so it packs none of them, not even with --keep-as-received. Remove the ones that are not this recording's"
                )
            }
            if media.isEmpty {
                throw PackagerError(
                    .invalidCapture,
                    "\(root) holds no video or photo: no file at its top is an MP4, QuickTime, HEIC or JPEG by its first bytes. Pack the folder the capture app exported (its recording_<n>.mp4 with the manifest and custody log), or use rial's layout with the media in media/ (schema/SPEC.md §2)"
                )
            }
            let names = media.map { "\($0.item.relativePath) (\($0.type))" }.joined(separator: ", ")
            throw PackagerError(
                .invalidCapture,
                "\(root) holds \(media.count) media files: \(names); a capture has one. Pack each recording from its own folder, or use rial's layout (media/, app/) to say which files belong together"
            )
        }
        // A second file named as media that is not media stays the app's: carried, reported as not interpreted.
        files += try namedMedia.map {
            try CaptureDirectory.file(
                root: root, relative: $0.item.relativePath, bagText: PackageLayout.captureAppDirectory + $0.item.relativePath,
                size: $0.item.size, reading: "")
        }
        files.append(
            try CaptureDirectory.file(
                root: root, relative: item.relativePath, bagText: PackageLayout.mediaDirectory + item.relativePath,
                size: item.size, reading: "media (\(type) by content)"))
        return (files, [])
    }

    private static func head(_ path: String) throws -> [UInt8] {
        do {
            return try FileChunkReader.readHead(path: path, count: MediaSignature.headLength)
        } catch {
            throw PackagerError(.invalidCapture, "cannot read \(path)", cause: error)
        }
    }
}

/// `depth_NNNNNN.f32`: a depth keyframe's name (`schema/SPEC.md` §2.4).
enum DepthKeyframeName {
    static func isKeyframe(_ name: String) -> Bool {
        guard name.hasPrefix("depth_"), name.hasSuffix(".f32") else { return false }
        let digits = name.dropFirst("depth_".count).dropLast(".f32".count)
        return digits.count >= 6 && digits.allSatisfy { ("0"..."9").contains($0) }
    }
}
