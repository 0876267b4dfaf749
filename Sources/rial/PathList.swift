import Foundation

/// The paths of `--files-from FILE`: one a line, as `find … -print` writes them and as lists
/// exported from an evidence database are. Taken literally (no globbing, no quoting, no `~`);
/// a line ending in CR LF loses its CR (lists made on Windows), and empty lines are skipped.
/// With `--null`, NUL ends each path instead (`find … -print0`: a name may hold a newline).
enum PathList {
    /// The paths listed in `file` (`-`: standard input).
    /// - Throws: ``ExitStatus/couldNotComplete`` after saying why, when the list cannot be read.
    static func read(_ file: String, nullSeparated: Bool) throws -> [String] {
        let data: Data
        do {
            data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            Console.error("cannot read the list of paths --files-from \(file): \(Console.describe(error))")
            throw ExitStatus.couldNotComplete
        }
        return paths(in: [UInt8](data), nullSeparated: nullSeparated)
    }

    /// The paths in `bytes`.
    static func paths(in bytes: [UInt8], nullSeparated: Bool) -> [String] {
        let separator: UInt8 = nullSeparated ? 0 : UInt8(ascii: "\n")
        return bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap { line in
            var line = line[...]
            if !nullSeparated, line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
        }
    }
}
