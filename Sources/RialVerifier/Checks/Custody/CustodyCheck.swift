import RialFormat

/// The custody log (`rial/custody/`, `schema/SPEC.md` §15.6), judged by composing small
/// rules: what the directory holds, then every event in seq order with the findings of the
/// event checks about it (links and sequence, the capture app's log, the signature), then the
/// rules about the log as a whole (the seal's record, the head). Every finding about an event
/// carries its `seq`; an event with none failing gets a `custody.event` pass, and a log with
/// none failing a `custody.chain` pass.
struct CustodyCheck: VerificationCheck {
    var needs: Set<Fact> { [.custodyLog, .custodySignatures, .seal, .rialManifest] }

    /// Rules whose findings are filed under the event they name.
    private let eventChecks: [any CustodyLogCheck] = [CustodyLinkCheck(), CustodyImportCheck(), CustodySignatureCheck()]
    /// Rules about the log as a whole, reported after the events.
    private let logChecks: [any CustodyLogCheck] = [CustodySealRecordCheck(), CustodyHeadCheck()]

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let log = context.custodyLog else { return [] }
        var results = layout(log)
        guard case .events = log.extent else { return results }
        var byEvent: [Int64: [CheckResult]] = [:]
        var logWide: [CheckResult] = []
        for check in eventChecks {
            for finding in check.run(log, context) {
                if let seq = finding.seq, log.file(seq: seq) != nil { byEvent[seq, default: []].append(finding) } else { logWide.append(finding) }
            }
        }
        for file in log.files {
            let found = byEvent[file.seq] ?? []
            if !found.contains(where: { $0.status == .fail }), let event = file.event {
                results.append(eventPass(file, event, signature: context.custodySignatures[file.seq]))
            }
            results += found
        }
        results += logWide
        for check in logChecks { results += check.run(log, context) }
        if !results.contains(where: { $0.status == .fail }), let head = log.files.last {
            let imported = log.files.filter { $0.event?.imported != nil }.count
            let signed = log.files.filter { log.signaturePaths[$0.seq] != nil }.count
            results.append(
                .pass(
                    .custodyChain, PackageLayout.custodyDirectory,
                    "\(log.files.count) events linked from rial/manifest.json to the head, event \(head.seq) (SHA-256 \(head.sha256 ?? "?")): \(imported) imported from the capture device and matching its log, \(signed) signed"
                ))
        }
        return results
    }

    /// Files that belong to no event, signatures without their event, and a log that is
    /// missing or too long to judge.
    private func layout(_ log: CustodyLog) -> [CheckResult] {
        var results: [CheckResult] = log.unexpectedFiles.map {
            .fail(
                .custodyUnexpectedFile, $0,
                "rial/custody/ holds only NNNNNN.json event files and their NNNNNN.p7s signatures; this file belongs to no event and nothing checks it")
        }
        results += log.orphanSignatures.map {
            .fail(.custodySignatureOrphan, $0.path, "a signature for event \($0.seq), which is not in the log: the event was removed", seq: $0.seq)
        }
        switch log.extent {
        case .missing:
            results.append(
                .fail(
                    .custodyMissing, PackageLayout.custodyDirectory,
                    "the package has no custody log; rial pack always begins one (the capture app's events and a PACKAGED event), so it was stripped or the package was made by another tool"
                ))
        case .overLimit(let count, let limit):
            results.append(
                .fail(
                    .custodyLimit, PackageLayout.custodyDirectory,
                    "the log has \(count) events; this verifier judges at most \(limit)"))
        case .events:
            break
        }
        return results
    }

    private func eventPass(_ file: CustodyEventFile, _ event: CustodyEvent, signature: CustodySignatureFacts?) -> CheckResult {
        let signed = (signature?.state ?? .missing) == .missing ? "unsigned" : "signed by \(signature?.signer ?? "?")"
        let origin = event.imported.map { _ in ", matching the capture app's log" } ?? ""
        return .pass(
            .custodyEvent, file.path,
            "\(event.action.rawValue) at \(event.timestamp.rfc3339) by \(event.actor.summary), \(signed): parsed, linked to \(file.seq == 1 ? "rial/manifest.json" : "event \(file.seq - 1)"), in order\(origin)",
            seq: file.seq)
    }
}
