import RialFormat

/// How `rial pack` reads a capture directory: which layout it has and which file becomes what
/// in the package (`schema/SPEC.md` §2). `rial pack --plan` prints it without writing anything;
/// ``Packager/write(progress:)`` reports the same in its summary.
public struct CapturePlan: Sendable {
    /// One file of the capture and where it goes.
    public struct Entry: Sendable, Hashable {
        /// The file on disk.
        public let source: String
        /// Its path in the package, e.g. `data/media/recording_1764000000.mp4`; empty when the
        /// package withholds it (`--privacy`, `--hash-only`).
        public let bagPath: String
        /// Its size in bytes when scanned.
        public let size: UInt64
        /// What it was taken for: "media (video/mp4 by content)", "the app's custody log",
        /// "carried verbatim, not interpreted".
        public let reading: String
    }

    /// "the capture app's export" or "rial's capture layout".
    public let layout: String
    /// Every file, in package order.
    public let entries: [Entry]

    /// - Parameter withheld: bag paths `--privacy`/`--hash-only` leave out: their entries have
    ///   an empty ``Entry/bagPath`` and say "withheld".
    init(_ capture: CaptureDirectory, withheld: Set<String> = []) {
        layout = capture.layout.rawValue
        entries = capture.files.map { file in
            let path = file.bagPath.rawValue
            guard withheld.contains(path) else { return Entry(source: file.sourcePath, bagPath: path, size: file.size, reading: file.reading) }
            return Entry(source: file.sourcePath, bagPath: "", size: file.size, reading: "withheld: \(file.reading.isEmpty ? "not packaged" : file.reading)")
        }
    }

    /// Reads the capture directory as `rial pack` would, writing nothing.
    /// - Throws: ``PackagerError`` `.invalidCapture` for what `rial pack` would refuse at its
    ///   first step: the layout, an ambiguous export, names that cannot be packaged.
    public init(captureDirectory: String) throws {
        self.init(try CaptureDirectory(root: captureDirectory))
    }
}
