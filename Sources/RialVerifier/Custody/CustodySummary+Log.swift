extension CustodySummary {
    /// The summary of a judged log: each event with its signature and the codes of its failing
    /// findings; the log intact when no custody finding failed, untrusted when a signer is
    /// outside the anchors given and nothing failed (every link and hash holds), else broken.
    /// - Parameter results: the custody check's findings.
    init(log: CustodyLog, signatures: [Int64: CustodySignatureFacts], results: [CheckResult]) {
        let failed = results.filter { $0.status == .fail }
        // A signer outside the anchors given is NOT CHECKED, not a failure, but the timeline
        // still names the event whose signer is not established.
        let untrusted = results.filter { $0.code == .custodySignerUntrusted }
        let problems = failed + untrusted.filter { $0.status != .fail }
        switch log.extent {
        case .missing:
            self.init(state: .missing, entries: [], firstBrokenSeq: nil)
        case .overLimit:
            self.init(state: .broken, entries: [], firstBrokenSeq: nil)
        case .events:
            let entries = log.files.map { file in
                let signature = signatures[file.seq]
                return CustodyEntry(
                    seq: file.seq, path: file.path, sha256: file.sha256, event: file.event, signature: signature?.state ?? .missing,
                    signaturePath: log.signaturePaths[file.seq], signerSubject: signature?.signer,
                    signerCommonName: signature?.signerCertificate?.subjectCommonName,
                    signerOrganization: signature?.signerCertificate?.subjectOrganization,
                    problems: problems.filter { $0.seq == file.seq }.map(\.code.rawValue))
            }
            let broken = failed.filter { $0.code != .custodySignerUntrusted }
            let state: State = !broken.isEmpty ? .broken : untrusted.isEmpty ? .intact : .untrusted
            self.init(state: state, entries: entries, firstBrokenSeq: (broken.isEmpty ? untrusted : broken).compactMap(\.seq).min())
        }
    }
}
