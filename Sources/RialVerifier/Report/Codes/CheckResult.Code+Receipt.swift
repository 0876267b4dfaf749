extension CheckResult.Code {
    // A signed verification receipt (`rial receipt verify`, §18): the report, its signature,
    // its signer, its timestamp, the package it names, and a re-run of the verification.

    /// - PASS: `R.json` is a rial JSON report naming the package file's SHA-256 and size.
    public static let receiptReport = Self("receipt.report")
    /// FAIL: `R.json` is missing, too large, not JSON, not a rial report of a major version this
    /// verifier reads, or names no package file digest (not made by `verify --receipt`).
    public static let receiptReportMalformed = Self("receipt.report.malformed")
    /// FAIL: there is no signature beside the report (`R.json.p7s`): it is a report, not a receipt.
    public static let receiptSignatureMissing = Self("receipt.signature.missing")
    /// FAIL: the signature file is too large, or not one canonical DER CMS ContentInfo.
    public static let receiptMalformed = Self("receipt.malformed")
    /// FAIL: the signature file is zero bytes long.
    public static let receiptEmpty = Self("receipt.empty")
    /// FAIL: not a detached CMS SignedData with one signer and signed attributes.
    public static let receiptStructure = Self("receipt.structure")
    /// FAIL: not SHA-256 with ECDSA P-256.
    public static let receiptAlgorithm = Self("receipt.algorithm")
    /// - PASS: a valid ECDSA P-256 signature over the exact bytes of the report.
    /// - NOT CHECKED: the report is missing, or OpenSSL could not check the signature.
    public static let receiptSignature = Self("receipt.signature")
    /// FAIL: the signature value is zero bytes long.
    public static let receiptSignatureEmpty = Self("receipt.signature.empty")
    /// FAIL: the signature value is a placeholder, not an ECDSA signature.
    public static let receiptSignaturePlaceholder = Self("receipt.signature.placeholder")
    /// FAIL: the ECDSA signature is in its high-S form.
    public static let receiptSignatureHighS = Self("receipt.signature.high-s")
    /// FAIL: the signature does not verify under the key of the certificate it names.
    public static let receiptSignatureInvalid = Self("receipt.signature.invalid")
    /// FAIL: the signature was made over other bytes than this report: the report was edited.
    public static let receiptContentMismatch = Self("receipt.content.mismatch")
    /// FAIL: the signer's certificate, or one on its chain, had expired at the time judged.
    public static let receiptCertificateExpired = Self("receipt.certificate.expired")
    /// FAIL: the signer's certificate, or one on its chain, was not yet valid at the time judged.
    public static let receiptCertificateNotYetValid = Self("receipt.certificate.not-yet-valid")
    /// FAIL: the signer's chain is invalid for another reason.
    public static let receiptCertificateInvalid = Self("receipt.certificate.invalid")
    /// - PASS: the signer chains to an anchor given with `--trust`.
    /// - NOT CHECKED: no anchor was given, or OpenSSL could not validate the chain.
    public static let receiptTrust = Self("receipt.trust")
    /// FAIL: anchors were given and the signer chains to none of them.
    public static let receiptSignerUntrusted = Self("receipt.signer.untrusted")
    /// - PASS: an RFC 3161 token (`R.json.tsr`) over the SHA-256 of the receipt signature's value.
    /// - NOT PRESENT: the receipt has no token: nothing proves when it was made.
    /// - NOT CHECKED: OpenSSL could not check the token on this machine.
    public static let receiptTimestamp = Self("receipt.timestamp")
    /// FAIL: the token is not a granted RFC 3161 token, its signer is missing, its signature does not
    /// verify, its TSA lacks the timeStamping usage, or its genTime is before the report or after now.
    public static let receiptTimestampInvalid = Self("receipt.timestamp.invalid")
    /// FAIL: the token's imprint is not the SHA-256 of this receipt signature's value.
    public static let receiptTimestampMismatch = Self("receipt.timestamp.mismatch")
    /// - PASS: the TSA chains to an anchor given with `--tsa-trust`, valid at genTime.
    /// - NOT CHECKED: no TSA anchor was given, or OpenSSL could not judge the chain.
    public static let receiptTimestampTrust = Self("receipt.timestamp.trust")
    /// FAIL: TSA anchors were given and the TSA chains to none, or its chain was not valid at genTime.
    public static let receiptTimestampUntrusted = Self("receipt.timestamp.untrusted")
    /// - PASS: the package given has the SHA-256 and size the report names.
    /// - NOT CHECKED: no package was given, or the report names no package file digest.
    public static let receiptPackage = Self("receipt.package")
    /// FAIL: the package given is not the bytes the receipt names (another package, or changed since).
    public static let receiptPackageMismatch = Self("receipt.package.mismatch")
    /// - PASS: the verification, re-run today with the recorded settings, reaches the same verdict
    ///   and the same findings (code, subject, status).
    /// - NOT CHECKED: not asked for (`--rerun`), or a recorded setting cannot be given again (an
    ///   anchor or revocation file not supplied, a media copy held apart).
    public static let receiptRerun = Self("receipt.rerun")
    /// FAIL: re-run with the recorded settings, the verification disagrees with the receipt.
    public static let receiptRerunDisagrees = Self("receipt.rerun.disagrees")

    /// Every receipt code, for ``all``.
    static let receiptCodes: [Self] = [
        .receiptReport, .receiptReportMalformed, .receiptSignatureMissing, .receiptMalformed, .receiptEmpty, .receiptStructure,
        .receiptAlgorithm, .receiptSignature, .receiptSignatureEmpty, .receiptSignaturePlaceholder, .receiptSignatureHighS,
        .receiptSignatureInvalid, .receiptContentMismatch, .receiptCertificateExpired, .receiptCertificateNotYetValid,
        .receiptCertificateInvalid, .receiptTrust, .receiptSignerUntrusted, .receiptTimestamp, .receiptTimestampInvalid,
        .receiptTimestampMismatch, .receiptTimestampTrust, .receiptTimestampUntrusted, .receiptPackage, .receiptPackageMismatch,
        .receiptRerun, .receiptRerunDisagrees,
    ]
}

extension CheckResult.Code.SignatureCodes {
    /// The receipt's signature codes, judged by ``DetachedSignatureJudge`` as the seal's are.
    static let receipt = CheckResult.Code.SignatureCodes(
        fileMalformed: .receiptMalformed, fileEmpty: .receiptEmpty, fileStructure: .receiptStructure, fileAlgorithm: .receiptAlgorithm,
        signature: .receiptSignature, signatureEmpty: .receiptSignatureEmpty, signaturePlaceholder: .receiptSignaturePlaceholder,
        signatureHighS: .receiptSignatureHighS, signatureInvalid: .receiptSignatureInvalid, contentMismatch: .receiptContentMismatch,
        certificateExpired: .receiptCertificateExpired, certificateNotYetValid: .receiptCertificateNotYetValid,
        certificateInvalid: .receiptCertificateInvalid, trust: .receiptTrust, signerUntrusted: .receiptSignerUntrusted)
}
