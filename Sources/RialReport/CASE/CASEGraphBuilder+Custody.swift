import RialVerifier
import RialFormat

extension CASEGraphBuilder {
    /// Each custody event as an investigative action: who (a person, with the organisation as a
    /// participant), when, where, what (its action and details), on the package, with the event
    /// file as its result; the signature's state is in the description and, as a
    /// `DigitalSignatureInfoFacet`, on the event file. An event file that did not parse is an
    /// action that says so, with nothing it would have stated.
    mutating func addCustody() throws {
        for entry in export.report.custody?.entries ?? [] {
            let iri = try ids.iri("investigative-action", "custody \(entry.seq)")
            let signature = "signature: " + Self.signatureWords(entry)
            let result = fileIRIs[entry.path].map { [$0] } ?? []
            guard let event = entry.event else {
                graph.add(
                    iri, "case-investigation:InvestigativeAction",
                    [
                        "uco-core:name": .string("custody event \(entry.seq) (unreadable)"),
                        "uco-core:description": .string("the event file \(entry.path) could not be read; \(signature)"),
                        "uco-action:object": CASEGraph.references([packageIRI]),
                        "uco-action:result": CASEGraph.references(result),
                    ])
                linked.append(iri)
                continue
            }
            let actor = event.actor
            let person = try ids.iri(
                "identity", "person \([actor.name, actor.role ?? "", actor.organisation ?? "", actor.identifier ?? ""].joined(separator: "\u{1F}"))")
            graph.add(
                person, "uco-identity:Person",
                [
                    "uco-core:name": .string(actor.name),
                    "uco-core:description": Self.joined([actor.role.map { "role: \($0)" }, actor.identifier.map { "identifier: \($0)" }]),
                ])
            var participants: [String] = []
            if let organisation = actor.organisation, !organisation.isEmpty {
                let iri = try ids.iri("organization", "organization \(organisation)")
                graph.add(iri, "uco-identity:Organization", ["uco-core:name": .string(organisation)])
                participants.append(iri)
            }
            var location: String?
            if let place = event.location, !place.isEmpty {
                location = try ids.iri("location", "custody location \(place)")
                graph.add(location ?? "", "uco-location:Location", ["uco-core:name": .string(place)])
            }
            var notes = [event.details.isEmpty ? nil : event.details, signature]
            if let imported = event.imported { notes.append("imported from the capture app's log \(imported.source), entry \(imported.entry)") }
            if let forced = event.forced {
                notes.append("appended with --force to a package that did not verify (\(forced.verdict): \(forced.failedChecks.joined(separator: ", ")))")
            }
            if !entry.problems.isEmpty { notes.append("failed checks: \(entry.problems.joined(separator: ", "))") }
            graph.add(
                iri, "case-investigation:InvestigativeAction",
                [
                    "uco-core:name": .string("custody \(event.action.rawValue)"),
                    "uco-core:description": Self.joined(notes),
                    "uco-action:startTime": CASEGraph.dateTime(event.timestamp),
                    "uco-action:performer": CASEGraph.reference(person),
                    "uco-action:participant": CASEGraph.references(participants),
                    "uco-action:location": location.map { .array([CASEGraph.reference($0)]) },
                    "uco-action:object": CASEGraph.references([packageIRI]),
                    "uco-action:result": CASEGraph.references(result),
                ])
            linked.append(iri)
        }
    }

    /// The parts that are there, joined by "; "; `nil` when none is.
    static func joined(_ parts: [String?]) -> JSONValue? {
        let present = parts.compactMap { $0 }
        return present.isEmpty ? nil : .string(present.joined(separator: "; "))
    }
}
