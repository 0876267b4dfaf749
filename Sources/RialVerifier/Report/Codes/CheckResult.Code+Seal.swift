extension CheckResult.Code {
    // The seal and its RFC 3161 timestamp (§14).

    /// NOT PRESENT: unsealed: nothing proves who made the package (no `--require-seal`).
    public static let seal = Self(SealList.seal)
    /// FAIL: digest not SHA-256, signature algorithm not ecdsa-with-SHA256 (the bare id-ecPublicKey included), an
    /// algorithm identifier not in the profile's one encoding (parameters, NULL included; `SignedData.digestAlgorithms`
    /// other than one SHA-256 without parameters, §14.2), or the signer's key not P-256.
    public static let sealAlgorithm = Self(SealList.sealAlgorithm)
    /// FAIL: the package has no seal, but its custody log records one (a SEALED event, or a PACKAGED event
    /// signed while packing): the seal was removed (subject `rial/seal/manifest.p7s`, seq of that event).
    public static let sealRemoved = Self(SealList.sealRemoved)
    /// FAIL: `rial/seal/tsa-chain.pem` is present without `rial/seal/manifest.tsr`: the token it serves was
    /// removed.
    public static let timestampChainOrphaned = Self(SealList.timestampChainOrphaned)
    /// FAIL: the signer's certificate, or one on its chain, had expired at the time the certificates are
    /// judged (§14.5); or the seal's `signingTime` is after the signer certificate's notAfter.
    public static let sealCertificateExpired = Self(SealList.sealCertificateExpired)
    /// FAIL: the signer's chain is invalid for another reason (a certificate's signature, a CA flag, a path
    /// length, …).
    public static let sealCertificateInvalid = Self(SealList.sealCertificateInvalid)
    /// FAIL: the signer's certificate, or one on its chain, was not yet valid at that time.
    public static let sealCertificateNotYetValid = Self(SealList.sealCertificateNotYetValid)
    /// FAIL: the seal's messageDigest is not the SHA-256 of this package's `rial/manifest.json`: the manifest
    /// was edited after sealing, or the seal comes from another package.
    public static let sealContentMismatch = Self(SealList.sealContentMismatch)
    /// FAIL: the file is zero bytes long: a placeholder, not a seal.
    public static let sealEmpty = Self(SealList.sealEmpty)
    /// FAIL: too large to read (over a limit of §8.3), not one DER CMS ContentInfo with nothing after it, or
    /// not in canonical DER.
    public static let sealMalformed = Self(SealList.sealMalformed)
    /// FAIL: no seal under `--require-seal`: never sealed, or the seal was stripped (in a bag directory, also
    /// with `rial/` removed); or, through the library only, a valid seal under `--require-seal` with no
    /// anchor to trust it by.
    public static let sealRequired = Self(SealList.sealRequired)
    /// - NOT CHECKED: `rial/manifest.json` is missing or unreadable, so there is nothing to check the seal
    ///   against.
    /// - PASS: a valid ECDSA P-256 signature over the exact bytes of `rial/manifest.json` (the message names
    ///   the signer and its certificate's SHA-256).
    public static let sealSignature = Self(SealList.sealSignature)
    /// FAIL: the signature value is zero bytes long (§14.3).
    public static let sealSignatureEmpty = Self(SealList.sealSignatureEmpty)
    /// FAIL: the ECDSA signature has s > n/2; only the low-S form is accepted (§14.3).
    public static let sealSignatureHighS = Self(SealList.sealSignatureHighS)
    /// FAIL: the signature does not verify under the key of the certificate the seal names: another key, or
    /// altered.
    public static let sealSignatureInvalid = Self(SealList.sealSignatureInvalid)
    /// FAIL: the signature value is not an ECDSA signature: every byte the same, not canonical DER `SEQUENCE
    /// {r, s}`, or r or s outside 1 … n−1 (§14.3).
    public static let sealSignaturePlaceholder = Self(SealList.sealSignaturePlaceholder)
    /// FAIL: signature valid, signer not trusted: anchors were given and the signer chains to none of them (a
    /// root inside the package is never one; the message says so when the package carries one).
    public static let sealSignerUntrusted = Self(SealList.sealSignerUntrusted)
    /// FAIL: not a detached CMS SignedData of id-data with exactly one signer, signed attributes, no unsigned
    /// attributes and the signer's certificate embedded (§14.2).
    public static let sealStructure = Self(SealList.sealStructure)
    /// - NOT CHECKED: signature valid, signer not trusted: no anchor was given (`--trust`, `--trust-dir`);
    ///   the message names the signer and its certificate's SHA-256.
    /// - PASS: the signer chains to an anchor given with `--trust` or `--trust-dir`, every certificate valid
    ///   at the time judged.
    public static let sealTrust = Self(SealList.sealTrust)
    /// NOT PRESENT: no timestamp: nothing proves when the package was sealed (no `--require-timestamp`).
    public static let timestamp = Self(SealList.timestamp)
    /// FAIL: `rial/seal/tsa-chain.pem` is not a list of PEM certificates.
    public static let timestampChainMalformed = Self(SealList.timestampChainMalformed)
    /// FAIL: the imprint's hash algorithm is not SHA-256 (expected `2.16.840.1.101.3.4.2.1 (SHA-256)`,
    /// actual: its OID).
    public static let timestampImprintAlgorithm = Self(SealList.timestampImprintAlgorithm)
    /// FAIL: the token covers other bytes than the seal's signature value (expected: SHA-256 of the signature
    /// value, actual: the imprint).
    public static let timestampImprintMismatch = Self(SealList.timestampImprintMismatch)
    /// FAIL: empty, too large to read, not one DER TimeStampResp with nothing after it, or a granted response
    /// without a readable token.
    public static let timestampMalformed = Self(SealList.timestampMalformed)
    /// FAIL: the response's status is neither granted nor grantedWithMods: it carries no token.
    public static let timestampNotGranted = Self(SealList.timestampNotGranted)
    /// FAIL: no timestamp under `--require-timestamp`: never timestamped, or the token was stripped; or,
    /// through the library only, a valid token under `--require-timestamp` with no TSA anchor.
    public static let timestampRequired = Self(SealList.timestampRequired)
    /// FAIL: the token's signature does not verify under the TSA certificate's key, or OpenSSL's RFC 3161
    /// verification with that certificate as its only anchor rejects the token (e.g. its ESS
    /// signing-certificate binding, or the certificate not valid at genTime).
    public static let timestampSignatureInvalid = Self(SealList.timestampSignatureInvalid)
    /// FAIL: the TSA's certificate is neither in the token nor in `rial/seal/tsa-chain.pem` (the token's own
    /// certificates are searched first).
    public static let timestampSignerMissing = Self(SealList.timestampSignerMissing)
    /// FAIL: genTime is before the manifest's `created` (expected `no earlier than C`, actual genTime).
    public static let timestampTimeBeforePackage = Self(SealList.timestampTimeBeforePackage)
    /// FAIL: genTime is after the verification time (expected `no later than T`, actual genTime).
    public static let timestampTimeFuture = Self(SealList.timestampTimeFuture)
    /// PASS: an RFC 3161 token over the SHA-256 of the seal's signature value, signed by a certificate with
    /// the timeStamping usage, genTime plausible (the message gives genTime, TSA and serial).
    public static let timestampToken = Self(SealList.timestampToken)
    /// - NOT CHECKED: token valid, TSA not trusted: no anchor was given (`--tsa-trust`).
    /// - PASS: the TSA chains to an anchor given with `--tsa-trust`, every certificate valid at genTime, and
    ///   OpenSSL's RFC 3161 verification agrees.
    public static let timestampTrust = Self(SealList.timestampTrust)
    /// FAIL: the TSA certificate lacks the critical extended key usage timeStamping, alone (RFC 3161 §2.3).
    public static let timestampTsaEku = Self(SealList.timestampTsaEku)
    /// FAIL: a certificate of the TSA's chain was expired or not yet valid at genTime.
    public static let timestampTsaExpired = Self(SealList.timestampTsaExpired)
    /// FAIL: the TSA's chain is invalid for time stamping for another reason (purpose, key usage, a
    /// certificate's signature, …), or OpenSSL's RFC 3161 verification against the anchors rejects what
    /// rial's path validation accepted.
    public static let timestampTsaInvalid = Self(SealList.timestampTsaInvalid)
    /// FAIL: token valid, TSA not trusted: anchors were given and the TSA chains to none of them.
    public static let timestampTsaUntrusted = Self(SealList.timestampTsaUntrusted)
    /// FAIL: a file under `rial/seal/` ending in `.tsr` other than `rial/seal/manifest.tsr`.
    public static let timestampUnexpectedFile = Self(SealList.timestampUnexpectedFile)
    /// FAIL: a timestamp, but the seal it covers is missing or unusable (`seal.required`, `seal` not_present,
    /// `seal.malformed`, `seal.empty`, `seal.structure`, `seal.algorithm`).
    public static let timestampWithoutSeal = Self(SealList.timestampWithoutSeal)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum SealList: String, CodeList {
        case seal = "seal"
        case sealAlgorithm = "seal.algorithm"
        case sealRemoved = "seal.removed"
        case timestampChainOrphaned = "timestamp.chain.orphaned"
        case sealCertificateExpired = "seal.certificate.expired"
        case sealCertificateInvalid = "seal.certificate.invalid"
        case sealCertificateNotYetValid = "seal.certificate.not-yet-valid"
        case sealContentMismatch = "seal.content.mismatch"
        case sealEmpty = "seal.empty"
        case sealMalformed = "seal.malformed"
        case sealRequired = "seal.required"
        case sealSignature = "seal.signature"
        case sealSignatureEmpty = "seal.signature.empty"
        case sealSignatureHighS = "seal.signature.high-s"
        case sealSignatureInvalid = "seal.signature.invalid"
        case sealSignaturePlaceholder = "seal.signature.placeholder"
        case sealSignerUntrusted = "seal.signer.untrusted"
        case sealStructure = "seal.structure"
        case sealTrust = "seal.trust"
        case timestamp = "timestamp"
        case timestampChainMalformed = "timestamp.chain.malformed"
        case timestampImprintAlgorithm = "timestamp.imprint.algorithm"
        case timestampImprintMismatch = "timestamp.imprint.mismatch"
        case timestampMalformed = "timestamp.malformed"
        case timestampNotGranted = "timestamp.not-granted"
        case timestampRequired = "timestamp.required"
        case timestampSignatureInvalid = "timestamp.signature.invalid"
        case timestampSignerMissing = "timestamp.signer.missing"
        case timestampTimeBeforePackage = "timestamp.time.before-package"
        case timestampTimeFuture = "timestamp.time.future"
        case timestampToken = "timestamp.token"
        case timestampTrust = "timestamp.trust"
        case timestampTsaEku = "timestamp.tsa.eku"
        case timestampTsaExpired = "timestamp.tsa.expired"
        case timestampTsaInvalid = "timestamp.tsa.invalid"
        case timestampTsaUntrusted = "timestamp.tsa.untrusted"
        case timestampUnexpectedFile = "timestamp.unexpected-file"
        case timestampWithoutSeal = "timestamp.without-seal"
    }
}
