import RialFormat
import RialCrypto

/// Writes custody events: the event file and, when someone signs, its detached signature
/// (`schema/SPEC.md` §15.5), made by the same mechanism as the seal.
package struct CustodyRecorder: Sendable {
    /// Who signs the events; `nil` for unsigned events.
    package let signer: Sealer?

    package init(signer: Sealer?) {
        self.signer = signer
    }

    /// The actor of a signed event must be the certificate's subject, and names the
    /// certificate, because the verifier checks exactly that (`custody.signer.mismatch`).
    /// - Parameter given: the actor as given; without a name, a signer's CN names it (and its
    ///   O the organisation).
    /// - Returns: the actor, with the certificate's fingerprint when signing.
    /// - Throws: ``PackagerError`` `.invalidOption` when the given name or organisation
    ///   disagrees with the certificate, or there is neither an actor nor a certificate CN.
    package func actor(_ given: CustodyActor?) throws -> CustodyActor {
        guard let signer else {
            guard let given, !given.name.isEmpty else { throw PackagerError(.invalidOption, "a custody event needs an actor name (--actor-name)") }
            return given
        }
        let certificate = signer.signer.certificate
        guard let commonName = certificate.subjectCommonName else {
            throw PackagerError(
                .invalidOption,
                "the certificate \(certificate.subject) has no single CN; a signed custody event names its signer by the certificate's CN, so use a certificate that has one"
            )
        }
        var actor = given ?? CustodyActor(name: "")
        if actor.name.isEmpty { actor.name = commonName }
        guard actor.name == commonName else {
            throw PackagerError(
                .invalidOption,
                "the actor name \"\(actor.name)\" is not the certificate's CN \"\(commonName)\"; a signed event's actor is whoever holds the key (leave out --actor-name to use the CN)"
            )
        }
        if let claimed = actor.organisation, claimed != certificate.subjectOrganization {
            throw PackagerError(
                .invalidOption,
                certificate.subjectOrganization.map { "the organisation \"\(claimed)\" is not the certificate's O \"\($0)\"" }
                    ?? "the certificate \(certificate.subject) has no single O to attest the organisation \"\(claimed)\"; leave out --organization")
        }
        if actor.organisation == nil { actor.organisation = certificate.subjectOrganization }
        actor.certificateSHA256 = certificate.fingerprintSHA256
        return actor
    }

    /// The event's file, and its signature when there is a signer.
    /// - Throws: ``PackagerError`` `.invalidOption` for text the format does not allow,
    ///   `.writeFailed` when signing fails.
    package func files(for event: CustodyEvent) throws -> [PackageFile] {
        let bytes = event.bytes()
        // What is written must read back: the verifier parses every event strictly.
        do {
            _ = try CustodyEvent(json: StrictJSONParser.parse(bytes), path: CustodyLogLayout.eventPath(seq: event.seq))
        } catch {
            throw PackagerError(.invalidOption, "the custody event would not be valid", cause: error)
        }
        var files = [PackageFile(path: CustodyLogLayout.eventPath(seq: event.seq), bytes: bytes)]
        if let signer {
            files.append(PackageFile(path: CustodyLogLayout.signaturePath(seq: event.seq), bytes: try signer.sign(bytes, what: "custody event \(event.seq)")))
        }
        return files
    }

    /// The event that follows `head` (the first, linked to the manifest, when there is none),
    /// with a fresh random id.
    /// - Throws: ``PackagerError`` `.invalidOption` when `time` is before the head's time (events
    ///   are in time order), `.invalidCapture` when the log is full.
    package static func next(
        after head: PackageTagFiles.CustodyHead?, manifestSHA256: String, packageID: PackageID, time: Timestamp,
        action: CustodyAction, actor: CustodyActor, details: String, location: String? = nil,
        forced: CustodyEvent.Forced? = nil
    ) throws -> CustodyEvent {
        let seq = (head?.seq ?? 0) + 1
        guard seq <= Int64(CustodyEvent.maxEvents) else {
            throw PackagerError(.invalidCapture, "the custody log is full (\(CustodyEvent.maxEvents) events, the most a verifier judges)")
        }
        if let head, let last = head.event?.timestamp, time < last {
            throw PackagerError(
                .invalidOption, "the event's time \(time.rfc3339) is before event \(head.seq) (\(last.rfc3339)); events are recorded in time order")
        }
        return CustodyEvent(
            seq: seq, id: UUIDText.random(), timestamp: time, action: action, actor: actor, details: details,
            location: location, packageID: packageID, previous: head?.sha256 ?? manifestSHA256, forced: forced)
    }

    /// The deterministic id of an event written while packing (``CustodyEvent/derivedID``).
    static func derivedID(manifestSHA256: String, seq: Int64) throws -> String {
        guard let id = try CustodyEvent.derivedID(manifestSHA256: manifestSHA256, seq: seq, sha256: { try StreamingDigest.digest(.sha256, of: $0) }) else {
            throw PackagerError(.internalInconsistency, "no id derived for custody event \(seq)")
        }
        return id
    }
}
