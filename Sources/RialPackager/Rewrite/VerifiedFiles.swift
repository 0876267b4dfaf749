/// What a package held when it was verified: each regular file's size and SHA-256, by its path
/// below the package directory. ``PackageRewriter`` holds every entry it copies to it, so a
/// package whose bytes changed after its verification (a file written in place by a program
/// that does not take rial's lock, a package replaced under the same name) is never amended:
/// nothing is added to evidence that no longer is what was verified.
package struct VerifiedFiles: Sendable {
    /// One file as verified.
    package struct File: Sendable, Equatable {
        package let size: UInt64
        package let sha256: String

        package init(size: UInt64, sha256: String) {
            self.size = size
            self.sha256 = sha256
        }
    }

    /// Every regular file, by its path below the package directory.
    package let files: [String: File]

    package init(files: [String: File]) {
        self.files = files
    }
}
