/// Where the person verifying gave a trust anchor: the option and the file, as typed.
///
/// Kept so the report can say how to repeat a verification (`--trust agency-root.pem`); the
/// certificate itself, not the file name, is what the verdict rests on.
public struct TrustAnchorOrigin: Sendable, Hashable {
    /// `--trust`, `--trust-dir` or `--tsa-trust`.
    public let option: String
    /// The file the certificate was read from, as given (for `--trust-dir`, the directory
    /// joined with the file's name).
    public let file: String

    /// - Parameters:
    ///   - option: the command-line option that named the file.
    ///   - file: the file, as given.
    public init(option: String, file: String) {
        self.option = option
        self.file = file
    }
}
