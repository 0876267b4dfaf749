import RialFormat

/// Each event parsed, numbered without gaps, linked by SHA-256 to the event before it (the
/// first to `rial/manifest.json`), never forked or copied, bound to this package, and in time
/// order no later than the verification time (`schema/SPEC.md` §15.6).
struct CustodyLinkCheck: CustodyLogCheck {
    /// What the events before the one being judged established.
    private struct Walk {
        var previousFile: CustodyEventFile?
        var previousTime: Timestamp?
        var expectedSeq: Int64 = 1
        var ids: [String: Int64] = [:]
        var linkedFrom: [String: Int64] = [:]
        var hashes: [String: Int64] = [:]
    }

    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult] {
        var walk = Walk()
        return log.files.flatMap { judge($0, &walk, context) }
    }

    private func judge(_ file: CustodyEventFile, _ walk: inout Walk, _ context: VerificationContext) -> [CheckResult] {
        var found: [CheckResult] = []
        func fail(_ code: CheckResult.Code, _ message: String, expected: String? = nil, actual: String? = nil) {
            found.append(.fail(code, file.path, message, expected: expected, actual: actual, seq: file.seq))
        }
        defer {
            walk.previousFile = file
            walk.expectedSeq = file.seq + 1
            if let sha = file.sha256 { walk.hashes[sha] = file.seq }
        }
        if file.seq > walk.expectedSeq {
            let missing = walk.expectedSeq == file.seq - 1 ? "event \(walk.expectedSeq) is" : "events \(walk.expectedSeq) to \(file.seq - 1) are"
            fail(.custodySeqGap, "\(missing) missing: the numbering jumps to \(file.seq); events were removed")
        }
        guard let parsed = file.parsed else {
            fail(
                .custodyEventMalformed,
                "the event file was not kept for reading: it is larger than the verifier reads, or the package's small files together exceed the verifier's budget (an event is a few hundred bytes)"
            )
            return found
        }
        let event: CustodyEvent
        do {
            event = try parsed.get()
        } catch {
            fail(.custodyEventMalformed, "not a custody event: \(error.reason)")
            return found
        }
        if event.seq != file.seq {
            fail(
                .custodySeqMismatch, "the event says it is event \(event.seq) but is stored as \(file.path): renamed or moved",
                expected: String(file.seq), actual: String(event.seq))
        }
        let manifestSHA256 = context.manifestSHA256
        // The link: to the manifest for the first file, else to the file before.
        if file.seq == 1 {
            if let manifest = manifestSHA256, event.previous != manifest {
                fail(
                    .custodyBindingMismatch,
                    "the log does not start from this package: the first event's previous is not the SHA-256 of rial/manifest.json; the log was taken from another package, or the manifest changed",
                    expected: manifest, actual: event.previous)
            }
        } else if let before = walk.previousFile, let expected = before.sha256, event.previous != expected {
            var why = "an event before it was edited, removed, inserted or reordered"
            if let named = walk.hashes[event.previous] {
                why = "it names event \(named) instead of event \(before.seq): events were removed, inserted or reordered"
            }
            if event.previous == manifestSHA256 { why = "it names rial/manifest.json, as only the first event may" }
            fail(.custodyLinkBroken, "previous is not the SHA-256 of \(before.path): \(why)", expected: expected, actual: event.previous)
        } else if file.seq != 1, walk.previousFile == nil {
            fail(.custodyLinkBroken, "there is no event before it to link to: the log's first events were removed")
        }
        if let other = walk.linkedFrom[event.previous] {
            fail(.custodyFork, "event \(other) already names the same previous event: the log forks, two events claim the same place")
        } else {
            walk.linkedFrom[event.previous] = file.seq
        }
        if let other = walk.ids[event.id] {
            fail(.custodyIdDuplicate, "id \(event.id) is already the id of event \(other): an event was copied")
        } else {
            walk.ids[event.id] = file.seq
        }
        if let packageID = context.parsedManifest?.packageID.rawValue, event.packageID.rawValue != packageID {
            fail(
                .custodyPackageMismatch, "the event names package \(event.packageID.rawValue), not this one: it was taken from another package's log",
                expected: packageID, actual: event.packageID.rawValue)
        }
        if let before = walk.previousTime, event.timestamp < before {
            fail(
                .custodyTimeBackwards,
                "the event's time is before the previous event's: events are recorded in time order, so one was back-dated, edited or reordered",
                expected: "no earlier than \(before.rfc3339)", actual: event.timestamp.rfc3339)
        }
        if event.timestamp > context.verificationTime {
            fail(
                .custodyTimeFuture, "the event's time is after the verification time: a clock was wrong, or the time was made up",
                expected: "no later than \(context.verificationTime.rfc3339)", actual: event.timestamp.rfc3339)
        }
        walk.previousTime = max(walk.previousTime ?? event.timestamp, event.timestamp)
        return found
    }
}
