import RialArchive

/// The packager's check of where a package goes, made before anything is read.
enum OutputDestination {
    /// - Throws: ``PackagerError`` `.outputExists` (a file there, without `overwrite`),
    ///   `.outputNotAFile` (a directory or other non-file there, whatever `overwrite` says),
    ///   `.writeFailed` (the directory it goes in is missing or not writable).
    static func check(_ destination: String, overwrite: Bool) throws {
        guard let problem = OutputPath.problem(with: destination, replacing: overwrite) else { return }
        switch problem {
        case .exists: throw PackagerError(.outputExists, problem.advice(canReplace: true))
        case .notAFile: throw PackagerError(.outputNotAFile, problem.advice(canReplace: true))
        case .unwritableDirectory: throw PackagerError(.writeFailed, problem.description)
        }
    }
}
