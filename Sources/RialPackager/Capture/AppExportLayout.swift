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
    static func files(root: String, items: [DirectoryWalker.Item]) throws -> [CaptureDirectory.File] {
        var files: [CaptureDirectory.File] = []
        var media: [(item: DirectoryWalker.Item, type: String)] = []
        for item in items where item.kind == .file {
            let relative = item.relativePath
            let isTop = !relative.contains("/")
            if isTop, let type = MediaSignature.mediaType(of: try head(root + "/" + relative)) {
                media.append((item, type))
            } else if relative.hasPrefix("depth/") || (isTop && DepthKeyframeName.isKeyframe(relative)) {
                let inDepth = relative.hasPrefix("depth/") ? String(relative.dropFirst("depth/".count)) : relative
                files.append(try CaptureDirectory.file(root: root, relative: relative, bagText: PackageLayout.depthDirectory + inDepth,
                                                       size: item.size, reading: "depth keyframe"))
            } else {
                files.append(try CaptureDirectory.file(root: root, relative: relative, bagText: PackageLayout.captureAppDirectory + relative,
                                                       size: item.size, reading: ""))
            }
        }
        guard media.count == 1, let (item, type) = media.first else {
            if media.isEmpty {
                throw PackagerError(.invalidCapture, "\(root) holds no video or photo: no file at its top is an MP4, QuickTime, HEIC or JPEG by its first bytes. Pack the folder the capture app exported (its recording_<n>.mp4 with the manifest and custody log), or use rial's layout with the media in media/ (schema/SPEC.md §2)")
            }
            let names = media.map { "\($0.item.relativePath) (\($0.type))" }.joined(separator: ", ")
            throw PackagerError(.invalidCapture, "\(root) holds \(media.count) media files: \(names); a capture has one. Pack each recording from its own folder, or use rial's layout (media/, app/) to say which files belong together")
        }
        files.append(try CaptureDirectory.file(root: root, relative: item.relativePath, bagText: PackageLayout.mediaDirectory + item.relativePath,
                                               size: item.size, reading: "media (\(type) by content)"))
        return files
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
