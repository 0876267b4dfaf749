#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import RialArchive

/// The files commands write beside packages: reports, keys, timestamp requests, chains. Each
/// is checked before the work that makes it starts, refused if it exists unless `--force`
/// (never replaced if it is a directory), and written whole under a temporary name, so a
/// reader never sees half of it and an interruption leaves nothing.
enum OutputFile {
    /// Says why `path` cannot be written, before any work is done.
    /// - Parameters:
    ///   - option: the option that named it, for the message (`--report`, `-o`).
    ///   - replacing: whether an existing file may be replaced (`--force`).
    ///   - canReplace: whether the command has a `--force` that replaces a file (keys are never replaced).
    /// - Throws: ``ExitStatus/couldNotComplete`` after saying why.
    static func check(_ path: String, option: String, replacing: Bool, canReplace: Bool = true) throws {
        guard let problem = OutputPath.problem(with: path, replacing: replacing) else { return }
        let code: ArchiveError.Code =
            switch problem {
            case .exists: .outputExists
            case .notAFile: .outputNotAFile
            case .unwritableDirectory: .io
            }
        Console.error("\(option) \(problem.advice(canReplace: canReplace)) [\(code)]")
        throw ExitStatus.couldNotComplete
    }

    /// Writes `bytes` to `path` atomically.
    /// - Parameters:
    ///   - replacing: replace an existing file (`--force`); without it, a file that appeared
    ///     since ``check(_:option:replacing:)`` is not replaced either.
    ///   - mode: the file's mode, narrowed by the umask.
    /// - Throws: ``ArchiveError`` `.outputExists` or `.io`.
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool, mode: mode_t = 0o644) throws {
        try FileWriter.writeAtomically(bytes, to: path, existing: replacing ? .replace : .refuse, mode: mode)
    }

    /// Writes an RFC 3161 request (`timestamp request`, `renew request`): a file that cannot be
    /// written is said on standard error and is exit status 2.
    static func writeRequest(_ der: [UInt8], to path: String, replacing: Bool) throws {
        do {
            try write(der, to: path, replacing: replacing)
        } catch let error as ArchiveError {
            Console.error(error.conciseDescription(after: "cannot write the request"))
            throw ExitStatus.couldNotComplete
        }
    }
}
