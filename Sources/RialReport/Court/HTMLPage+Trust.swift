import RialVerifier
extension HTMLPage {
    /// Who sealed the package and when, and when the capture existed, said without the
    /// verifier's vocabulary ("valid-trusted", "genTime").
    mutating func trust(_ report: VerificationReport) {
        append("<section><h2>Who made it, and when</h2><table class=\"facts\">")
        if let seal = report.seal { row("Seal", Self.seal(seal, integrityFailed: report.basis.failedParts.contains(.integrity))) }
        if let timestamp = report.timestamp { row("Trusted time", Self.timestamp(timestamp)) }
        for attestation in report.appTime?.attestations ?? [] {
            let phrase = attestation.phrase.prefix(1).uppercased() + attestation.phrase.dropFirst()
            row("Capture time", HTMLText.prose(phrase) + " (the capture app's time-stamp token \(attestation.token + 1))")
        }
        if let clock = report.appTime?.clockStatement { row("App clock", HTMLText.prose(clock)) }
        let revocation = report.checks.filter { $0.code.isIn(.sealRevocation) || $0.code.isIn(.timestampRevocation) }
        if !revocation.isEmpty { row("Revocation", revocation.map(Self.revocation).joined(separator: "<br>")) }
        // Each archive timestamp of an RFC 4998 renewal (§14.12), as the finding lists them, its status first.
        let renewal = report.checks.filter { $0.code.isIn(.timestampRenewal) && $0.status != .notPresent }
        if !renewal.isEmpty { row("Timestamp renewal", renewal.map(Self.renewal).joined(separator: "<br>")) }
        append(
            "</table><p class=\"note\">A signer or time-stamping authority is trusted only if it chains to a certificate the person verifying supplied (see “How it was verified”); certificates inside the package never count.</p></section>\n"
        )
    }

    /// - Parameter integrityFailed: whether the package's bytes no longer match what was sealed:
    ///   then a valid signature is said to be over a manifest the files no longer match, so it
    ///   never reads as reassurance.
    static func seal(_ seal: SealSummary, integrityFailed: Bool = false) -> String {
        var signer = seal.signerSubject.map { "Signer \(HTMLText.prose($0))" } ?? ""
        if let fingerprint = seal.signerFingerprint { signer += "<br>certificate SHA-256 \(HTMLText.digest(fingerprint))" }
        let claimed =
            seal.claimedSigningTime.map { "<br><small>Signed at \(HTMLText.token($0.rfc3339)) by the signer's own clock: a claim, not proof of time.</small>" }
            ?? ""
        let stale = "<b>valid over a manifest the package's files no longer match</b>: it vouches for the package as sealed, not for this one"
        switch seal.state {
        case .validUntrusted where integrityFailed, .validTrusted where integrityFailed:
            return "Signature \(stale).<br>\(signer)\(claimed)"
        case .missing: return "None: nothing proves who made this package."
        case .invalid: return "<b>The seal does not verify.</b>" + (signer.isEmpty ? "" : "<br>It claims: \(signer)")
        case .validUntrusted: return "Signature valid; <b>signer not trusted</b>: the signer does not chain to a trust anchor given.<br>\(signer)\(claimed)"
        case .validTrusted:
            let anchor = seal.anchorSubject.map { "<br>Trusted through \(HTMLText.prose($0))" } ?? ""
            return "Signature valid; signer trusted.<br>\(signer)\(anchor)\(claimed)"
        }
    }

    /// One revocation finding of the seal's signer or the TSA, its status in words first: a
    /// reader must see "not checked" before any detail (docs/revocation.md).
    static func revocation(_ check: CheckResult) -> String {
        let whose = check.code.isIn(.sealRevocation) ? "Seal's signer" : "Time-stamping authority"
        let status: String
        switch check.status {
        case .pass: status = "not revoked at the time that matters"
        case .fail: status = "<b>revoked</b>"
        case .notChecked, .notPresent: status = "<b>not checked</b>"
        }
        return "\(whose): \(status) (\(HTMLText.token(check.code.rawValue, "mono"))): \(HTMLText.prose(check.message))"
    }

    /// A finding of the timestamp's renewal, its status in words first; its message names each
    /// archive timestamp (time, authority, algorithm).
    static func renewal(_ check: CheckResult) -> String {
        let status: String
        switch check.status {
        case .pass: status = "renewed in time, every archive timestamp valid"
        case .fail: status = "<b>the renewal does not hold</b>"
        case .notChecked, .notPresent: status = "<b>not checked</b>"
        }
        return "\(status) (\(HTMLText.token(check.code.rawValue, "mono"))): \(HTMLText.prose(check.message))"
    }

    static func timestamp(_ timestamp: TimestampSummary) -> String {
        let time = timestamp.genTime.map { "\(HTMLText.token($0.rfc3339)) (UTC), the time stated by the time-stamping authority" } ?? ""
        var authority = timestamp.tsaSubject.map { "Time-stamping authority \(HTMLText.prose($0))" } ?? ""
        if let fingerprint = timestamp.tsaFingerprint { authority += "<br>certificate SHA-256 \(HTMLText.digest(fingerprint))" }
        if let serial = timestamp.serial { authority += "<br><small>token serial number \(HTMLText.token(serial, "mono"))</small>" }
        switch timestamp.state {
        case .missing: return "None: nothing proves when the package was sealed."
        case .invalid: return "<b>The timestamp does not verify.</b>" + (authority.isEmpty ? "" : "<br>It claims: \(authority)")
        case .validUntrusted:
            return "Sealed no later than \(time); <b>the authority is not trusted</b>: it does not chain to a trust anchor given.<br>\(authority)"
        case .validTrusted: return "Sealed no later than \(time), trusted.<br>\(authority)"
        }
    }
}
