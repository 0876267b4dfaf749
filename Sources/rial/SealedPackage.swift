import RialFormat
import RialCrypto
import RialPackager

/// The seal of a package, read for the timestamp commands.
enum SealedPackage {
    /// - Throws: ``ExitStatus/couldNotComplete`` after saying why there is no usable seal.
    static func signature(of package: String) throws -> DetachedSignature {
        let tags: PackageTagFiles
        do {
            tags = try PackageRewriter.tagFiles(of: package)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw ExitStatus.couldNotComplete
        }
        guard let bytes = tags.files[PackageLayout.seal] else {
            Console.error("\(package) is not sealed; seal it first: rial seal \(package) --sign-key KEY.pem --cert CERT.pem")
            throw ExitStatus.couldNotComplete
        }
        do {
            return try DetachedSignature(der: bytes)
        } catch {
            Console.error("the seal of \(package) cannot be read: \(error)")
            throw ExitStatus.couldNotComplete
        }
    }
}
