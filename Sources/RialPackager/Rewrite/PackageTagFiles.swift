/// The tag files of a package, by path relative to the bag, and its top-level directory.
public struct PackageTagFiles: Sendable {
    public let root: String
    public let files: [String: [UInt8]]
}
