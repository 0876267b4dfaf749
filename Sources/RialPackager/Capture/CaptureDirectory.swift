import Foundation
import RialFormat
import RialArchive

/// What `rial pack` takes (`schema/SPEC.md` §2), mapped onto the package's payload. Two
/// layouts are read:
///
/// - **The capture app's export, as it comes** (§2.1): a folder such as the forensic export design's
///   export (`recording_<n>.mp4`, `recording_<n>.manifest.json`, `recording_<n>.custody_log.json`,
///   `README.txt`), possibly with the recording data (hash chain, metadata, depth keyframes).
///   The media is found by its content, every other file is carried byte for byte under
///   `data/capture/` (depth keyframes under `data/depth/`), and the app's files are recognised
///   by ``AppFiles``.
/// - **rial's own capture layout**: `media/`, `depth/`, `frames/`, `app/` and `capture.json`.
///
/// Nothing that is not a regular file or directory is packed: a package must hold exactly what
/// the capture held, so nothing is silently dropped or followed. File names are stored in
/// Unicode NFC. Empty directories hold no evidence and are not recorded (BagIt cannot list them).
package struct CaptureDirectory: Sendable {
    /// One file to package.
    package struct File: Sendable, Hashable {
        /// Absolute or caller-relative path on disk.
        package let sourcePath: String
        /// Path inside the bag, e.g. `data/media/video.mov`.
        package let bagPath: BagPath
        package let size: UInt64
        /// What the file was taken for, for the mapping `rial pack` prints.
        package var reading: String = ""
    }

    /// Which of the two layouts the directory has.
    package enum Layout: String, Sendable {
        /// The capture app's export, as it comes.
        case appExport = "the capture app's export"
        /// rial's `media/`, `depth/`, `frames/`, `app/`, `capture.json`.
        case rial = "rial's capture layout"
    }

    package static let mapping: [(capture: String, bag: String)] = [
        ("media", "data/media"), ("depth", "data/depth"), ("frames", "data/frames"), ("app", "data/capture"),
    ]

    /// The capture descriptor's file name at the capture's root.
    package static let descriptorName = "capture.json"

    package let root: String
    package let layout: Layout
    /// Every file, sorted by bag path.
    package let files: [File]
    /// Which of the files under `data/capture/` is which of the app's files.
    package let appFiles: AppFiles
    /// What was taken as received although it is not what it should be (`--keep-as-received`):
    /// a media file that is not media by its bytes.
    package let warnings: [String]

    private init(root: String, layout: Layout, files: [File], appFiles: AppFiles, warnings: [String]) {
        self.root = root
        self.layout = layout
        self.files = files
        self.appFiles = appFiles
        self.warnings = warnings
    }

    /// The same capture with only the files `isKept` accepts (a filtered export withholds
    /// some).
    func keeping(_ isKept: (File) -> Bool) -> CaptureDirectory {
        CaptureDirectory(root: root, layout: layout, files: files.filter(isKept), appFiles: appFiles, warnings: warnings)
    }

    /// The file at `bagPath`, if the capture has it.
    package func file(_ bagPath: String) -> File? { files.first { $0.bagPath.rawValue == bagPath } }

    /// The app's file of `kind`, if the capture has exactly one.
    package func appFile(_ kind: AppFileKind) -> File? { appFiles[kind].flatMap(file) }

    /// Scans `root`.
    /// - Parameter keepAsReceived: in an export, take a file named as media whose bytes are not
    ///   media as the media (`--keep-as-received`) rather than refuse it.
    /// - Throws: ``PackagerError`` `.invalidCapture` saying what is wrong and what is expected.
    package init(root given: String, keepAsReceived: Bool = false) throws {
        // `export/` and `export` are the same folder; sources read `export/name`, not `export//name`.
        var root = given
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        let items: [DirectoryWalker.Item]
        do {
            items = try DirectoryWalker.walk(root)
        } catch let error as ArchiveError {
            throw PackagerError(.invalidCapture, "cannot read the capture directory \(root)", cause: error)
        }
        for item in items {
            switch item.kind {
            case .symbolicLink:
                throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) is a symbolic link; copy the real file into the capture instead")
            case .other:
                throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) is not a regular file or directory")
            case .file, .directory:
                continue
            }
        }
        let layout = Self.isRialLayout(items) ? Layout.rial : .appExport
        let read =
            layout == .rial
            ? (files: try Self.rialFiles(root: root, items: items), warnings: [])
            : try AppExportLayout.files(root: root, items: items, keepAsReceived: keepAsReceived)
        var files = read.files
        let warnings = read.warnings
        try Self.checkUniqueness(files)
        files.sort { $0.bagPath < $1.bagPath }
        let appFiles = Self.recogniseAppFiles(files)
        if let (kind, paths) = appFiles.ambiguous.min(by: { $0.key < $1.key }) {
            let found = files.filter { paths.contains($0.bagPath.rawValue) }.map(\.sourcePath)
            throw PackagerError(
                .invalidCapture,
                "\(root) holds \(paths.count) files that read as \(kind.title): \(found.joined(separator: ", ")); a capture has one. Remove the ones that are not this recording's, or pack each recording from its own folder"
            )
        }
        for index in files.indices where files[index].reading.isEmpty || files[index].bagPath.rawValue.hasPrefix(PackageLayout.captureAppDirectory) {
            let path = files[index].bagPath.rawValue
            if let kind = AppFileKind.allCases.first(where: { appFiles[$0] == path }) {
                files[index].reading = kind.title
            } else if path.hasPrefix(PackageLayout.captureAppDirectory) {
                files[index].reading = "carried verbatim, not interpreted"
            }
        }
        self.init(root: root, layout: layout, files: files, appFiles: appFiles, warnings: warnings)
    }

    /// rial's layout: a `media/` directory, and nothing at the top but its five names.
    private static func isRialLayout(_ items: [DirectoryWalker.Item]) -> Bool {
        let names = Set(mapping.map(\.capture) + [descriptorName])
        let top = items.filter { !$0.relativePath.contains("/") }
        return top.contains { $0.relativePath == "media" && $0.kind == .directory } && top.allSatisfy { names.contains($0.relativePath) }
    }

    private static func rialFiles(root: String, items: [DirectoryWalker.Item]) throws -> [File] {
        var files: [File] = []
        for item in items where item.kind == .file {
            if item.relativePath == descriptorName {
                files.append(
                    File(
                        sourcePath: root + "/" + item.relativePath, bagPath: try BagPath(PackageLayout.captureDescriptor), size: item.size,
                        reading: "the capture descriptor"))
                continue
            }
            let components = BagPath.components(of: item.relativePath)
            guard let top = components.first, components.count >= 2, let bagTop = mapping.first(where: { $0.capture == top })?.bag else {
                throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) must be a directory")
            }
            let reading = ["media": "media", "depth": "depth keyframe", "frames": "frame material", "app": ""][top] ?? ""
            files.append(
                try file(
                    root: root, relative: item.relativePath, bagText: bagTop + "/" + components.dropFirst().joined(separator: "/"),
                    size: item.size, reading: reading))
        }
        guard files.contains(where: { $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) }) else {
            throw PackagerError(.invalidCapture, "\(root) has no media: put the captured video or photo in \(root)/media/")
        }
        return files
    }

    /// A file at `relative` under `root`, stored at `bagText` (normalised to NFC).
    static func file(root: String, relative: String, bagText: String, size: UInt64, reading: String) throws -> File {
        // Names are stored in NFC (libarchive writes tar names in NFC); the file's bytes are
        // untouched. A capture from a file system that stores NFD keeps its content.
        do {
            return File(sourcePath: root + "/" + relative, bagPath: try BagPath(BagPath.nfc(bagText)), size: size, reading: reading)
        } catch {
            throw PackagerError(.invalidCapture, "\(root)/\(relative) cannot be packaged", cause: error)
        }
    }

    /// The reading packer and verifier share: names first, then the shape of each `.json` file
    /// small enough for a verifier to parse.
    private static func recogniseAppFiles(_ files: [File]) -> AppFiles {
        let app = files.filter { $0.bagPath.rawValue.hasPrefix(PackageLayout.captureAppDirectory) }
        let sources = Dictionary(uniqueKeysWithValues: app.map { ($0.bagPath.rawValue, $0.sourcePath) })
        return AppFiles(capturePaths: app.map(\.bagPath.rawValue)) { path in
            guard let source = sources[path],
                let bytes = try? FileChunkReader.readAll(path: source, limit: PackageLayout.maxParsedFileBytes)
            else { return nil }
            return try? StrictJSONParser.parse(bytes)
        }
    }

    // Two names that differ only in case or Unicode normalisation become one file when the
    // package is extracted on macOS or Windows, so the second would overwrite the first.
    private static func checkUniqueness(_ files: [File]) throws {
        var seen: [String: String] = [:]
        for file in files {
            let key = file.bagPath.rawValue.precomposedStringWithCanonicalMapping.lowercased()
            if let other = seen[key] {
                throw PackagerError(.invalidCapture, "\(other) and \(file.bagPath) differ only in case or Unicode normalisation; rename one")
            }
            seen[key] = file.bagPath.rawValue
        }
    }
}
