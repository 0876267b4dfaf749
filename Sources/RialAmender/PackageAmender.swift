#if canImport(Glibc)
import Glibc
#endif
import RialArchive
import RialFormat
import RialCrypto
import RialPackager
import RialVerifier
import RialExtractor

/// Adds to an existing package (a seal, a timestamp, a custody event) only after it verifies.
///
/// Every operation verifies the package first and refuses one that does not pass, so a seal,
/// a token or a custody event never vouches for evidence that was already broken. It then
/// reads the tag files again and checks they are still the verified ones (the manifest's
/// SHA-256 and the custody log's head), so what is signed, timestamped or linked to is what
/// was verified even if the file changed in between; and it writes through
/// `PackageRewriter`, which replaces the package atomically. A refusal throws
/// ``AmenderError`` and leaves the package byte for byte as it was.
///
/// ```swift
/// let amender = PackageAmender(path: "case.rialpkg")
/// let receipt = try amender.seal(with: sealer, at: .now())
/// ```
public struct PackageAmender: Sendable {
    /// The package file, amended in place, as given (a symbolic link included).
    public let path: String
    /// The file amended: ``path``, or where it leads when it is a symbolic link, so that the
    /// package behind a link gets the amendment and the link stays a link (issue 35).
    public let target: String
    /// Amend a package whose owner made it read-only, or one with other hard links (which keep
    /// the old version): `rial … --force`. A package that would change owner is never amended.
    public var amendsProtectedFiles = false
    /// Told of each temporary file an interrupted earlier write of this package left, which the
    /// amendment removes (its path and size).
    public var removedLeftover: (@Sendable (_ path: String, _ size: Int64) -> Void)?
    /// The verification every operation starts with: its policy and limits always, its time
    /// only for an operation that is given none (an amendment made `at` a time verifies at that
    /// time, so an amender kept for a while never judges new tokens or events as "in the future").
    public let verifier: Verifier
    /// The amender was made without a verifier: an operation given no time is judged at the
    /// moment it runs, not at the moment the amender was made. An amender kept while its
    /// package is timestamped would otherwise call the new token's genTime "in the future"
    /// (`timestamp.time.future`) when asked for a request a second later.
    private let verifiesAtEachOperation: Bool
    /// Read once the package's lock is held: the time the amendment is made at, when later than
    /// the `at` it was given. An amendment that waited while another amended the package would
    /// otherwise verify the other's custody event, written after its own `at`, as "in the
    /// future" and refuse (two of eight concurrent `custody append`s did on a busy machine:
    /// `scripts/fault-injection.sh`). `nil`: the `at` given is the time throughout (tests).
    public var clock: (@Sendable () -> Timestamp)?
    /// Called between verifying and reading the tag files again; tests use it to change the
    /// package in that window.
    package var afterVerifying: (@Sendable (VerificationReport) -> Void)?

    /// - Parameters:
    ///   - path: the `.rialpkg` file to amend in place.
    ///   - verifier: verifies the package before each amendment; its policy can demand more
    ///     (a trusted seal, a custody head) than the default, which checks integrity only, at
    ///     the time each operation runs.
    public init(path: String, verifier: Verifier? = nil) {
        self.path = path
        self.verifier = verifier ?? Verifier()
        verifiesAtEachOperation = verifier == nil
        target = Self.resolvedLink(path)
    }

    /// The time an amendment given `time` is made at, read once the lock is held: ``clock``'s
    /// when it has one and it is later than `time`, else `time`.
    func timeOnceLocked(_ time: Timestamp) -> Timestamp {
        guard let read = clock?(), read > time else { return time }
        return read
    }

    /// Where `path` leads when it is a symbolic link (every link on the way resolved); `path`
    /// itself otherwise, or when the link leads nowhere (verifying it then says why).
    private static func resolvedLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Runs `body` holding the package's lock, which is held from verification to the rename:
    /// the write must land on the file that was verified. Once locked, the time is read again
    /// (another amendment, waited for, may have added a later custody event), a package that
    /// must not be replaced is refused, an interrupted write's leftovers are removed, and the
    /// package is verified as of that time.
    /// - Parameters:
    ///   - time: the amendment's time, before the lock.
    ///   - acceptingFailure: go on with a package whose verdict is `fail` (never `error`).
    ///   - body: given the time once locked and the package as verified (its report, its tag
    ///     files checked to be the verified ones, what it held).
    /// - Throws: what ``PackageLock/init(path:)``, ``checkReplaceable()`` and
    ///   ``verifiedTagFiles(at:acceptingFailure:progress:)`` throw, and what `body` throws.
    func whileLocked<Outcome>(
        at time: Timestamp, acceptingFailure: Bool = false, progress: Verifier.Progress?,
        _ body: (Timestamp, VerifiedPackage) throws -> Outcome
    ) throws -> Outcome {
        let lock = try PackageLock(path: target)
        defer { lock.release() }
        let time = timeOnceLocked(time)
        try checkReplaceable()
        removeLeftovers()
        return try body(time, try verifiedTagFiles(at: time, acceptingFailure: acceptingFailure, progress: progress))
    }

    /// Removes the temporary files an interrupted write of the package left beside it (a run
    /// killed with SIGKILL cannot remove its own), older than this amendment: called with the
    /// package's lock held, so no live amendment is writing them; one written in the last
    /// seconds is left alone all the same (a `rial pack -o` of the same name takes no lock).
    func removeLeftovers() {
        let before = Int(Timestamp.now().seconds) - 5
        for leftover in TemporaryFile.leftBehind(besides: target, writtenBefore: before) where unlink(leftover.path) == 0 {
            removedLeftover?(leftover.path, leftover.size)
        }
    }

    /// Why the file ``target`` names must not be replaced, or `nil`: replacing it (a new file
    /// renamed over it) would drop its owner's read-only protection, leave its other hard links
    /// with the old version, or give it to the user amending it.
    /// - Throws: ``AmenderError`` `.protectedPackage`.
    func checkReplaceable() throws {
        var info = stat()
        guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        let name = target == path ? path : "\(path) (a link to \(target))"
        if info.st_uid != geteuid(), geteuid() != 0 {
            throw AmenderError(
                .protectedPackage,
                "\(name) belongs to another user (uid \(info.st_uid)); amending replaces the file, which would then be yours: ask its owner, or root, to amend it"
            )
        }
        if info.st_gid != getegid(), geteuid() != 0, !Self.isMember(ofGroup: info.st_gid) {
            throw AmenderError(
                .protectedPackage,
                "\(name) belongs to group \(info.st_gid), which you are not in; amending replaces the file, which would then be your group's (and readable by it as the package's mode allows), and no longer group \(info.st_gid)'s: amend it as a member of that group, or as root"
            )
        }
        guard !amendsProtectedFiles else { return }
        if info.st_mode & S_IWUSR == 0 {
            throw AmenderError(
                .protectedPackage,
                "\(name) is read-only (mode \(String(info.st_mode & 0o7777, radix: 8))): its owner protected it; pass --force to amend it anyway (it stays read-only)"
            )
        }
        if info.st_nlink > 1 {
            throw AmenderError(
                .protectedPackage,
                "\(name) has \(info.st_nlink - 1) other name\(info.st_nlink == 2 ? "" : "s") (hard links), which would keep the old version: amending replaces this name only; pass --force to amend it anyway"
            )
        }
    }

    /// Whether this process may give a file it owns group `group`: one of its supplementary
    /// groups (its effective group is compared by the caller).
    private static func isMember(ofGroup group: gid_t) -> Bool {
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let found = getgroups(count, &groups)
        return found > 0 && groups.prefix(Int(found)).contains(group)
    }

    /// Why `path` cannot be amended: it is standard input, a pipe or a FIFO. The package is read
    /// again after verification and replaced as a file: a stream would be gone after the first
    /// read, and the second would wait for ever.
    static func streamRefusal(_ path: String) -> AmenderError? {
        guard PackageExtractor.sourceRefusal(path) != nil else { return nil }
        let name = path == Verifier.standardInput ? "standard input" : path
        return AmenderError(.unverifiable, "\(name) is not a regular file; a package is amended in place, as a file: save it to one first")
    }

    /// Verifies the package and reads its tag files again.
    /// - Parameters:
    ///   - time: the time of the amendment, which the package is verified at; `nil`: the
    ///     verifier's own, or now when the amender was made without a verifier.
    ///   - acceptingFailure: go on with a package whose verdict is `fail` (never `error`).
    ///   - progress: called as the verifier reads the package.
    /// - Returns: the report, the tag files, checked to be the verified ones, and every file's
    ///   size and SHA-256 as verified.
    /// - Throws: ``AmenderError`` `.verificationFailed`, `.unverifiable`, `.unreadablePackage`
    ///   or `.changedDuringVerification`.
    func verifiedTagFiles(at time: Timestamp?, acceptingFailure: Bool = false, progress: Verifier.Progress?) throws -> VerifiedPackage {
        if let refusal = Self.streamRefusal(path) { throw refusal }
        let time = time ?? (verifiesAtEachOperation ? Timestamp.now() : nil)
        let verifier = time.map { Verifier(limits: self.verifier.limits, verificationTime: $0, policy: self.verifier.policy) } ?? self.verifier
        let report: VerificationReport
        let contents: VerifiedFiles
        do {
            let verified = try verifier.verifiedInventory(path: target, progress: progress)
            (report, contents) = (verified.report, VerifiedPackage.contents(of: verified.inventory))
        } catch {
            (report, contents) = (verifier.errorReport(error, path: target), VerifiedFiles(files: [:]))
        }
        switch report.verdict {
        case .pass:
            break
        case .fail where acceptingFailure:
            break
        case .fail:
            throw AmenderError(.verificationFailed, "\(path) does not pass verification", report: report)
        case .error:
            throw AmenderError(.unverifiable, "\(path) could not be verified", cause: report.error, report: report)
        }
        afterVerifying?(report)
        let tags: PackageTagFiles
        do {
            tags = try PackageRewriter.tagFiles(of: target)
        } catch {
            throw AmenderError(.unreadablePackage, "cannot read the tag files of \(path) again", cause: error, report: report)
        }
        guard Self.tagFiles(tags, areThoseVerifiedBy: report) else {
            throw AmenderError(.changedDuringVerification, "\(path) changed while it was being verified", report: report)
        }
        return VerifiedPackage(report: report, tags: tags, contents: contents)
    }

    /// Whether `tags`, read after `report` was made, are still the verified ones: the same
    /// manifest and the same custody head, the two things a new seal, token or event is bound to.
    /// A package without a manifest never matches, since nothing could be bound to it.
    package static func tagFiles(_ tags: PackageTagFiles, areThoseVerifiedBy report: VerificationReport) -> Bool {
        guard let manifest = tags.files[PackageLayout.manifest],
            let digest = try? StreamingDigest.digest(.sha256, of: manifest)
        else { return false }
        return Hex.encode(digest) == report.manifestSHA256 && tags.custodyHead?.sha256 == report.custody?.head?.sha256
    }

    /// The verified package's id, parsed.
    /// - Throws: ``AmenderError`` `.noPackageIdentity`.
    func packageID(in report: VerificationReport) throws -> (id: PackageID, manifestSHA256: String) {
        guard let id = report.packageID.flatMap({ try? PackageID($0) }), let manifestSHA256 = report.manifestSHA256 else {
            throw AmenderError(.noPackageIdentity, "\(path) has no readable rial/manifest.json and package id to bind the amendment to", report: report)
        }
        return (id, manifestSHA256)
    }

    /// Appends `files` through the rewriter, atomically, holding every byte copied to what was
    /// verified.
    /// - Throws: ``AmenderError`` `.alreadyPresent` when one of them is already in the package,
    ///   `.changedDuringVerification` when the package is no longer what was verified,
    ///   `.writeFailed` otherwise; the package is then unchanged.
    func append(_ files: [PackageFile], modificationTime: Timestamp, to verified: VerifiedPackage) throws {
        let report = verified.report
        do {
            try PackageRewriter(source: target, destination: target).append(
                files, modificationTime: modificationTime.seconds, verified: verified.contents)
        } catch let error as PackagerError where error.code == .invalidOption {
            throw AmenderError(.alreadyPresent, error.reason, cause: error, report: report)
        } catch let error as PackagerError where error.code == .sourceChanged {
            throw AmenderError(.changedDuringVerification, "\(path) changed after it was verified; nothing was added", cause: error, report: report)
        } catch {
            throw AmenderError(.writeFailed, "could not amend \(path)", cause: error, report: report)
        }
    }
}
