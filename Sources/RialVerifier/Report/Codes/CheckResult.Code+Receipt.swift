extension CheckResult.Code {
    // A signed verification receipt (`rial receipt verify`, §18): the report, its signature,
    // its signer, its timestamp, the package it names, and a re-run of the verification.

    /// - PASS: `R.json` is a rial JSON report naming the package file's SHA-256 and size.
    public static let receiptReport = Self(ReceiptList.receiptReport)
    /// FAIL: `R.json` is missing, too large, not JSON, not a rial report of a major version this
    /// verifier reads, or names no package file digest (not made by `verify --receipt`).
    public static let receiptReportMalformed = Self(ReceiptList.receiptReportMalformed)
    /// FAIL: there is no signature beside the report (`R.json.p7s`): it is a report, not a receipt.
    public static let receiptSignatureMissing = Self(ReceiptList.receiptSignatureMissing)
    /// FAIL: the signature file is too large, or not one canonical DER CMS ContentInfo.
    public static let receiptMalformed = Self(ReceiptList.receiptMalformed)
    /// FAIL: the signature file is zero bytes long.
    public static let receiptEmpty = Self(ReceiptList.receiptEmpty)
    /// FAIL: not a detached CMS SignedData with one signer and signed attributes.
    public static let receiptStructure = Self(ReceiptList.receiptStructure)
    /// FAIL: not SHA-256 with ECDSA P-256.
    public static let receiptAlgorithm = Self(ReceiptList.receiptAlgorithm)
    /// - PASS: a valid ECDSA P-256 signature over the exact bytes of the report.
    /// - NOT CHECKED: the report is missing, or OpenSSL could not check the signature.
    public static let receiptSignature = Self(ReceiptList.receiptSignature)
    /// FAIL: the signature value is zero bytes long.
    public static let receiptSignatureEmpty = Self(ReceiptList.receiptSignatureEmpty)
    /// FAIL: the signature value is a placeholder, not an ECDSA signature.
    public static let receiptSignaturePlaceholder = Self(ReceiptList.receiptSignaturePlaceholder)
    /// FAIL: the ECDSA signature is in its high-S form.
    public static let receiptSignatureHighS = Self(ReceiptList.receiptSignatureHighS)
    /// FAIL: the signature does not verify under the key of the certificate it names.
    public static let receiptSignatureInvalid = Self(ReceiptList.receiptSignatureInvalid)
    /// FAIL: the signature was made over other bytes than this report: the report was edited.
    public static let receiptContentMismatch = Self(ReceiptList.receiptContentMismatch)
    /// FAIL: the signer's certificate, or one on its chain, had expired at the time judged.
    public static let receiptCertificateExpired = Self(ReceiptList.receiptCertificateExpired)
    /// FAIL: the signer's certificate, or one on its chain, was not yet valid at the time judged.
    public static let receiptCertificateNotYetValid = Self(ReceiptList.receiptCertificateNotYetValid)
    /// FAIL: the signer's chain is invalid for another reason.
    public static let receiptCertificateInvalid = Self(ReceiptList.receiptCertificateInvalid)
    /// - PASS: the signer chains to an anchor given with `--trust`.
    /// - NOT CHECKED: no anchor was given, or OpenSSL could not validate the chain.
    public static let receiptTrust = Self(ReceiptList.receiptTrust)
    /// FAIL: anchors were given and the signer chains to none of them.
    public static let receiptSignerUntrusted = Self(ReceiptList.receiptSignerUntrusted)
    /// - PASS: an RFC 3161 token (`R.json.tsr`) over the SHA-256 of the receipt signature's value.
    /// - NOT PRESENT: the receipt has no token: nothing proves when it was made.
    /// - NOT CHECKED: OpenSSL could not check the token on this machine.
    public static let receiptTimestamp = Self(ReceiptList.receiptTimestamp)
    /// FAIL: the token is not a granted RFC 3161 token, its signer is missing, its signature does not
    /// verify, its TSA lacks the timeStamping usage, or its genTime is before the report or after now.
    public static let receiptTimestampInvalid = Self(ReceiptList.receiptTimestampInvalid)
    /// FAIL: the token's imprint is not the SHA-256 of this receipt signature's value.
    public static let receiptTimestampMismatch = Self(ReceiptList.receiptTimestampMismatch)
    /// - PASS: the TSA chains to an anchor given with `--tsa-trust`, valid at genTime.
    /// - NOT CHECKED: no TSA anchor was given, or OpenSSL could not judge the chain.
    public static let receiptTimestampTrust = Self(ReceiptList.receiptTimestampTrust)
    /// FAIL: TSA anchors were given and the TSA chains to none, or its chain was not valid at genTime.
    public static let receiptTimestampUntrusted = Self(ReceiptList.receiptTimestampUntrusted)
    /// - PASS: the package given has the SHA-256 and size the report names.
    /// - NOT CHECKED: no package was given, or the report names no package file digest.
    public static let receiptPackage = Self(ReceiptList.receiptPackage)
    /// FAIL: the package given is not the bytes the receipt names (another package, or changed since).
    public static let receiptPackageMismatch = Self(ReceiptList.receiptPackageMismatch)
    /// - PASS: the verification, re-run today with the recorded settings, reaches the same verdict
    ///   and the same findings (code, subject, status).
    /// - NOT CHECKED: not asked for (`--rerun`), or a recorded setting cannot be given again (an
    ///   anchor or revocation file not supplied, a media copy held apart).
    public static let receiptRerun = Self(ReceiptList.receiptRerun)
    /// FAIL: re-run with the recorded settings, the verification disagrees with the receipt.
    public static let receiptRerunDisagrees = Self(ReceiptList.receiptRerunDisagrees)

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

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum ReceiptList: String, CodeList {
        case receiptReport = "receipt.report"
        case receiptReportMalformed = "receipt.report.malformed"
        case receiptSignatureMissing = "receipt.signature.missing"
        case receiptMalformed = "receipt.malformed"
        case receiptEmpty = "receipt.empty"
        case receiptStructure = "receipt.structure"
        case receiptAlgorithm = "receipt.algorithm"
        case receiptSignature = "receipt.signature"
        case receiptSignatureEmpty = "receipt.signature.empty"
        case receiptSignaturePlaceholder = "receipt.signature.placeholder"
        case receiptSignatureHighS = "receipt.signature.high-s"
        case receiptSignatureInvalid = "receipt.signature.invalid"
        case receiptContentMismatch = "receipt.content.mismatch"
        case receiptCertificateExpired = "receipt.certificate.expired"
        case receiptCertificateNotYetValid = "receipt.certificate.not-yet-valid"
        case receiptCertificateInvalid = "receipt.certificate.invalid"
        case receiptTrust = "receipt.trust"
        case receiptSignerUntrusted = "receipt.signer.untrusted"
        case receiptTimestamp = "receipt.timestamp"
        case receiptTimestampInvalid = "receipt.timestamp.invalid"
        case receiptTimestampMismatch = "receipt.timestamp.mismatch"
        case receiptTimestampTrust = "receipt.timestamp.trust"
        case receiptTimestampUntrusted = "receipt.timestamp.untrusted"
        case receiptPackage = "receipt.package"
        case receiptPackageMismatch = "receipt.package.mismatch"
        case receiptRerun = "receipt.rerun"
        case receiptRerunDisagrees = "receipt.rerun.disagrees"
    }
}
