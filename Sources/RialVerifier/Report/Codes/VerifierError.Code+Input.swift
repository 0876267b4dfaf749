extension VerifierErrorCode {
    // The refusals the verifier makes itself (schema/SPEC.md §8.6, second table); an archive the
    // strict reader refuses carries the reader's own `archive.*` code.

    /// The input is not a `.rialpkg` (or, for a directory, not a BagIt bag).
    public static let notAPackage = Self("input.not-a-package")
    /// The input could not be read.
    public static let unreadable = Self("input.unreadable")
    /// The package declares a format version this verifier does not read.
    public static let unsupportedVersion = Self("input.unsupported-version")
    /// The time stated with `--at` is before the package's `created` (`rial/manifest.json`).
    public static let timeBeforePackage = Self("input.time-before-package")
}
