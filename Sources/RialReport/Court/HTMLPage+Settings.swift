import RialFormat
import RialVerifier
extension HTMLPage {
    /// How the verdict was reached: what a second examiner needs to repeat it and get the same
    /// answer. The same package can pass without `--require-seal` and fail with it, and a
    /// signer is trusted only against the anchors given, so the verdict means little without these.
    mutating func settings(_ settings: VerificationSettings, subjectPath: String, packageFile: PackageFileDigest? = nil, receipt: ReceiptFingerprint? = nil) {
        append("<section><h2>How it was verified</h2><table class=\"facts\">")
        if let examiner = settings.examiner {
            row(
                "Examined by",
                HTMLText.prose(examiner.name) + (examiner.host.isEmpty ? "" : " on the machine \(HTMLText.token(examiner.host))")
                    + "<br><small>as stated with \(HTMLText.token("--examiner", "mono"))\(receipt == nil ? "; no signed receipt ties this report to a key" : "; the signed receipt below ties this report to the examiner's key")</small>"
            )
        }
        if let packageFile {
            row(
                "Package file",
                "SHA-256 \(HTMLText.digest(packageFile.sha256)), \(packageFile.size) bytes: the exact bytes examined (compare a copy with \(HTMLText.token("sha256sum", "mono")))"
            )
        }
        if let receipt {
            row(
                "Signed receipt",
                "\(HTMLText.prose(receipt.reportPath)), SHA-256 \(HTMLText.digest(receipt.reportSHA256))<br>signed by \(HTMLText.prose(receipt.signer)), certificate SHA-256 \(HTMLText.digest(receipt.signerFingerprint))"
                    + "<br><small>check it with \(HTMLText.token("rial receipt verify", "mono")) or \(HTMLText.token("openssl cms -verify -binary", "mono")) (schema/SPEC.md §18)</small>"
            )
        }
        if settings.trustAnchors.isEmpty {
            row("Trust anchors", "None given: no seal, custody signature or timestamp could be shown to come from a trusted signer or time-stamping authority.")
        }
        for anchor in settings.trustAnchors {
            var value =
                "Trusted for \(PlainWords.role(anchor.role)): \(HTMLText.prose(anchor.subject))<br>certificate SHA-256 \(HTMLText.digest(anchor.fingerprintSHA256))"
            if let origin = anchor.origin { value += "<br><small>given as \(HTMLText.token(origin.option, "mono")) \(HTMLText.prose(origin.file))</small>" }
            row("Trust anchor", value)
        }
        row(
            "Seal required",
            settings.requiresSeal
                ? "Yes (\(HTMLText.token("--require-seal", "mono"))): a package without a valid seal by a trusted signer fails."
                : "No: a package without a seal could pass; nothing would then prove who made it.")
        row(
            "Timestamp required",
            settings.requiresTimestamp
                ? "Yes (\(HTMLText.token("--require-timestamp", "mono"))): a package without a trusted timestamp fails."
                : "No: a package without a trusted timestamp could pass.")
        row(
            "Custody head",
            settings.custodyHead.map {
                "Checked: the custody log must still hold the event with SHA-256 \(HTMLText.digest($0)) (\(HTMLText.token("--custody-head", "mono"))), recorded at the last hand-over."
            }
                ?? "Not checked: no --custody-head was given, so custody events removed from the end of the log would not be noticed.")
        if let media = settings.externalMedia {
            row("Media held apart", "Checked against the package: \(HTMLText.prose(media)) (\(HTMLText.token("--media", "mono")))")
        }
        if settings.revocationEvidence.isEmpty {
            row(
                "Revocation",
                "Not checked: no CRL or OCSP response was given (\(HTMLText.token("--crl", "mono")), \(HTMLText.token("--ocsp", "mono"))), and rial fetches nothing, so a revoked certificate would not be noticed."
            )
        }
        for evidence in settings.revocationEvidence {
            row(
                "Revocation evidence",
                "\(evidence.kind == .crl ? "CRL" : "OCSP response") \(evidence.source == .supplied ? "supplied by the examiner" : "stapled in the package"): \(HTMLText.prose(evidence.file))<br>file SHA-256 \(HTMLText.digest(evidence.sha256))"
                    + (evidence.source == .supplied ? "<br><small>given as \(HTMLText.token(evidence.option, "mono"))</small>" : ""))
        }
        row(
            "Judged at",
            HTMLText.token(settings.verificationTime.rfc3339)
                + (settings.isVerificationTimeStated
                    ? " (UTC), the time given with \(HTMLText.token("--at", "mono")), not the clock: certificates, revocation evidence and whether anything is dated in the future are judged as of this time, unless a trusted timestamp gives the time they were used; the same inputs give this report again, byte for byte."
                    : " (UTC): certificates are judged at this time, unless a trusted timestamp gives the time they were used."))
        row("Software", "rial \(HTMLText.token(settings.toolVersion))")
        row(
            "Libraries",
            settings.libraries.map { HTMLReportRenderer.html("\($0.name) \($0.version)") }.joined(separator: "; ")
                + ": the versions running, as each said.")
        if !settings.examinesMedia {
            row(
                "Media examination",
                "Off (\(HTMLText.token("--no-examine-media", "mono"))): the media was hashed but not read by the media libraries, so no claim about its content was held against it."
            )
        }
        if let confinement = settings.mediaProbeConfinement {
            row("Media examined in", HTMLReportRenderer.html(confinement) + ": the media libraries read the media in a separate process confined so.")
        }
        row("To repeat it", "<span class=\"mono cmd\">\(Self.command(settings, subjectPath: subjectPath))</span>")
        append("</table></section>\n")
    }

    /// The `rial verify` command line that repeats this verification, each argument kept whole
    /// (the custody head may wrap between its groups of 16 digits and still copies whole).
    static func command(_ settings: VerificationSettings, subjectPath: String) -> String {
        var words = [HTMLText.token("rial"), HTMLText.token("verify"), HTMLText.prose(ShellWord.quoted(subjectPath))]
        var given: Set<String> = []
        for anchor in settings.trustAnchors {
            guard let origin = anchor.origin else { continue }
            // A --trust-dir's files, each given as --trust, trust the same anchors.
            let option = origin.option == "--tsa-trust" ? "--tsa-trust" : "--trust"
            guard given.insert(option + " " + origin.file).inserted else { continue }
            words.append(HTMLText.token(option) + " " + HTMLText.prose(ShellWord.quoted(origin.file)))
        }
        if settings.requiresSeal { words.append(HTMLText.token("--require-seal")) }
        if settings.requiresTimestamp { words.append(HTMLText.token("--require-timestamp")) }
        if let head = settings.custodyHead { words.append(HTMLText.token("--custody-head") + " " + HTMLText.digest(head)) }
        if let media = settings.externalMedia { words.append(HTMLText.token("--media") + " " + HTMLText.prose(ShellWord.quoted(media))) }
        if settings.isVerificationTimeStated { words.append(HTMLText.token("--at") + " " + HTMLText.token(settings.verificationTime.rfc3339)) }
        if !settings.examinesMedia { words.append(HTMLText.token("--no-examine-media")) }
        // Stapled evidence comes with the package; only the examiner's is given again.
        for evidence in settings.revocationEvidence where evidence.source == .supplied {
            words.append(HTMLText.token(evidence.option) + " " + HTMLText.prose(ShellWord.quoted(evidence.file)))
        }
        return words.joined(separator: " ")
    }
}
