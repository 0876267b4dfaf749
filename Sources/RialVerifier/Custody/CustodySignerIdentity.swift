import RialFormat
import RialCrypto

/// Whether a signer's certificate names a custody event's actor.
enum CustodySignerIdentity {
    /// Why the certificate does not name the actor, or `nil` when it does: the actor's name is
    /// the certificate's one CN, its organisation (when given) the certificate's one O, and the
    /// event names the certificate by its SHA-256.
    static func mismatch(_ signer: Certificate, _ actor: CustodyActor) -> String? {
        var problems: [String] = []
        if actor.certificateSHA256 != signer.fingerprintSHA256 {
            problems.append(
                actor.certificateSHA256.map { "the event names certificate \($0), but \(signer.fingerprintSHA256) signed it" }
                    ?? "the event does not name the certificate that signed it (actor.certificate_sha256)")
        }
        switch signer.subjectCommonName {
        case nil: problems.append("the certificate \(signer.subject) has no single CN, so it names no person to match the actor \"\(actor.name)\"")
        case let name? where name != actor.name: problems.append("the actor is \"\(actor.name)\" but the certificate's CN is \"\(name)\"")
        default: break
        }
        if let claimed = actor.organisation, signer.subjectOrganization != claimed {
            problems.append(
                signer.subjectOrganization.map { "the actor's organisation is \"\(claimed)\" but the certificate's O is \"\($0)\"" }
                    ?? "the actor's organisation \"\(claimed)\" is not attested by the certificate, which has no single O")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The certificate's validity period, for messages.
    static func validity(_ certificate: Certificate) -> String {
        let from = certificate.notBefore.map { Timestamp(seconds: $0).rfc3339 } ?? "?"
        let to = certificate.notAfter.map { Timestamp(seconds: $0).rfc3339 } ?? "?"
        return "\(from) to \(to)"
    }
}
