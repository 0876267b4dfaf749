import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

extension PackageAmender {
    /// Appends an event to the package's custody log, linked to the last one by its SHA-256.
    /// - Parameters:
    ///   - draft: what happened, who did it, when.
    ///   - signer: signs the event when given; the actor is then the certificate's subject.
    ///   - now: the current time: the event may not be later, the new entries' mtime, the
    ///     time the signer's certificate is judged at. Once the lock is held, ``clock`` (when
    ///     set) is read again: the event and the verification are then at the later time.
    ///   - force: append to a package whose verdict is `fail` too; the event then records
    ///     the verdict and the failing checks. A package that cannot be verified is refused
    ///     even so.
    ///   - progress: called as the package is read for verification.
    /// - Returns: the event, its SHA-256 (the new head) and the verification it rests on.
    /// - Throws: ``AmenderError`` `.invalidSigner` (certificate not valid at `now`, or without a
    ///   single CN) or `.invalidEvent` (action, actor, time) before anything is read;
    ///   `.verificationFailed` (without `force`), `.unverifiable`, `.unreadablePackage`,
    ///   `.changedDuringVerification`, `.noPackageIdentity`, `.invalidEvent` (the time is
    ///   before the last event's, or the text is not allowed), `.alreadyPresent`,
    ///   `.writeFailed` (the log is full, signing or writing failed).
    ///   - staples: revocation evidence to staple (`--revocation`, §14.11), named in the event's details.
    public func appendCustodyEvent(
        _ draft: CustodyEventDraft, signedBy signer: Sealer? = nil, at now: Timestamp,
        force: Bool = false, stapling staples: [RevocationStaple] = [], progress: Verifier.Progress? = nil
    ) throws -> CustodyReceipt {
        let recorder = CustodyRecorder(signer: signer)
        let actor: CustodyActor
        do {
            try signer?.checkUsable(at: now)
        } catch {
            throw AmenderError(.invalidSigner, Self.reason(error), cause: error)
        }
        do {
            actor = try recorder.actor(draft.actor)
        } catch {
            // Without a name to take, or one the certificate does not attest.
            throw AmenderError(
                signer != nil && signer?.signer.certificate.subjectCommonName == nil ? .invalidSigner : .invalidEvent,
                Self.reason(error), cause: error)
        }
        guard CustodyAction.appendable.contains(draft.action) else {
            throw AmenderError(.invalidEvent, "\(draft.action.rawValue) events are written by the capture app or while packing, never appended")
        }
        if let stated = draft.time, stated > now {
            throw AmenderError(.invalidEvent, "the event's time \(stated.rfc3339) is in the future; a custody event records what has happened")
        }
        return try whileLocked(at: now, acceptingFailure: force, progress: progress) { now, verified in
            let (report, tags) = (verified.report, verified.tags)
            let time = draft.time ?? now
            let (packageID, manifestSHA256) = try packageID(in: report)
            let forced =
                report.verdict == .pass
                ? nil
                : CustodyEvent.Forced(verdict: report.verdict.rawValue, failedChecks: Array(Set(report.failures.map(\.code.rawValue))).sorted())
            let event: CustodyEvent
            let files: [PackageFile]
            let stapled = Self.new(staples, in: tags)
            do {
                // verifiedTagFiles checked the head is the verified one: the event links to what was verified.
                event = try CustodyRecorder.next(
                    after: tags.custodyHead, manifestSHA256: manifestSHA256, packageID: packageID, time: time,
                    action: draft.action, actor: actor, details: draft.details + RevocationStaple.record(stapled), location: draft.location,
                    forced: forced)
                files = stapled.map { PackageFile(path: $0.path, bytes: $0.bytes) } + (try recorder.files(for: event))
            } catch let error as PackagerError where error.code == .invalidOption {
                throw AmenderError(.invalidEvent, error.reason, cause: error, report: report)
            } catch {
                throw AmenderError(.writeFailed, "could not record the custody event in \(path)", cause: error, report: report)
            }
            // The event file is written as event.bytes(): its digest is the new head, taken before
            // the write so a receipt never names an empty head.
            let head: String
            do {
                head = Hex.encode(try StreamingDigest.digest(.sha256, of: event.bytes()))
            } catch {
                throw AmenderError(.writeFailed, "could not take the SHA-256 of the new event", cause: error, report: report)
            }
            try append(files, modificationTime: now, to: verified)
            return CustodyReceipt(
                report: report, event: event, headSHA256: head, signer: signer?.signer.certificate.subject,
                addedPaths: files.map(\.path))
        }
    }
}
