import ArgumentParser
import RialAmender
import RialArchive

/// `--revocation FILE` on `seal`, `custody append` and `timestamp attach`: revocation evidence
/// (CRLs, OCSP responses, intermediate certificates) to staple into the package
/// (`schema/SPEC.md` §14.11), so it verifies later with nothing but the roots.
struct RevocationStapleOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Staple revocation evidence into the package under rial/seal/revocation/: a CRL, an OCSP response or intermediate certificates, PEM or DER (repeatable, at most \(RevocationStapleOption.maxFiles)).",
            valueName: "FILE"))
    var revocation: [String] = []

    /// The most files one command staples: their names go into a custody event's details, whose
    /// text is at most 4096 bytes.
    static let maxFiles = 16

    func validate() throws {
        if revocation.count > Self.maxFiles {
            throw ValidationError("--revocation takes at most \(Self.maxFiles) files at a time; staple more with `rial custody append … --revocation`")
        }
    }

    /// Every file read and classified.
    /// - Throws: ``ExitStatus/usage`` after saying which file is unusable.
    func load() throws -> [RevocationStaple] {
        try revocation.map { file in
            do {
                return try RevocationStaple(bytes: FileChunkReader.readAll(path: file, limit: RevocationStaple.sizeLimit), source: file)
            } catch let error as AmenderError {
                Console.error("--revocation \(error.reason)")
                throw ExitStatus.usage
            } catch {
                Console.error(Console.describe(error, after: "--revocation \(file): cannot read it"))
                throw ExitStatus.usage
            }
        }
    }
}
