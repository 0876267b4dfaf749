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
    public static let sealRevocation = Self(RevocationList.sealRevocation)
    /// FAIL: a certificate on the chain was revoked (or put on hold) at or before the time that matters;
    /// the message names the certificate, the date, the reason (`keyCompromise` said) and the evidence.
    public static let sealRevocationRevoked = Self(RevocationList.sealRevocationRevoked)
    /// - PASS: a certificate on the chain was revoked after the time that matters, and a trusted time
    ///   proves the signature predates it; the message gives the date and the reason.
    /// - NOT CHECKED: revoked after the verification time that stands in for a trusted time: nothing
    ///   proves the signature was made before the revocation.
    public static let sealRevocationRevokedLater = Self(RevocationList.sealRevocationRevokedLater)
    /// NOT CHECKED: evidence was given, but none from the certificate's issuer speaks about it (or the
    /// certificate had expired by the time that matters, when a CRL may drop it: RFC 5280 §3.3).
    public static let sealRevocationMissing = Self(RevocationList.sealRevocationMissing)
    /// NOT CHECKED: the issuer's evidence about the certificate does not cover the time that matters
    /// (outside its thisUpdate…nextUpdate) and lists no revocation.
    public static let sealRevocationStale = Self(RevocationList.sealRevocationStale)
    /// NOT CHECKED: the OCSP responder answered `unknown` for the certificate at the time that matters.
    public static let sealRevocationUnknown = Self(RevocationList.sealRevocationUnknown)
    /// NOT CHECKED: the only evidence about the certificate is not signed by its issuer or by a
    /// delegated OCSP responder (id-kp-OCSPSigning) the issuer certified, so it is not used.
    public static let sealRevocationUnauthorized = Self(RevocationList.sealRevocationUnauthorized)

    /// Revocation of the TSA's certificate and each CA certificate on its chain below the anchor, at the token's genTime.
    /// - PASS: every such certificate is good at that time: a CRL or OCSP response of its issuer (or
    ///   the issuer's delegated OCSP responder) whose thisUpdate…nextUpdate covers the time does not
    ///   list it as revoked.
    /// - NOT CHECKED: no revocation evidence was given (rial fetches nothing), the signer is itself a
    ///   trust anchor, or OpenSSL could not check the evidence on this machine.
    public static let timestampRevocation = Self(RevocationList.timestampRevocation)
    /// FAIL: a certificate on the chain was revoked (or put on hold) at or before the time that matters;
    /// the message names the certificate, the date, the reason (`keyCompromise` said) and the evidence.
    /// For a TSA, also a revocation at any date for key compromise or with no reason stated: RFC 3161
    /// §4 then vouches for no token it signed.
    public static let timestampRevocationRevoked = Self(RevocationList.timestampRevocationRevoked)
    /// - PASS: a certificate on the chain was revoked after the time that matters, and a trusted time
    ///   proves the signature predates it; the message gives the date and the reason.
    /// - NOT CHECKED: revoked after the verification time that stands in for a trusted time: nothing
    ///   proves the signature was made before the revocation.
    public static let timestampRevocationRevokedLater = Self(RevocationList.timestampRevocationRevokedLater)
    /// NOT CHECKED: evidence was given, but none from the certificate's issuer speaks about it (or the
    /// certificate had expired by the time that matters, when a CRL may drop it: RFC 5280 §3.3).
    public static let timestampRevocationMissing = Self(RevocationList.timestampRevocationMissing)
    /// NOT CHECKED: the issuer's evidence about the certificate does not cover the time that matters
    /// (outside its thisUpdate…nextUpdate) and lists no revocation.
    public static let timestampRevocationStale = Self(RevocationList.timestampRevocationStale)
    /// NOT CHECKED: the OCSP responder answered `unknown` for the certificate at the time that matters.
    public static let timestampRevocationUnknown = Self(RevocationList.timestampRevocationUnknown)
    /// NOT CHECKED: the only evidence about the certificate is not signed by its issuer or by a
    /// delegated OCSP responder (id-kp-OCSPSigning) the issuer certified, so it is not used.
    public static let timestampRevocationUnauthorized = Self(RevocationList.timestampRevocationUnauthorized)

    /// Revocation of a custody event's signer and each CA certificate on its chain below the anchor, at the verification time (events carry no trusted timestamp).
    /// - PASS: every such certificate is good at that time: a CRL or OCSP response of its issuer (or
    ///   the issuer's delegated OCSP responder) whose thisUpdate…nextUpdate covers the time does not
    ///   list it as revoked.
    /// - NOT CHECKED: no revocation evidence was given (rial fetches nothing), the signer is itself a
    ///   trust anchor, or OpenSSL could not check the evidence on this machine.
    public static let custodyRevocation = Self(RevocationList.custodyRevocation)
    /// FAIL: a certificate on the chain was revoked (or put on hold) at or before the time that matters;
    /// the message names the certificate, the date, the reason (`keyCompromise` said) and the evidence.
    public static let custodyRevocationRevoked = Self(RevocationList.custodyRevocationRevoked)
    /// - PASS: a certificate on the chain was revoked after the time that matters, and a trusted time
    ///   proves the signature predates it; the message gives the date and the reason.
    /// - NOT CHECKED: revoked after the verification time that stands in for a trusted time: nothing
    ///   proves the signature was made before the revocation.
    public static let custodyRevocationRevokedLater = Self(RevocationList.custodyRevocationRevokedLater)
    /// NOT CHECKED: evidence was given, but none from the certificate's issuer speaks about it (or the
    /// certificate had expired by the time that matters, when a CRL may drop it: RFC 5280 §3.3).
    public static let custodyRevocationMissing = Self(RevocationList.custodyRevocationMissing)
    /// NOT CHECKED: the issuer's evidence about the certificate does not cover the time that matters
    /// (outside its thisUpdate…nextUpdate) and lists no revocation.
    public static let custodyRevocationStale = Self(RevocationList.custodyRevocationStale)
    /// NOT CHECKED: the OCSP responder answered `unknown` for the certificate at the time that matters.
    public static let custodyRevocationUnknown = Self(RevocationList.custodyRevocationUnknown)
    /// NOT CHECKED: the only evidence about the certificate is not signed by its issuer or by a
    /// delegated OCSP responder (id-kp-OCSPSigning) the issuer certified, so it is not used.
    public static let custodyRevocationUnauthorized = Self(RevocationList.custodyRevocationUnauthorized)

    /// One file of revocation evidence stapled into the package (`rial/seal/revocation/`, §14.11).
    /// - PASS: its name is the SHA-256 of its bytes and it reads as its extension says (CRLs, an
    ///   OCSP response, certificates); whether it speaks for a certificate is judged, by its
    ///   issuer's signature, in the revocation findings, which name it when they use it.
    /// - NOT CHECKED: not used, with the reason: a name other than `SHA256.crl|.ocsp|.crt`, bytes
    ///   whose SHA-256 is not the name, too large to read, or not what its extension says.
    public static let sealRevocationStapled = Self(RevocationList.sealRevocationStapled)

    /// FAIL: a custody event with a valid signature (the SEALED event of `rial seal --revocation`, or
    /// an appended one) names a stapled file under `rial/seal/revocation/` that the package no
    /// longer holds: evidence its signer stapled was removed.
    public static let sealRevocationStapledMissing = Self(RevocationList.sealRevocationStapledMissing)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum RevocationList: String, CodeList {
        case sealRevocation = "seal.revocation"
        case sealRevocationRevoked = "seal.revocation.revoked"
        case sealRevocationRevokedLater = "seal.revocation.revoked-later"
        case sealRevocationMissing = "seal.revocation.missing"
        case sealRevocationStale = "seal.revocation.stale"
        case sealRevocationUnknown = "seal.revocation.unknown"
        case sealRevocationUnauthorized = "seal.revocation.unauthorized"
        case timestampRevocation = "timestamp.revocation"
        case timestampRevocationRevoked = "timestamp.revocation.revoked"
        case timestampRevocationRevokedLater = "timestamp.revocation.revoked-later"
        case timestampRevocationMissing = "timestamp.revocation.missing"
        case timestampRevocationStale = "timestamp.revocation.stale"
        case timestampRevocationUnknown = "timestamp.revocation.unknown"
        case timestampRevocationUnauthorized = "timestamp.revocation.unauthorized"
        case custodyRevocation = "custody.revocation"
        case custodyRevocationRevoked = "custody.revocation.revoked"
        case custodyRevocationRevokedLater = "custody.revocation.revoked-later"
        case custodyRevocationMissing = "custody.revocation.missing"
        case custodyRevocationStale = "custody.revocation.stale"
        case custodyRevocationUnknown = "custody.revocation.unknown"
        case custodyRevocationUnauthorized = "custody.revocation.unauthorized"
        case sealRevocationStapled = "seal.revocation.stapled"
        case sealRevocationStapledMissing = "seal.revocation.stapled.missing"
    }
}
