import RialFormat
import RialCrypto

/// The custody log (`rial/custody/`), judged event by event (`schema/SPEC.md` §15.6): each
/// file parsed strictly, linked to the one before by hash and to this package's
/// `rial/manifest.json` at its start, numbered without gaps, in time order, the capture app's
/// events matching the app's own log, and every signature valid with a signer who is the
/// event's actor. Every finding about an event carries its `seq`.
///
/// ``CustodyCheck`` reports the findings; ``summary`` feeds the report and `rial custody show`.
struct CustodyEvaluation {
    private(set) var results: [CheckResult] = []
    private(set) var warnings: [String] = []
    private(set) var summary: CustodySummary?

    /// An event file as read: its seq from the file name, its bytes, hash and parsed event.
    private struct EventFile {
        let seq: Int64
        let path: String
        /// `nil` when the file was not kept for reading (too large for the verifier's limits).
        let bytes: [UInt8]?
        let sha256: String?
        /// The strict parse, once; `nil` when there were no bytes.
        let parsed: Result<CustodyEvent, FormatError>?

        var event: CustodyEvent? { try? parsed?.get() }
    }

    init(_ context: VerificationContext, policy: VerificationPolicy, limits: VerificationLimits) {
        guard context.profile == .package || context.manifest != nil else { return }
        var events: [Int64: String] = [:]
        var signatures: [Int64: String] = [:]
        let paths = context.inventory.files.keys.filter { $0.hasPrefix(PackageLayout.custodyDirectory) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for path in paths {
            switch CustodyLogLayout.parse(path) {
            case (let seq, .event)?: events[seq] = path
            case (let seq, .signature)?: signatures[seq] = path
            case nil:
                results.append(.fail("custody.unexpected-file", path, "rial/custody/ holds only NNNNNN.json event files and their NNNNNN.p7s signatures; this file belongs to no event and nothing checks it"))
            }
        }
        for (seq, path) in signatures.sorted(by: { $0.key < $1.key }) where events[seq] == nil {
            results.append(.fail("custody.signature.orphan", path, "a signature for event \(seq), which is not in the log: the event was removed", seq: seq))
        }
        guard !events.isEmpty else {
            results.append(.fail("custody.missing", PackageLayout.custodyDirectory,
                                 "the package has no custody log; rial pack always begins one (the capture app's events and a PACKAGED event), so it was stripped or the package was made by another tool"))
            summary = CustodySummary(state: .missing, entries: [], firstBrokenSeq: nil)
            return
        }
        guard events.count <= limits.maxCustodyEvents else {
            results.append(.fail("custody.limit", PackageLayout.custodyDirectory,
                                 "the log has \(events.count) events; this verifier judges at most \(limits.maxCustodyEvents)"))
            summary = CustodySummary(state: .broken, entries: [], firstBrokenSeq: nil)
            return
        }
        let files = events.sorted { $0.key < $1.key }.map { seq, path in Self.read(seq: seq, path: path, context) }
        // Findings against the capture app's log, filed under their event so each event's
        // verdict (and its line in the timeline) includes them.
        var appFindings: [Int64: [CheckResult]] = [:]
        var logWide: [CheckResult] = []
        for finding in judgeAgainstAppLog(files, context) {
            if let seq = finding.seq, events[seq] != nil { appFindings[seq, default: []].append(finding) } else { logWide.append(finding) }
        }
        var entries: [CustodyEntry] = []
        var fingerprints: [Int64: String] = [:]
        var state = LogState(context: context)
        for file in files {
            var found = judgeEvent(file, &state, context) + (appFindings[file.seq] ?? [])
            let signature = judgeSignature(file, path: signatures[file.seq], anchors: policy.sealAnchors, context)
            found += signature.results
            if signature.state == .validTrusted || signature.state == .validUntrusted { fingerprints[file.seq] = signature.fingerprint }
            if let forced = file.event?.forced {
                warnings.append("custody event \(file.seq) was appended with --force to a package whose verification then gave \(forced.verdict) (\(forced.failedChecks.joined(separator: ", ")))")
            }
            let problems = found.filter { $0.status == .fail }.map(\.code.rawValue)
            if problems.isEmpty, let event = file.event {
                let signed = signature.state == .missing ? "unsigned" : "signed by \(signature.signer ?? "?")"
                let origin = event.imported.map { _ in ", matching the capture app's log" } ?? ""
                results.append(.pass("custody.event", file.path,
                                     "\(event.action.rawValue) at \(event.timestamp.rfc3339) by \(event.actor.summary), \(signed): parsed, linked to \(file.seq == 1 ? "rial/manifest.json" : "event \(file.seq - 1)"), in order\(origin)", seq: file.seq))
            }
            results += found
            entries.append(CustodyEntry(seq: file.seq, path: file.path, sha256: file.sha256, event: file.event, signature: signature.state,
                                        signaturePath: signatures[file.seq], signerSubject: signature.signer, problems: problems))
        }
        results += logWide
        results += judgeSealRecord(entries, fingerprints: fingerprints, context)
        results += judgeHead(files, policy: policy)

        let failed = results.filter { $0.status == .fail }
        let summary = CustodySummary(state: failed.isEmpty ? .intact : .broken, entries: entries, firstBrokenSeq: failed.compactMap(\.seq).min())
        if failed.isEmpty, let head = files.last {
            results.append(.pass("custody.chain", PackageLayout.custodyDirectory,
                                 "\(files.count) events linked from rial/manifest.json to the head, event \(head.seq) (SHA-256 \(head.sha256 ?? "?")): \(summary.importedCount) imported from the capture device and matching its log, \(summary.signedCount) signed"))
        }
        self.summary = summary
    }

    private static func read(seq: Int64, path: String, _ context: VerificationContext) -> EventFile {
        let bytes = context.bytes(path)
        let sha256 = context.inventory.files[path]?.digests[.sha256]
        let parsed = bytes.map { bytes in
            Result { () throws(FormatError) -> CustodyEvent in try CustodyEvent(json: StrictJSONParser.parse(bytes), path: path) }
        }
        return EventFile(seq: seq, path: path, bytes: bytes, sha256: sha256, parsed: parsed)
    }

    // MARK: - One event

    /// What the events before this one established.
    private struct LogState {
        let manifestSHA256: String?
        let packageID: String?
        let verificationTime: Timestamp
        var previousFile: EventFile?
        var previousTime: Timestamp?
        var expectedSeq: Int64 = 1
        var ids: [String: Int64] = [:]
        var linkedFrom: [String: Int64] = [:]
        var hashes: [String: Int64] = [:]

        init(context: VerificationContext) {
            manifestSHA256 = context.inventory.files[PackageLayout.manifest]?.digests[.sha256]
            if case .success(let manifest)? = context.manifest { packageID = manifest.packageID.rawValue } else { packageID = nil }
            verificationTime = context.verificationTime
        }
    }

    private func judgeEvent(_ file: EventFile, _ state: inout LogState, _ context: VerificationContext) -> [CheckResult] {
        var found: [CheckResult] = []
        func fail(_ code: String, _ message: String, expected: String? = nil, actual: String? = nil) {
            found.append(.fail(code, file.path, message, expected: expected, actual: actual, seq: file.seq))
        }
        defer {
            state.previousFile = file
            state.expectedSeq = file.seq + 1
            if let sha = file.sha256 { state.hashes[sha] = file.seq }
        }
        if file.seq > state.expectedSeq {
            let missing = state.expectedSeq == file.seq - 1 ? "event \(state.expectedSeq) is" : "events \(state.expectedSeq) to \(file.seq - 1) are"
            fail("custody.seq.gap", "\(missing) missing: the numbering jumps to \(file.seq); events were removed")
        }
        guard let parsed = file.parsed else {
            fail("custody.event.malformed", "the event file was not kept for reading: it is larger than the verifier reads, or the package's small files together exceed the verifier's budget (an event is a few hundred bytes)")
            return found
        }
        let event: CustodyEvent
        do {
            event = try parsed.get()
        } catch {
            fail("custody.event.malformed", "not a custody event: \(error.reason)")
            return found
        }
        if event.seq != file.seq {
            fail("custody.seq.mismatch", "the event says it is event \(event.seq) but is stored as \(file.path): renamed or moved",
                 expected: String(file.seq), actual: String(event.seq))
        }
        // The link: to the manifest for the first file, else to the file before.
        if file.seq == 1 {
            if let manifest = state.manifestSHA256, event.previous != manifest {
                fail("custody.binding.mismatch", "the log does not start from this package: the first event's previous is not the SHA-256 of rial/manifest.json; the log was taken from another package, or the manifest changed",
                     expected: manifest, actual: event.previous)
            }
        } else if let before = state.previousFile, let expected = before.sha256, event.previous != expected {
            var why = "an event before it was edited, removed, inserted or reordered"
            if let named = state.hashes[event.previous] { why = "it names event \(named) instead of event \(before.seq): events were removed, inserted or reordered" }
            if event.previous == state.manifestSHA256 { why = "it names rial/manifest.json, as only the first event may" }
            fail("custody.link.broken", "previous is not the SHA-256 of \(before.path): \(why)", expected: expected, actual: event.previous)
        } else if file.seq != 1, state.previousFile == nil {
            fail("custody.link.broken", "there is no event before it to link to: the log's first events were removed")
        }
        if let other = state.linkedFrom[event.previous] {
            fail("custody.fork", "event \(other) already names the same previous event: the log forks, two events claim the same place")
        } else {
            state.linkedFrom[event.previous] = file.seq
        }
        if let other = state.ids[event.id] {
            fail("custody.id.duplicate", "id \(event.id) is already the id of event \(other): an event was copied")
        } else {
            state.ids[event.id] = file.seq
        }
        if let packageID = state.packageID, event.packageID.rawValue != packageID {
            fail("custody.package.mismatch", "the event names package \(event.packageID.rawValue), not this one: it was taken from another package's log",
                 expected: packageID, actual: event.packageID.rawValue)
        }
        if let before = state.previousTime, event.timestamp < before {
            fail("custody.time.backwards", "the event's time is before the previous event's: events are recorded in time order, so one was back-dated, edited or reordered",
                 expected: "no earlier than \(before.rfc3339)", actual: event.timestamp.rfc3339)
        }
        if event.timestamp > state.verificationTime {
            fail("custody.time.future", "the event's time is after the verification time: a clock was wrong, or the time was made up",
                 expected: "no later than \(state.verificationTime.rfc3339)", actual: event.timestamp.rfc3339)
        }
        state.previousTime = max(state.previousTime ?? event.timestamp, event.timestamp)
        return found
    }

    // MARK: - Signatures

    private struct SignatureOutcome {
        var results: [CheckResult] = []
        var state: SignatureState = .missing
        var signer: String?
        var fingerprint: String?
    }

    private func judgeSignature(_ file: EventFile, path: String?, anchors: [Certificate], _ context: VerificationContext) -> SignatureOutcome {
        var outcome = SignatureOutcome()
        let claimed = file.event?.actor.certificateSHA256
        guard let path else {
            if claimed != nil {
                outcome.results.append(.fail("custody.signature.missing", CustodyLogLayout.signaturePath(seq: file.seq),
                                             "the event names the certificate that signed it, but its signature file is missing: the signature was removed", seq: file.seq))
                outcome.state = .invalid
            } else if let event = file.event, event.imported == nil {
                outcome.results.append(.notPresent("custody.signature", file.path,
                                                   "the event is not signed: that \(event.actor.name) recorded it rests on the event's own word", seq: file.seq))
            }
            return outcome
        }
        guard let event = file.event, let bytes = file.bytes, let digest = file.sha256.flatMap(Hex.decode) else {
            outcome.results.append(.notChecked("custody.signature", path, "the event it signs could not be read, so there is nothing to check it against", seq: file.seq))
            outcome.state = .invalid
            return outcome
        }
        let judge = DetachedSignatureJudge(code: "custody", fileCode: "custody.signature-file", path: path, name: "the signature of event \(file.seq)",
                                           contentName: file.path, mismatchHint: "the event was edited after signing, or the signature belongs to another event",
                                           seq: file.seq)
        let signature = judge.judgeSignature(context.bytes(path), content: (bytes, digest))
        outcome.results += signature.results
        outcome.signer = signature.parsed?.signer.subject
        outcome.fingerprint = signature.parsed?.signer.fingerprintSHA256
        guard let parsed = signature.parsed, signature.isValid else {
            outcome.state = .invalid
            return outcome
        }
        if let mismatch = Self.identityMismatch(parsed.signer, event.actor) {
            outcome.results.append(.fail("custody.signer.mismatch", path,
                                         "the signer is not the event's actor: \(mismatch); the signature was replaced by someone else's, or the actor edited", seq: file.seq))
            outcome.state = .invalid
            return outcome
        }
        // Events carry no trusted time. A certificate valid at the verification time is judged
        // then, as a seal without a timestamp is; one that has expired since is judged at the
        // signing time the signature claims (else the event's stated time), so a hand-over
        // signed years ago stays valid, and the report says this rests on the signer's word.
        // (The claimed signing time, not the event's: PACKAGED states the package's creation
        // time, which `--created` may set before the certificate existed.)
        let now = context.verificationTime.seconds
        let signer = parsed.signer
        let validNow = (signer.notBefore.map { $0 <= now } ?? true) && (signer.notAfter.map { $0 >= now } ?? true)
        let claimedTime = parsed.claimedSigningTime ?? event.timestamp.seconds
        let claimedWhat = parsed.claimedSigningTime == nil ? "the event's stated time (the signature claims no signing time)" : "the signing time the signature claims"
        let judgedAt = validNow ? now : claimedTime
        let why = validNow ? "the verification time (custody events carry no trusted timestamp)"
                           : "\(claimedWhat), as the certificate is no longer valid (custody events carry no trusted timestamp)"
        // An event that states a time after its certificate expired was signed with a retired
        // key, whatever signing time the signature claims.
        if !validNow, let notAfter = signer.notAfter, event.timestamp.seconds > notAfter {
            outcome.results.append(.fail("custody.certificate.expired", path,
                "the event states \(event.timestamp.rfc3339), after its signer's certificate expired on \(Timestamp(seconds: notAfter).rfc3339): it was signed with a retired key", seq: file.seq))
            outcome.state = .invalid
            return outcome
        }
        let trust = judge.judgeCertificates(parsed, anchors: anchors, judgedAt: judgedAt, why: why)
        outcome.results += trust.results
        outcome.state = trust.state
        if !validNow, trust.state != .invalid {
            outcome.results.append(.notChecked("custody.signing-time", path,
                "the signer's certificate is not valid at the verification time (valid \(Self.validity(signer))); it was at \(claimedWhat), \(Timestamp(seconds: claimedTime).rfc3339), but nothing proves the event was signed then", seq: file.seq))
        }
        return outcome
    }

    /// Why the certificate does not name the actor, or `nil` when it does: the actor's name
    /// is the certificate's one CN, its organisation (when given) the certificate's one O, and
    /// the event names the certificate by its SHA-256.
    private static func identityMismatch(_ signer: Certificate, _ actor: CustodyActor) -> String? {
        var problems: [String] = []
        if actor.certificateSHA256 != signer.fingerprintSHA256 {
            problems.append(actor.certificateSHA256.map { "the event names certificate \($0), but \(signer.fingerprintSHA256) signed it" }
                            ?? "the event does not name the certificate that signed it (actor.certificate_sha256)")
        }
        switch signer.subjectCommonName {
        case nil: problems.append("the certificate \(signer.subject) has no single CN, so it names no person to match the actor \"\(actor.name)\"")
        case let name? where name != actor.name: problems.append("the actor is \"\(actor.name)\" but the certificate's CN is \"\(name)\"")
        default: break
        }
        if let claimed = actor.organisation, signer.subjectOrganization != claimed {
            problems.append(signer.subjectOrganization.map { "the actor's organisation is \"\(claimed)\" but the certificate's O is \"\($0)\"" }
                            ?? "the actor's organisation \"\(claimed)\" is not attested by the certificate, which has no single O")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    private static func validity(_ certificate: Certificate) -> String {
        let from = certificate.notBefore.map { Timestamp(seconds: $0).rfc3339 } ?? "?"
        let to = certificate.notAfter.map { Timestamp(seconds: $0).rfc3339 } ?? "?"
        return "\(from) to \(to)"
    }

    /// A sealed package's sealing is on the record: the PACKAGED event (sealed while packing)
    /// or a SEALED event (`rial seal`) is signed by the seal's own certificate. Otherwise the
    /// signature of that event was stripped or replaced, and its actor could say anything.
    private func judgeSealRecord(_ entries: [CustodyEntry], fingerprints: [Int64: String], _ context: VerificationContext) -> [CheckResult] {
        guard let seal = context.sealEvaluation?.seal, seal.state == .validTrusted || seal.state == .validUntrusted,
              let sealer = seal.signerFingerprint else { return [] }
        let recorded = entries.contains { entry in
            guard let action = entry.event?.action, action == .packaged || action == .sealed else { return false }
            return fingerprints[entry.seq] == sealer
        }
        guard !recorded else { return [] }
        return [.fail("custody.seal.unrecorded", PackageLayout.custodyDirectory,
                      "the package is sealed, but no PACKAGED or SEALED event is signed by the seal's certificate (SHA-256 \(sealer)): the sealing event's signature was stripped or replaced")]
    }

    // MARK: - The capture app's events and PACKAGED

    /// The first events must be the capture app's log, entry by entry, and the next PACKAGED:
    /// the app's log is payload, covered by the manifest and the seal, so this also proves the
    /// log was not cut back to before packaging.
    private func judgeAgainstAppLog(_ files: [EventFile], _ context: VerificationContext) -> [CheckResult] {
        var found: [CheckResult] = []
        var app: [AppCustodyLog.Entry] = []
        if context.has(AppCustodyLog.path) {
            do {
                guard let bytes = context.bytes(AppCustodyLog.path) else { throw FormatError(.limitExceeded, "too large to read") }
                app = try AppCustodyLog(json: StrictJSONParser.parse(bytes)).entries
            } catch {
                let reason = (error as? FormatError)?.reason ?? "\(error)"
                return [.fail("custody.import.unreadable", AppCustodyLog.path, "the capture app's custody log cannot be read, so the imported events cannot be checked against it: \(reason)")]
            }
        }
        let bySeq = Dictionary(files.map { ($0.seq, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, entry) in app.enumerated() {
            let seq = Int64(index + 1)
            guard let file = bySeq[seq], let event = file.event else { continue }
            guard let imported = event.imported else {
                found.append(.fail("custody.import.missing", file.path, "the capture app's log has \(app.count) events, which the package log must carry first; event \(seq) is not the app's entry \(seq)", seq: seq))
                continue
            }
            var differences: [String] = []
            if imported.source != AppCustodyLog.path || imported.entry != seq { differences.append("it names \(imported.source) entry \(imported.entry)") }
            if event.action != entry.action { differences.append("action \(event.action.rawValue) ≠ \(entry.action.rawValue)") }
            if event.timestamp != entry.timestamp { differences.append("time \(event.timestamp.rfc3339) ≠ \(entry.timestamp.rfc3339)") }
            if event.details != entry.details { differences.append("details differ") }
            if event.actor != AppCustodyLog.actor(for: entry) { differences.append("actor differs from the device \(entry.userIdentifier)") }
            if event.location != nil || event.forced != nil { differences.append("it carries a location or forced record the app's entry does not have") }
            if let manifest = context.inventory.files[PackageLayout.manifest]?.digests[.sha256],
               let id = try? CustodyEvent.derivedID(manifestSHA256: manifest, seq: seq, sha256: { try StreamingDigest.digest(.sha256, of: $0) }),
               event.id != id {
                differences.append("its id is not the one rial pack derives (\(id))")
            }
            if !differences.isEmpty {
                found.append(.fail("custody.import.mismatch", file.path, "the event does not match entry \(seq) of the capture app's log: \(differences.joined(separator: "; "))", seq: seq))
            }
        }
        let packagedSeq = Int64(app.count + 1)
        for file in files {
            guard let event = file.event else { continue }
            if event.imported != nil, file.seq > Int64(app.count) {
                found.append(.fail("custody.import.mismatch", file.path, "the event claims to come from the capture app's log, which has only \(app.count) events", seq: file.seq))
            } else if event.imported == nil, event.action.isCaptureAppAction {
                found.append(.fail("custody.action.misplaced", file.path, "\(event.action.rawValue) is recorded only by the capture app and arrives imported; an appended event cannot claim it", seq: file.seq))
            } else if event.action == .packaged, file.seq != packagedSeq {
                found.append(.fail("custody.action.misplaced", file.path, "PACKAGED is the event right after the capture app's \(app.count) events (event \(packagedSeq)), once", seq: file.seq))
            }
        }
        if let last = files.last, last.seq < packagedSeq {
            found.append(.fail("custody.truncated", PackageLayout.custodyDirectory,
                               "the log ends at event \(last.seq), before its PACKAGED event \(packagedSeq): events were removed from its end", seq: last.seq))
        } else if let packaged = bySeq[packagedSeq], let event = packaged.event {
            if event.action != .packaged || event.imported != nil {
                found.append(.fail("custody.packaged.missing", packaged.path, "event \(packagedSeq), right after the capture app's events, must be PACKAGED", seq: packagedSeq))
            } else if case .success(let manifest)? = context.manifest, event.timestamp != manifest.created {
                found.append(.fail("custody.packaged.time", packaged.path, "the PACKAGED event's time is not the package's creation time (created in rial/manifest.json)",
                                   expected: manifest.created.rfc3339, actual: event.timestamp.rfc3339, seq: packagedSeq))
            }
        }
        return found
    }

    // MARK: - The head

    /// Whether the newest events are all there. The package alone cannot prove it (dropping
    /// the last events and their tag-manifest lines leaves a consistent log), so it needs the
    /// head a receiver recorded (`--custody-head`).
    private func judgeHead(_ files: [EventFile], policy: VerificationPolicy) -> [CheckResult] {
        guard let recorded = policy.custodyHead?.lowercased() else {
            return [.notChecked("custody.head", PackageLayout.custodyDirectory,
                                "whether events were removed from the end of the log cannot be told from the package alone (anyone can drop the newest events with their tag-manifest lines); give the head SHA-256 recorded at the last hand-over with --custody-head to check it")]
        }
        guard let match = files.first(where: { $0.sha256 == recorded }) else {
            return [.fail("custody.truncated", PackageLayout.custodyDirectory,
                          "no event of this log has the SHA-256 given with --custody-head: events were removed since it was recorded, or the log was replaced",
                          expected: recorded, actual: files.last?.sha256)]
        }
        let after = files.count - 1 - (files.firstIndex { $0.seq == match.seq } ?? 0)
        return [.pass("custody.head", match.path, "the log still holds the event recorded at hand-over (event \(match.seq)) and \(after) after it", seq: match.seq)]
    }
}
