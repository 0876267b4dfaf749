extension CheckResult.Code {
    // The custody log (§15.6).

    public static let custodyActionMisplaced = Self("custody.action.misplaced")
    public static let custodyBindingMismatch = Self("custody.binding.mismatch")
    public static let custodyCertificateExpired = Self("custody.certificate.expired")
    public static let custodyCertificateInvalid = Self("custody.certificate.invalid")
    public static let custodyCertificateNotYetValid = Self("custody.certificate.not-yet-valid")
    public static let custodyChain = Self("custody.chain")
    public static let custodyContentMismatch = Self("custody.content.mismatch")
    public static let custodyEvent = Self("custody.event")
    public static let custodyEventMalformed = Self("custody.event.malformed")
    public static let custodyFork = Self("custody.fork")
    public static let custodyHead = Self("custody.head")
    public static let custodyIdDuplicate = Self("custody.id.duplicate")
    public static let custodyImportMismatch = Self("custody.import.mismatch")
    public static let custodyImportMissing = Self("custody.import.missing")
    public static let custodyImportUnreadable = Self("custody.import.unreadable")
    public static let custodyLimit = Self("custody.limit")
    public static let custodyLinkBroken = Self("custody.link.broken")
    public static let custodyMissing = Self("custody.missing")
    public static let custodyPackageMismatch = Self("custody.package.mismatch")
    public static let custodyPackagedMissing = Self("custody.packaged.missing")
    public static let custodyPackagedTime = Self("custody.packaged.time")
    public static let custodySealUnrecorded = Self("custody.seal.unrecorded")
    public static let custodySeqGap = Self("custody.seq.gap")
    public static let custodySeqMismatch = Self("custody.seq.mismatch")
    public static let custodySignature = Self("custody.signature")
    public static let custodySignatureFileAlgorithm = Self("custody.signature-file.algorithm")
    public static let custodySignatureFileEmpty = Self("custody.signature-file.empty")
    public static let custodySignatureFileMalformed = Self("custody.signature-file.malformed")
    public static let custodySignatureFileStructure = Self("custody.signature-file.structure")
    public static let custodySignatureEmpty = Self("custody.signature.empty")
    public static let custodySignatureHighS = Self("custody.signature.high-s")
    public static let custodySignatureInvalid = Self("custody.signature.invalid")
    public static let custodySignatureMissing = Self("custody.signature.missing")
    public static let custodySignatureOrphan = Self("custody.signature.orphan")
    public static let custodySignaturePlaceholder = Self("custody.signature.placeholder")
    public static let custodySignerMismatch = Self("custody.signer.mismatch")
    public static let custodySignerUntrusted = Self("custody.signer.untrusted")
    public static let custodySigningTime = Self("custody.signing-time")
    public static let custodyTimeBackwards = Self("custody.time.backwards")
    public static let custodyTimeFuture = Self("custody.time.future")
    public static let custodyTruncated = Self("custody.truncated")
    public static let custodyTrust = Self("custody.trust")
    public static let custodyUnexpectedFile = Self("custody.unexpected-file")

    /// Every custody code, for ``all``.
    static let custodyCodes: [Self] = [
        .custodyActionMisplaced, .custodyBindingMismatch, .custodyCertificateExpired, .custodyCertificateInvalid,
        .custodyCertificateNotYetValid, .custodyChain, .custodyContentMismatch, .custodyEvent, .custodyEventMalformed,
        .custodyFork, .custodyHead, .custodyIdDuplicate, .custodyImportMismatch, .custodyImportMissing, .custodyImportUnreadable,
        .custodyLimit, .custodyLinkBroken, .custodyMissing, .custodyPackageMismatch, .custodyPackagedMissing,
        .custodyPackagedTime, .custodySealUnrecorded, .custodySeqGap, .custodySeqMismatch, .custodySignature,
        .custodySignatureFileAlgorithm, .custodySignatureFileEmpty, .custodySignatureFileMalformed,
        .custodySignatureFileStructure, .custodySignatureEmpty, .custodySignatureHighS, .custodySignatureInvalid,
        .custodySignatureMissing, .custodySignatureOrphan, .custodySignaturePlaceholder, .custodySignerMismatch,
        .custodySignerUntrusted, .custodySigningTime, .custodyTimeBackwards, .custodyTimeFuture, .custodyTruncated, .custodyTrust,
        .custodyUnexpectedFile,
    ]
}
