import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

extension PackageAmender {
    /// Seals the package: a detached CMS signature over the exact bytes of its
    /// `rial/manifest.json`, and a SEALED custody event signed by the same key.
    ///
    /// Nothing the manifest lists changes; only the tag manifests gain lines.
    /// - Parameters:
    ///   - sealer: who signs; the certificate must be valid at `time` and have a single CN,
    ///     which names the SEALED event's actor.
    ///   - time: now: when the certificate is judged, the event's time and the new entries' mtime.
    ///   - progress: called as the package is read for verification.
    /// - Returns: what was added.
    /// - Throws: ``AmenderError`` `.invalidSigner` before anything is read;
    ///   `.verificationFailed`, `.unverifiable`, `.unreadablePackage`,
    ///   `.changedDuringVerification`, `.alreadySealed`, `.noPackageIdentity`, `.invalidEvent`
    ///   (`time` is before the last custody event's), `.alreadyPresent`, `.writeFailed`.
    ///   - staples: revocation evidence to staple (`--revocation`, §14.11); the SEALED event's
    ///     details name each file, under the sealer's signature.
    public func seal(with sealer: Sealer, at time: Timestamp, stapling staples: [RevocationStaple] = [], progress: Verifier.Progress? = nil) throws
        -> SealReceipt
    {
        let recorder = CustodyRecorder(signer: sealer)
        let actor: CustodyActor
        do {
            try sealer.checkUsable(at: time)
            actor = try recorder.actor(nil)
        } catch {
            throw AmenderError(.invalidSigner, Self.reason(error), cause: error)
        }
        return try whileLocked(at: time, progress: progress) { time, verified in
            let (report, tags) = (verified.report, verified.tags)
            if tags.files[PackageLayout.seal] != nil {
                throw AmenderError(.alreadySealed, "\(path) is already sealed; a package is sealed once", report: report)
            }
            // verifiedTagFiles found the manifest and checked it hashes to the verified fingerprint.
            let manifest = tags.files[PackageLayout.manifest] ?? []
            let (packageID, manifestSHA256) = try packageID(in: report)
            let files: [PackageFile]
            let event: CustodyEvent
            let stapled = Self.new(staples, in: tags)
            do {
                let seal = try sealer.seal(manifest)
                event = try CustodyRecorder.next(
                    after: tags.custodyHead, manifestSHA256: manifestSHA256, packageID: packageID, time: time,
                    action: .sealed, actor: actor,
                    details: "sealed rial/manifest.json (SHA-256 \(manifestSHA256)) with a detached CMS signature, rial/seal/manifest.p7s"
                        + RevocationStaple.record(stapled))
                files =
                    [PackageFile(path: PackageLayout.seal, bytes: seal)] + stapled.map { PackageFile(path: $0.path, bytes: $0.bytes) }
                    + (try recorder.files(for: event))
            } catch let error as PackagerError where error.code == .invalidOption {
                throw AmenderError(.invalidEvent, error.reason, cause: error, report: report)
            } catch {
                throw AmenderError(.writeFailed, "could not seal \(path)", cause: error, report: report)
            }
            try append(files, modificationTime: time, to: verified)
            return SealReceipt(
                report: report, manifestSHA256: manifestSHA256, signer: sealer.signer.certificate.subject,
                event: event, addedPaths: files.map(\.path))
        }
    }

    /// The staples not in the package yet, each once: a file already stapled is the same bytes.
    static func new(_ staples: [RevocationStaple], in tags: PackageTagFiles) -> [RevocationStaple] {
        var seen: Set<String> = []
        return staples.filter { tags.files[$0.path] == nil && seen.insert($0.path).inserted }
    }

    /// The reason of a packager or crypto error, without its code.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as PackagerError: error.reason
        case let error as CryptoError: error.reason
        default: "\(error)"
        }
    }
}
