/// A file to write into a package from memory: a tag file, a seal, a custody event.
public struct PackageFile: Sendable {
    /// Relative to the bag, e.g. `rial/custody/000007.json`.
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
