import Foundation
import RialFormat
import RialArchive

/// A capture directory as the capture app exports it (`schema/SPEC.md` §2), mapped onto the
/// package's payload:
///
/// | capture      | package          | what                                     |
/// |--------------|------------------|------------------------------------------|
/// | `media/`     | `data/media/`    | the captured video or photo, required    |
/// | `depth/`     | `data/depth/`    | raw depth keyframes                       |
/// | `frames/`    | `data/frames/`   | raw frame material                        |
/// | `app/`       | `data/capture/`  | the app's own files, kept verbatim        |
/// | `capture.json` | `data/capture.json` | the capture descriptor: frames, timestamps |
///
/// Anything else, and anything that is not a regular file or directory, is refused: a package
/// must hold exactly what the capture held, so nothing is silently dropped or followed. File
/// names are stored in Unicode NFC. Empty directories hold no evidence and are not recorded
/// (BagIt has no way to list them).
package struct CaptureDirectory: Sendable {
    /// One file to package.
    package struct File: Sendable, Hashable {
        /// Absolute or caller-relative path on disk.
        package let sourcePath: String
        /// Path inside the bag, e.g. `data/media/video.mov`.
        package let bagPath: BagPath
        package let size: UInt64
    }

    package static let mapping: [(capture: String, bag: String)] = [
        ("media", "data/media"), ("depth", "data/depth"), ("frames", "data/frames"), ("app", "data/capture"),
    ]

    /// The capture descriptor's file name at the capture's root.
    package static let descriptorName = "capture.json"

    package let root: String
    /// Every file, sorted by bag path.
    package let files: [File]

    private init(root: String, files: [File]) {
        self.root = root
        self.files = files
    }

    /// The same capture with only the files `isKept` accepts (a filtered export withholds
    /// some).
    func keeping(_ isKept: (File) -> Bool) -> CaptureDirectory {
        CaptureDirectory(root: root, files: files.filter(isKept))
    }

    /// The file at `bagPath`, if the capture has it.
    package func file(_ bagPath: String) -> File? { files.first { $0.bagPath.rawValue == bagPath } }

    /// Scans `root`.
    /// - Throws: ``PackagerError`` `.invalidCapture` saying what is wrong and what is expected.
    package init(root: String) throws {
        self.root = root
        let items: [DirectoryWalker.Item]
        do {
            items = try DirectoryWalker.walk(root)
        } catch let error as ArchiveError {
            throw PackagerError(.invalidCapture, "cannot read the capture directory \(root)", cause: error)
        }
        var files: [File] = []
        let allowedTop = Set(Self.mapping.map(\.capture))
        for item in items {
            if item.relativePath == Self.descriptorName {
                guard item.kind == .file else {
                    throw PackagerError(.invalidCapture, "\(root)/\(Self.descriptorName) must be a regular file")
                }
                files.append(File(sourcePath: root + "/" + item.relativePath, bagPath: try BagPath(PackageLayout.captureDescriptor), size: item.size))
                continue
            }
            let components = BagPath.components(of: item.relativePath)
            guard let top = components.first, allowedTop.contains(top) else {
                throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) is not part of a capture directory; expected only media/, depth/, frames/, app/ and capture.json (see schema/SPEC.md §2)")
            }
            switch item.kind {
            case .directory:
                continue
            case .symbolicLink:
                throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) is a symbolic link; copy the real file into the capture instead")
            case .other:
                throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) is not a regular file")
            case .file:
                guard components.count >= 2 else {
                    throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) must be a directory")
                }
                let bagTop = Self.mapping.first { $0.capture == top }?.bag ?? ""
                // Names are stored in NFC (libarchive writes tar names in NFC); the file's bytes
                // are untouched. A capture from a file system that stores NFD keeps its content.
                let bagText = BagPath.nfc(bagTop + "/" + components.dropFirst().joined(separator: "/"))
                let bagPath: BagPath
                do {
                    bagPath = try BagPath(bagText)
                } catch {
                    throw PackagerError(.invalidCapture, "\(root)/\(item.relativePath) cannot be packaged", cause: error)
                }
                files.append(File(sourcePath: root + "/" + item.relativePath, bagPath: bagPath, size: item.size))
            }
        }
        guard files.contains(where: { $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) }) else {
            throw PackagerError(.invalidCapture, "\(root) has no media: put the captured video or photo in \(root)/media/")
        }
        try Self.checkUniqueness(files)
        self.files = files.sorted { $0.bagPath < $1.bagPath }
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
