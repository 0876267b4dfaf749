import RialVerifier
import RialFormat

extension JSONReportRenderer {
    /// What the verdict was reached with (report version 1.4, `schema/SPEC.md` §9.1.3). The
    /// custody head and the media copy are `null` when not given, so "none" is stated, not
    /// left to be inferred from an absent key.
    package static func settingsValue(_ settings: VerificationSettings) -> JSONValue {
        var object = JSONObject()
        object["trust_anchors"] = .array(
            settings.trustAnchors.map { anchor in
                var item = JSONObject()
                item["role"] = .string(anchor.role.rawValue)
                item["subject"] = .string(anchor.subject)
                item["sha256_fingerprint"] = .string(anchor.fingerprintSHA256)
                if let origin = anchor.origin {
                    item["option"] = .string(origin.option)
                    item["file"] = .string(origin.file)
                }
                return .object(item)
            })
        object["require_seal"] = .bool(settings.requiresSeal)
        object["require_timestamp"] = .bool(settings.requiresTimestamp)
        object["custody_head"] = settings.custodyHead.map(JSONValue.string) ?? .null
        object["media"] = settings.externalMedia.map(JSONValue.string) ?? .null
        object["verification_time"] = .string(settings.verificationTime.rfc3339)
        // Report version 1.8: whether the time was stated (`--at`) or the clock's.
        object["verification_time_source"] = .string(settings.isVerificationTimeStated ? "stated" : "clock")
        object["tool_version"] = .string(settings.toolVersion)
        if let confinement = settings.mediaProbeConfinement { object["media_probe_confinement"] = .string(confinement) }
        object["libraries"] = .array(settings.libraries.map { library in .object(["name": .string(library.name), "version": .string(library.version)]) })
        object["revocation_evidence"] = revocationEvidenceValue(settings.revocationEvidence)
        // Report version 1.9: whether the media was examined, and who verified.
        object["examine_media"] = .bool(settings.examinesMedia)
        if let examiner = settings.examiner {
            object["examiner"] = .object(["name": .string(examiner.name), "host": .string(examiner.host)])
        }
        return .object(object)
    }

    /// The revocation evidence given (report version 1.7), as the report's settings and the
    /// ledger's policy both state it.
    package static func revocationEvidenceValue(_ evidence: [RevocationEvidenceSummary]) -> JSONValue {
        .array(
            evidence.map { file in
                .object([
                    "kind": .string(file.kind.rawValue), "source": .string(file.source.rawValue), "file": .string(file.file), "sha256": .string(file.sha256),
                ])
            })
    }
}
