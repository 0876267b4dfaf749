import RialFormat
import RialCrypto

/// The first events are the capture app's log, entry by entry, and the next is PACKAGED, at
/// the package's creation time. The app's log is payload, covered by the manifest and the
/// seal, so this also proves the log was not cut back to before packaging (§15.4, §15.6).
struct CustodyImportCheck: CustodyLogCheck {
    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult] {
        var app: [AppCustodyLog.Entry] = []
        switch log.appLog {
        case .failure(let error)?:
            return [
                .fail(
                    .custodyImportUnreadable, log.appLogPath,
                    "the capture app's custody log cannot be read, so the imported events cannot be checked against it: \(error.reason)")
            ]
        case .success(let entries)?: app = entries
        case nil: break
        }
        var found: [CheckResult] = []
        var matched = 0
        for (index, entry) in app.enumerated() {
            let seq = Int64(index + 1)
            guard let file = log.file(seq: seq), let event = file.event else { continue }
            guard let imported = event.imported else {
                found.append(
                    .fail(
                        .custodyImportMissing, file.path,
                        "the capture app's log has \(app.count) events, which the package log must carry first; event \(seq) is not the app's entry \(seq)",
                        seq: seq))
                continue
            }
            let differences = Self.differences(
                event, imported: imported, entry: entry, seq: seq, source: log.appLogPath, manifestSHA256: context.manifestSHA256)
            if !differences.isEmpty {
                found.append(
                    .fail(
                        .custodyImportMismatch, file.path,
                        "the event does not match entry \(seq) of the capture app's log: \(differences.joined(separator: "; "))", seq: seq))
                continue
            }
            matched += 1
            // Carried as written; what rial cannot interpret is said, never passed over.
            if entry.action == nil {
                found.append(
                    .notChecked(
                        .custodyImportAppAction, file.path,
                        "the capture app logged \(entry.actionText), an action rial does not interpret: carried as written (imported.app_action), recorded as NOTE; what it attests is not checked",
                        seq: seq))
            }
            if entry.userIdentifier.isEmpty {
                found.append(
                    .notChecked(
                        .custodyImportNoUser, file.path,
                        "the capture app named no user for entry \(seq) (an empty userIdentifier): who did it cannot be checked", seq: seq))
            }
        }
        // Only the four keys are compared: any other key of an entry is named by app.keys.not-checked.
        if !app.isEmpty, matched == app.count {
            found.append(
                .pass(
                    .custodyImport, log.appLogPath,
                    "the package's events 1 to \(app.count) are the capture app's entries [0] to [\(app.count - 1)], each entry's [].timestamp, [].action, [].details and [].userIdentifier as the app wrote them; any other key of an entry is not compared (app.keys.not-checked names it)"
                ))
        }
        let converted = app.filter { $0.date.writtenNumber != nil }
        if let first = converted.first, log.appLog != nil {
            found.append(
                .pass(
                    .custodyImportTimeConverted, log.appLogPath,
                    "\(converted.count) of the app's \(app.count) dates are numbers of seconds since 2001-01-01 (Swift's default date encoding), each converted exactly to RFC 3339 and kept as written in imported.app_timestamp; e.g. \(first.date.shown)"
                ))
        }
        return found + placement(log, appCount: app.count, context)
    }

    private static func differences(
        _ event: CustodyEvent, imported: CustodyEvent.Import, entry: AppCustodyLog.Entry, seq: Int64,
        source: String, manifestSHA256: String?
    ) -> [String] {
        var differences: [String] = []
        let expected = AppCustodyLog.importRecord(source: source, index: seq, entry: entry)
        if imported.source != source || imported.entry != seq { differences.append("it names \(imported.source) entry \(imported.entry)") }
        if event.action != entry.eventAction { differences.append("action \(event.action.rawValue) ≠ \(entry.eventAction.rawValue)") }
        if imported.appAction != expected.appAction { differences.append("app_action \(imported.appAction ?? "absent") ≠ \(expected.appAction ?? "absent")") }
        if imported.appTimestamp != expected.appTimestamp {
            differences.append("app_timestamp \(imported.appTimestamp ?? "absent") ≠ \(expected.appTimestamp ?? "absent")")
        }
        if event.timestamp != entry.timestamp { differences.append("time \(event.timestamp.rfc3339) ≠ \(entry.timestamp.rfc3339)") }
        if event.details != entry.details { differences.append("details differ") }
        if event.actor != AppCustodyLog.actor(for: entry) {
            differences.append("actor differs from the device \(entry.userIdentifier.isEmpty ? "(no user named)" : entry.userIdentifier)")
        }
        if event.location != nil || event.forced != nil { differences.append("it carries a location or forced record the app's entry does not have") }
        if let manifest = manifestSHA256,
            let id = try? CustodyEvent.derivedID(manifestSHA256: manifest, seq: seq, sha256: { try StreamingDigest.digest(.sha256, of: $0) }),
            event.id != id
        {
            differences.append("its id is not the one rial pack derives (\(id))")
        }
        return differences
    }

    /// Only imported events claim the app's actions, and PACKAGED comes once, right after them.
    private func placement(_ log: CustodyLog, appCount: Int, _ context: VerificationContext) -> [CheckResult] {
        var found: [CheckResult] = []
        let packagedSeq = Int64(appCount + 1)
        for file in log.files {
            guard let event = file.event else { continue }
            if event.imported != nil, file.seq > Int64(appCount) {
                found.append(
                    .fail(
                        .custodyImportMismatch, file.path, "the event claims to come from the capture app's log, which has only \(appCount) events",
                        seq: file.seq))
            } else if event.imported == nil, event.action.isCaptureAppAction {
                found.append(
                    .fail(
                        .custodyActionMisplaced, file.path,
                        "\(event.action.rawValue) is recorded only by the capture app and arrives imported; an appended event cannot claim it", seq: file.seq))
            } else if event.action == .packaged, file.seq != packagedSeq {
                found.append(
                    .fail(
                        .custodyActionMisplaced, file.path,
                        "PACKAGED is the event right after the capture app's \(appCount) events (event \(packagedSeq)), once", seq: file.seq))
            }
        }
        if let last = log.files.last, last.seq < packagedSeq {
            found.append(
                .fail(
                    .custodyTruncated, PackageLayout.custodyDirectory,
                    "the log ends at event \(last.seq), before its PACKAGED event \(packagedSeq): events were removed from its end", seq: last.seq))
        } else if let packaged = log.file(seq: packagedSeq), let event = packaged.event {
            if event.action != .packaged || event.imported != nil {
                found.append(
                    .fail(
                        .custodyPackagedMissing, packaged.path, "event \(packagedSeq), right after the capture app's events, must be PACKAGED", seq: packagedSeq
                    ))
            } else if let manifest = context.parsedManifest, event.timestamp != manifest.created {
                found.append(
                    .fail(
                        .custodyPackagedTime, packaged.path, "the PACKAGED event's time is not the package's creation time (created in rial/manifest.json)",
                        expected: manifest.created.rfc3339, actual: event.timestamp.rfc3339, seq: packagedSeq))
            }
        }
        return found
    }
}
