import RialVerifier
import RialFormat

extension CASEGraphBuilder {
    /// The verification as an investigative action at the report's verification time (start
    /// and end alike: the report states one time), whose instrument is rial with the libraries
    /// it ran with, whose object is the package, and whose results are the FAIL and NOT CHECKED
    /// findings, one `uco-core:Assertion` each (code, status, subject, message). What passed or
    /// is not present is counted in the description, not listed.
    mutating func addVerification() throws {
        let report = export.report
        let time = report.verifiedAt
        let settings = report.settings
        let version = settings?.toolVersion ?? RialToolkit.version
        let tool = try ids.iri("tool", "tool rial \(version)")
        let libraries = try (settings?.libraries ?? []).map { library in
            CASEGraph.node(
                try ids.iri("library", "library \(library.name) \(library.version)"), "uco-tool:LibraryType",
                [
                    "uco-tool:libraryName": .string(library.name),
                    "uco-tool:libraryVersion": .string(library.version),
                ])
        }
        graph.add(
            tool, "uco-tool:Tool",
            [
                "uco-core:name": .string(RialToolkit.name),
                "uco-tool:version": .string(version),
                "uco-tool:toolType": .string("evidence package verifier"),
                "uco-core:hasFacet": libraries.isEmpty
                    ? nil
                    : .array([
                        CASEGraph.node(
                            try ids.iri("build-facet", "tool rial \(version)"), "uco-tool:BuildFacet",
                            [
                                "uco-tool:buildInformation": CASEGraph.node(
                                    try ids.iri("build-information", "tool rial \(version)"), "uco-tool:BuildInformationType",
                                    [
                                        "uco-tool:libraries": .array(libraries)
                                    ])
                            ])
                    ]),
            ])
        linked.append(tool)
        var findings: [String] = []
        for (index, check) in report.checks.enumerated() where check.status == .fail || check.status == .notChecked {
            let iri = try ids.iri("assertion", "verification \(time.rfc3339) finding \(index)")
            graph.add(
                iri, "uco-core:Assertion",
                [
                    "uco-core:name": .string(check.code.rawValue),
                    "uco-core:statement": .string(check.message),
                    "uco-core:tag": .array([.string(check.status.label)]),
                    "uco-core:description": Self.joined([
                        "subject: \(check.subject)", check.expected.map { "expected: \($0)" }, check.actual.map { "actual: \($0)" },
                    ]),
                ])
            findings.append(iri)
        }
        // Who verified, when stated (--examiner): the performer, as a custody event's actor is.
        var performer: JSONValue?
        if let examiner = settings?.examiner {
            let person = try ids.iri("identity", "examiner \(examiner.name)\u{1F}\(examiner.host)")
            graph.add(
                person, "uco-identity:Person",
                [
                    "uco-core:name": .string(examiner.name),
                    "uco-core:description": examiner.host.isEmpty ? nil : .string("verified on the host \(examiner.host) (stated with --examiner)"),
                ])
            performer = CASEGraph.reference(person)
        }
        let counts = [CheckStatus.pass, .fail, .notChecked, .notPresent].map { "\(report.count($0)) \($0.label)" }.joined(separator: ", ")
        let iri = try ids.iri("investigative-action", "verification \(time.rfc3339)")
        graph.add(
            iri, "case-investigation:InvestigativeAction",
            [
                "uco-core:name": .string("rial verify"),
                "uco-core:description": .string(
                    "verdict \(report.verdict.rawValue.uppercased()): \(counts); the FAIL and NOT CHECKED findings are the results"),
                "uco-action:startTime": CASEGraph.dateTime(time),
                "uco-action:endTime": CASEGraph.dateTime(time),
                "uco-action:actionStatus": .string(Self.status(report.verdict)),
                "uco-action:performer": performer,
                "uco-action:instrument": CASEGraph.references([tool]),
                "uco-action:object": CASEGraph.references([packageIRI]),
                "uco-action:result": CASEGraph.references(findings),
            ])
        linked.append(iri)
    }

    /// The verdict in UCO's action-status words.
    static func status(_ verdict: VerificationReport.Verdict) -> String {
        switch verdict {
        case .pass: return "Success"
        case .fail: return "Fail"
        case .error: return "Error"
        }
    }

    /// The record that ties the package, its files, the capture, the custody events and the
    /// verification together, numbered by the package id.
    mutating func addProvenanceRecord() throws {
        let report = export.report
        graph.add(
            try ids.iri("provenance-record", "provenance record"), "case-investigation:ProvenanceRecord",
            [
                "case-investigation:exhibitNumber": CASEGraph.text(report.packageID),
                "uco-core:description": Self.joined(["rial evidence package \(report.packageID ?? "")", report.caseFields?.caseNumber.map { "case \($0)" }]),
                "uco-core:object": CASEGraph.references(linked),
            ])
    }
}
