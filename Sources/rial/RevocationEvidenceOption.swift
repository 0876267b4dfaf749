import RialArchive
import RialCrypto
import RialVerifier
import RialReport
#if canImport(Glibc)
import Glibc
#endif

/// Reads what `--crl` or `--ocsp` names: a file, or a directory whose every regular file (in
/// byte order of their names) is one of that kind. An unreadable or malformed file is a usage
/// error naming it: evidence silently dropped would turn a revocation into "not known".
struct RevocationEvidenceOption {
    /// `--crl` or `--ocsp`, for messages.
    let option: String
    let kind: RevocationEvidenceFile.Kind

    /// The largest evidence file read: a CRL of a large CA runs to megabytes, not more.
    static let sizeLimit: UInt64 = 64 << 20

    /// - Parameter paths: the values given, in order.
    /// - Throws: ``ExitStatus/usage`` after saying which path is unusable.
    func load(_ paths: [String]) throws -> [RevocationEvidenceFile] {
        var files: [RevocationEvidenceFile] = []
        for path in paths {
            for file in try expand(path) {
                do {
                    files.append(try RevocationEvidenceFile(kind: kind, path: file, bytes: FileChunkReader.readAll(path: file, limit: Self.sizeLimit)))
                } catch let error as CryptoError {
                    Console.error("\(option) " + (error.reason.hasPrefix(file) ? error.conciseDescription : "\(file): \(error.conciseDescription)"))
                    throw ExitStatus.usage
                } catch {
                    Console.error(Console.describe(error, after: "\(option) \(file): cannot read it"))
                    throw ExitStatus.usage
                }
            }
        }
        return files
    }

    /// The file itself, or a directory's regular files.
    private func expand(_ path: String) throws -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            Console.error("\(option) \(path): cannot read it: \(String(cString: strerror(errno)))")
            throw ExitStatus.usage
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [path] }
        guard let all = DirectoryNames.read(path) else {
            Console.error("\(option) \(path): cannot open it: \(String(cString: strerror(errno)))")
            throw ExitStatus.usage
        }
        let names = all.filter { name in
            var entryInfo = stat()
            return stat(path + "/" + name, &entryInfo) == 0 && (entryInfo.st_mode & S_IFMT) == S_IFREG
        }
        guard !names.isEmpty else {
            Console.error("\(option) \(path): the directory holds no file")
            throw ExitStatus.usage
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { path + "/" + $0 }
    }
}
