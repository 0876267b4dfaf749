extension CheckResult.Code {
    // The seal and its RFC 3161 timestamp (§14).

    public static let seal = Self("seal")
    public static let sealAlgorithm = Self("seal.algorithm")
    public static let sealCertificateExpired = Self("seal.certificate.expired")
    public static let sealCertificateInvalid = Self("seal.certificate.invalid")
    public static let sealCertificateNotYetValid = Self("seal.certificate.not-yet-valid")
    public static let sealContentMismatch = Self("seal.content.mismatch")
    public static let sealEmpty = Self("seal.empty")
    public static let sealMalformed = Self("seal.malformed")
    public static let sealRequired = Self("seal.required")
    public static let sealSignature = Self("seal.signature")
    public static let sealSignatureEmpty = Self("seal.signature.empty")
    public static let sealSignatureHighS = Self("seal.signature.high-s")
    public static let sealSignatureInvalid = Self("seal.signature.invalid")
    public static let sealSignaturePlaceholder = Self("seal.signature.placeholder")
    public static let sealSignerUntrusted = Self("seal.signer.untrusted")
    public static let sealStructure = Self("seal.structure")
    public static let sealTrust = Self("seal.trust")
    public static let timestamp = Self("timestamp")
    public static let timestampChainMalformed = Self("timestamp.chain.malformed")
    public static let timestampImprintAlgorithm = Self("timestamp.imprint.algorithm")
    public static let timestampImprintMismatch = Self("timestamp.imprint.mismatch")
    public static let timestampMalformed = Self("timestamp.malformed")
    public static let timestampNotGranted = Self("timestamp.not-granted")
    public static let timestampRequired = Self("timestamp.required")
    public static let timestampSignatureInvalid = Self("timestamp.signature.invalid")
    public static let timestampSignerMissing = Self("timestamp.signer.missing")
    public static let timestampTimeBeforePackage = Self("timestamp.time.before-package")
    public static let timestampTimeFuture = Self("timestamp.time.future")
    public static let timestampToken = Self("timestamp.token")
    public static let timestampTrust = Self("timestamp.trust")
    public static let timestampTsaEku = Self("timestamp.tsa.eku")
    public static let timestampTsaExpired = Self("timestamp.tsa.expired")
    public static let timestampTsaInvalid = Self("timestamp.tsa.invalid")
    public static let timestampTsaUntrusted = Self("timestamp.tsa.untrusted")
    public static let timestampUnexpectedFile = Self("timestamp.unexpected-file")
    public static let timestampWithoutSeal = Self("timestamp.without-seal")

    /// Every seal code, for ``all``.
    static let sealCodes: [Self] = [
        .seal, .sealAlgorithm, .sealCertificateExpired, .sealCertificateInvalid, .sealCertificateNotYetValid,
        .sealContentMismatch, .sealEmpty, .sealMalformed, .sealRequired, .sealSignature, .sealSignatureEmpty, .sealSignatureHighS,
        .sealSignatureInvalid, .sealSignaturePlaceholder, .sealSignerUntrusted, .sealStructure, .sealTrust, .timestamp,
        .timestampChainMalformed, .timestampImprintAlgorithm, .timestampImprintMismatch, .timestampMalformed,
        .timestampNotGranted, .timestampRequired, .timestampSignatureInvalid, .timestampSignerMissing,
        .timestampTimeBeforePackage, .timestampTimeFuture, .timestampToken, .timestampTrust, .timestampTsaEku,
        .timestampTsaExpired, .timestampTsaInvalid, .timestampTsaUntrusted, .timestampUnexpectedFile, .timestampWithoutSeal,
    ]
}
