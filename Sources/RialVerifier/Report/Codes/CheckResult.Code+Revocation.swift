extension CheckResult.Code {
    // Revocation of the certificates that vouch for the seal, its timestamp and the custody
    // events, judged from evidence the verifier supplies (`--crl`, `--ocsp`; §14.10). Each state
    // has its own code, so a report reader can tell "good" from "not known" by the code alone.

    /// Revocation of the seal's signer and each CA certificate on its chain below the anchor, at the trusted timestamp's genTime, else the verification time.
    /// - PASS: every such certificate is good at that time: a CRL or OCSP response of its issuer (or
    ///   the issuer's delegated OCSP responder) whose thisUpdate…nextUpdate covers the time does not
    ///   list it as revoked.
    /// - NOT CHECKED: no revocation evidence was given (rial fetches nothing), the signer is itself a
    ///   trust anchor, or OpenSSL could not check the evidence on this machine.
    public static let sealRevocation = Self("seal.revocation")
    /// FAIL: a certificate on the chain was revoked (or put on hold) at or before the time that matters;
    /// the message names the certificate, the date, the reason (`keyCompromise` said) and the evidence.
    public static let sealRevocationRevoked = Self("seal.revocation.revoked")
    /// - PASS: a certificate on the chain was revoked after the time that matters, and a trusted time
    ///   proves the signature predates it; the message gives the date and the reason.
    /// - NOT CHECKED: revoked after the verification time that stands in for a trusted time: nothing
    ///   proves the signature was made before the revocation.
    public static let sealRevocationRevokedLater = Self("seal.revocation.revoked-later")
    /// NOT CHECKED: evidence was given, but none from the certificate's issuer speaks about it (or the
    /// certificate had expired by the time that matters, when a CRL may drop it: RFC 5280 §3.3).
    public static let sealRevocationMissing = Self("seal.revocation.missing")
    /// NOT CHECKED: the issuer's evidence about the certificate does not cover the time that matters
    /// (outside its thisUpdate…nextUpdate) and lists no revocation.
    public static let sealRevocationStale = Self("seal.revocation.stale")
    /// NOT CHECKED: the OCSP responder answered `unknown` for the certificate at the time that matters.
    public static let sealRevocationUnknown = Self("seal.revocation.unknown")
    /// NOT CHECKED: the only evidence about the certificate is not signed by its issuer or by a
    /// delegated OCSP responder (id-kp-OCSPSigning) the issuer certified, so it is not used.
    public static let sealRevocationUnauthorized = Self("seal.revocation.unauthorized")

    /// Revocation of the TSA's certificate and each CA certificate on its chain below the anchor, at the token's genTime.
    /// - PASS: every such certificate is good at that time: a CRL or OCSP response of its issuer (or
    ///   the issuer's delegated OCSP responder) whose thisUpdate…nextUpdate covers the time does not
    ///   list it as revoked.
    /// - NOT CHECKED: no revocation evidence was given (rial fetches nothing), the signer is itself a
    ///   trust anchor, or OpenSSL could not check the evidence on this machine.
    public static let timestampRevocation = Self("timestamp.revocation")
    /// FAIL: a certificate on the chain was revoked (or put on hold) at or before the time that matters;
    /// the message names the certificate, the date, the reason (`keyCompromise` said) and the evidence.
    /// For a TSA, also a revocation at any date for key compromise or with no reason stated: RFC 3161
    /// §4 then vouches for no token it signed.
    public static let timestampRevocationRevoked = Self("timestamp.revocation.revoked")
    /// - PASS: a certificate on the chain was revoked after the time that matters, and a trusted time
    ///   proves the signature predates it; the message gives the date and the reason.
    /// - NOT CHECKED: revoked after the verification time that stands in for a trusted time: nothing
    ///   proves the signature was made before the revocation.
    public static let timestampRevocationRevokedLater = Self("timestamp.revocation.revoked-later")
    /// NOT CHECKED: evidence was given, but none from the certificate's issuer speaks about it (or the
    /// certificate had expired by the time that matters, when a CRL may drop it: RFC 5280 §3.3).
    public static let timestampRevocationMissing = Self("timestamp.revocation.missing")
    /// NOT CHECKED: the issuer's evidence about the certificate does not cover the time that matters
    /// (outside its thisUpdate…nextUpdate) and lists no revocation.
    public static let timestampRevocationStale = Self("timestamp.revocation.stale")
    /// NOT CHECKED: the OCSP responder answered `unknown` for the certificate at the time that matters.
    public static let timestampRevocationUnknown = Self("timestamp.revocation.unknown")
    /// NOT CHECKED: the only evidence about the certificate is not signed by its issuer or by a
    /// delegated OCSP responder (id-kp-OCSPSigning) the issuer certified, so it is not used.
    public static let timestampRevocationUnauthorized = Self("timestamp.revocation.unauthorized")

    /// Revocation of a custody event's signer and each CA certificate on its chain below the anchor, at the verification time (events carry no trusted timestamp).
    /// - PASS: every such certificate is good at that time: a CRL or OCSP response of its issuer (or
    ///   the issuer's delegated OCSP responder) whose thisUpdate…nextUpdate covers the time does not
    ///   list it as revoked.
    /// - NOT CHECKED: no revocation evidence was given (rial fetches nothing), the signer is itself a
    ///   trust anchor, or OpenSSL could not check the evidence on this machine.
    public static let custodyRevocation = Self("custody.revocation")
    /// FAIL: a certificate on the chain was revoked (or put on hold) at or before the time that matters;
    /// the message names the certificate, the date, the reason (`keyCompromise` said) and the evidence.
    public static let custodyRevocationRevoked = Self("custody.revocation.revoked")
    /// - PASS: a certificate on the chain was revoked after the time that matters, and a trusted time
    ///   proves the signature predates it; the message gives the date and the reason.
    /// - NOT CHECKED: revoked after the verification time that stands in for a trusted time: nothing
    ///   proves the signature was made before the revocation.
    public static let custodyRevocationRevokedLater = Self("custody.revocation.revoked-later")
    /// NOT CHECKED: evidence was given, but none from the certificate's issuer speaks about it (or the
    /// certificate had expired by the time that matters, when a CRL may drop it: RFC 5280 §3.3).
    public static let custodyRevocationMissing = Self("custody.revocation.missing")
    /// NOT CHECKED: the issuer's evidence about the certificate does not cover the time that matters
    /// (outside its thisUpdate…nextUpdate) and lists no revocation.
    public static let custodyRevocationStale = Self("custody.revocation.stale")
    /// NOT CHECKED: the OCSP responder answered `unknown` for the certificate at the time that matters.
    public static let custodyRevocationUnknown = Self("custody.revocation.unknown")
    /// NOT CHECKED: the only evidence about the certificate is not signed by its issuer or by a
    /// delegated OCSP responder (id-kp-OCSPSigning) the issuer certified, so it is not used.
    public static let custodyRevocationUnauthorized = Self("custody.revocation.unauthorized")

    /// One file of revocation evidence stapled into the package (`rial/seal/revocation/`, §14.11).
    /// - PASS: its name is the SHA-256 of its bytes and it reads as its extension says (CRLs, an
    ///   OCSP response, certificates); whether it speaks for a certificate is judged, by its
    ///   issuer's signature, in the revocation findings, which name it when they use it.
    /// - NOT CHECKED: not used, with the reason: a name other than `SHA256.crl|.ocsp|.crt`, bytes
    ///   whose SHA-256 is not the name, too large to read, or not what its extension says.
    public static let sealRevocationStapled = Self("seal.revocation.stapled")

    /// FAIL: a custody event with a valid signature (the SEALED event of `rial seal --revocation`, or
    /// an appended one) names a stapled file under `rial/seal/revocation/` that the package no
    /// longer holds: evidence its signer stapled was removed.
    public static let sealRevocationStapledMissing = Self("seal.revocation.stapled.missing")

    /// Every revocation code, for ``all``.
    static let revocationCodes: [Self] = [
        .sealRevocation, .sealRevocationRevoked, .sealRevocationRevokedLater, .sealRevocationMissing,
        .sealRevocationStale, .sealRevocationUnknown, .sealRevocationUnauthorized, .timestampRevocation,
        .timestampRevocationRevoked, .timestampRevocationRevokedLater, .timestampRevocationMissing, .timestampRevocationStale,
        .timestampRevocationUnknown, .timestampRevocationUnauthorized, .custodyRevocation, .custodyRevocationRevoked,
        .custodyRevocationRevokedLater, .custodyRevocationMissing, .custodyRevocationStale, .custodyRevocationUnknown,
        .custodyRevocationUnauthorized, .sealRevocationStapled, .sealRevocationStapledMissing,
    ]
}
