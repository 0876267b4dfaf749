extension CheckResult.Code {
    // The renewal of the seal's timestamp: RFC 4998 evidence records (§14.12).

    /// - PASS: every archive timestamp of the last evidence record hashes what it must, is a valid token whose TSA
    ///   chains to a `--tsa-trust` anchor at its genTime, was made while the certificate of the TSA before it was
    ///   valid, and the last TSA's certificate is valid at the verification time (the message gives the chain).
    /// - NOT PRESENT: the seal's timestamp was never renewed.
    /// - NOT CHECKED: no TSA anchor was given, OpenSSL could not judge a token on this machine, or a record uses a
    ///   reduced hash tree (not read by this version).
    public static let timestampRenewal = Self(RenewalList.timestampRenewal)
    /// FAIL: a file under `rial/seal/renewal/` that is not a well-named RFC 4998 EvidenceRecord in DER, a renewal
    /// without the seal timestamp it renews, an earlier record the last one does not extend, or a chain mixing
    /// digest algorithms.
    public static let timestampRenewalMalformed = Self(RenewalList.timestampRenewalMalformed)
    /// FAIL: an archive timestamp's imprint is not the hash RFC 4998 §5.2 or §5.3 requires there (expected the
    /// recomputed hash, actual the imprint).
    public static let timestampRenewalHashMismatch = Self(RenewalList.timestampRenewalHashMismatch)
    /// FAIL: an archive timestamp's token is not a valid RFC 3161 token (signer, signature, usage, genTime after
    /// the verification time), or its TSA does not chain to the anchors at its genTime.
    public static let timestampRenewalTokenInvalid = Self(RenewalList.timestampRenewalTokenInvalid)
    /// FAIL: an archive timestamp was made after the certificate of the TSA before it had expired, or before the
    /// timestamp it renews: the chain of proof has a gap.
    public static let timestampRenewalGap = Self(RenewalList.timestampRenewalGap)
    /// FAIL: the last archive timestamp's TSA certificate had expired at the verification time: the record was
    /// not renewed in time.
    public static let timestampRenewalExpired = Self(RenewalList.timestampRenewalExpired)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum RenewalList: String, CodeList {
        case timestampRenewal = "timestamp.renewal"
        case timestampRenewalMalformed = "timestamp.renewal.malformed"
        case timestampRenewalHashMismatch = "timestamp.renewal.hash-mismatch"
        case timestampRenewalTokenInvalid = "timestamp.renewal.token-invalid"
        case timestampRenewalGap = "timestamp.renewal.gap"
        case timestampRenewalExpired = "timestamp.renewal.expired"
    }
}
