/// A file to write into a package from memory: a tag file, a seal, a custody event.
package struct PackageFile: Sendable {
    /// Relative to the bag, e.g. `rial/custody/000007.json`.
    package let path: String
    package let bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
