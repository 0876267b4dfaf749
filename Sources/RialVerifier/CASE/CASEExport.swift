/// What a CASE/UCO export is made from: the report of a verification just run, the capture as
/// the package discloses it (the court report's ``CaseOverview``, within the privacy levels),
/// and every file with the digests computed while verifying. The digests are rial's own, of the
/// bytes read, never the package's claims, so a package that failed can be exported too: its
/// graph then says what was found, and the verification action says what failed.
package struct CASEExport: Sendable {
    /// One file: a file of the bag, or the package file itself.
    package struct File: Sendable {
        /// Relative to the bag, or, for the package file, as named on the command line.
        package let path: String
        package let size: UInt64
        /// Lowercase hex; `nil` when it was not computed (a bag directory's file the manifests
        /// do not name with that algorithm).
        package let sha256: String?
        package let sha512: String?
    }

    package let report: VerificationReport
    /// `nil` when the package's capture metadata could not be read at all.
    package let overview: CaseOverview?
    /// The package's top-level directory (packages only).
    package let root: String?
    /// Every regular file of the bag, tag files first, each group in byte order.
    package let files: [File]
    /// The package file itself, hashed after the verification; `nil` for a bag directory or a
    /// package read from standard input, which cannot be read again.
    package let packageFile: File?

    package init(report: VerificationReport, overview: CaseOverview?, root: String?, files: [File], packageFile: File?) {
        self.report = report
        self.overview = overview
        self.root = root
        self.files = files
        self.packageFile = packageFile
    }
}
