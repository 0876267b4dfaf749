import RialCrypto
import RialFormat

/// What the evidence given says about one certificate at the time that matters, from its
/// issuer's CRLs and OCSP responses only (RFC 5280 §6.3, RFC 6960 §4.2.2.2); evidence someone
/// else signed is never used, whatever it says.
enum CertificateRevocation {
    /// Evidence whose thisUpdate…nextUpdate covers the time does not list it.
    case good(evidence: String)
    /// Revoked (or on hold) at or before the time, or invalid from then by the CRL entry's
    /// invalidityDate (`invalidSince`), though revoked later.
    case revoked(at: Int64, invalidSince: Int64?, reason: RevocationReason?, evidence: String)
    /// Revoked after the time.
    case revokedLater(at: Int64, reason: RevocationReason?, evidence: String)
    /// No evidence of its issuer speaks about it.
    case missing
    /// It had expired by the time, and the evidence does not list it: a CRL may drop an expired
    /// certificate (RFC 5280 §3.3), so that proves nothing.
    case expired(notAfter: Int64)
    /// Its issuer's evidence does not cover the time and lists no revocation.
    case stale(evidence: String)
    /// OCSP `unknown` at the time.
    case unknown(evidence: String)
    /// Evidence about it was there, but not signed by its issuer or a delegated responder.
    case unauthorized(why: String)
    /// OpenSSL could not check the evidence on this machine.
    case notEvaluated(CryptoError)

    /// Judges `certificate`, issued by `issuer`, at `time` from every file of `evidence`.
    /// - Parameters:
    ///   - issuerChain: the issuer and the certificates above it, up to the anchor.
    ///   - anchors: the verifier's anchors, which an OCSP responder's chain must reach.
    init(_ certificate: Certificate, issuerChain: [Certificate], at time: Int64, evidence: [RevocationEvidenceFile], anchors: [Certificate]) {
        guard let issuer = issuerChain.first else { self = .missing; return }
        var said: [(RevocationStatement, String)] = []
        var refused: [String] = []
        for file in evidence {
            for list in file.revocationLists where list.names(issuer) {
                guard list.isIssued(by: issuer) else {
                    refused.append(
                        "\(file.label) names \(issuer.subject) as issuer, but its signature does not verify under that certificate's key (or the certificate may not sign CRLs)"
                    )
                    continue
                }
                if let statement = list.statement(about: certificate) {
                    said.append((statement, Self.describe(file.label, statement)))
                }
            }
            guard let response = file.ocspResponse, let statement = response.statement(about: certificate, issuer: issuer) else { continue }
            do {
                if let problem = try response.authorityProblem(anchors: anchors, chain: issuerChain, at: time) {
                    refused.append(
                        "\(file.label) is not signed by \(issuer.subject) or a responder it delegated (id-kp-OCSPSigning) chaining to your anchors: \(problem)")
                    continue
                }
            } catch {
                self = .notEvaluated(error)
                return
            }
            said.append((statement, Self.describe(file.label, statement)))
        }
        self = Self.judge(said, refused: refused, certificate: certificate, at: time)
    }

    /// The first of: a revocation (or an invalidityDate) at or before the time, a revocation after it, a good answer
    /// covering it, an `unknown` covering it, evidence that does not cover it, evidence refused.
    /// A revocation is a dated fact, so evidence issued later than the time still proves one;
    /// "not revoked" holds only for the window the evidence speaks for.
    private static func judge(_ said: [(RevocationStatement, String)], refused: [String], certificate: Certificate, at time: Int64) -> Self {
        for (statement, evidence) in said {
            // The invalidityDate counts as much as the revocation date: a key compromised before
            // the time makes the signature worthless, whenever the CA got round to revoking it.
            if case .revoked(let at, let reason) = statement.status, min(at, statement.invalidSince ?? at) <= time {
                return .revoked(at: at, invalidSince: statement.invalidSince, reason: reason, evidence: evidence)
            }
        }
        for (statement, evidence) in said {
            if case .revoked(let at, let reason) = statement.status { return .revokedLater(at: at, reason: reason, evidence: evidence) }
        }
        if let (_, evidence) = said.first(where: { $0.0.status == .good && $0.0.covers(time) }) {
            if let notAfter = certificate.notAfter, notAfter < time { return .expired(notAfter: notAfter) }
            return .good(evidence: evidence)
        }
        if let (_, evidence) = said.first(where: { $0.0.status == .unknown && $0.0.covers(time) }) { return .unknown(evidence: evidence) }
        if let (_, evidence) = said.first { return .stale(evidence: evidence) }
        if !refused.isEmpty { return .unauthorized(why: refused.joined(separator: "; ")) }
        return .missing
    }

    /// "the CRL in crl.pem (thisUpdate …, nextUpdate …)".
    private static func describe(_ what: String, _ statement: RevocationStatement) -> String {
        let until = statement.nextUpdate.map { Timestamp(seconds: $0).rfc3339 } ?? "none stated"
        return "\(what) (thisUpdate \(Timestamp(seconds: statement.thisUpdate).rfc3339), nextUpdate \(until))"
    }
}
