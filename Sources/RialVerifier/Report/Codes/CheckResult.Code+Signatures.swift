extension CheckResult.Code {
    /// The codes of a detached CMS signature whose findings ``DetachedSignatureJudge`` words: the seal's
    /// (`seal.…`, §14) or a custody event's (`custody.…`, §15.6). The two read alike but are
    /// spelled out here constant by constant, so each is one SPEC §8.6 lists.
    struct SignatureCodes: Sendable {
        /// The file is too large to read, or not one canonical DER CMS ContentInfo.
        let fileMalformed: CheckResult.Code
        /// The file is zero bytes long.
        let fileEmpty: CheckResult.Code
        /// Not a detached CMS SignedData with one signer.
        let fileStructure: CheckResult.Code
        /// Not SHA-256 with ECDSA P-256.
        let fileAlgorithm: CheckResult.Code
        /// The signature is valid (pass), or there is nothing to check it against (not checked).
        let signature: CheckResult.Code
        let signatureEmpty: CheckResult.Code
        let signaturePlaceholder: CheckResult.Code
        let signatureHighS: CheckResult.Code
        let signatureInvalid: CheckResult.Code
        /// The signature was made over other bytes.
        let contentMismatch: CheckResult.Code
        let certificateExpired: CheckResult.Code
        let certificateNotYetValid: CheckResult.Code
        let certificateInvalid: CheckResult.Code
        /// The signer chains to an anchor (pass), or no anchor was given (not checked).
        let trust: CheckResult.Code
        /// Anchors were given and the signer chains to none.
        let signerUntrusted: CheckResult.Code
        /// Whether ``signerUntrusted`` fails (the seal) or is NOT CHECKED (a custody event's signer).
        var untrustedSignerFails = true

        /// The seal, `rial/seal/manifest.p7s`; its file findings carry the seal's own codes.
        static let seal = SignatureCodes(
            fileMalformed: .sealMalformed, fileEmpty: .sealEmpty, fileStructure: .sealStructure, fileAlgorithm: .sealAlgorithm,
            signature: .sealSignature, signatureEmpty: .sealSignatureEmpty, signaturePlaceholder: .sealSignaturePlaceholder,
            signatureHighS: .sealSignatureHighS, signatureInvalid: .sealSignatureInvalid, contentMismatch: .sealContentMismatch,
            certificateExpired: .sealCertificateExpired, certificateNotYetValid: .sealCertificateNotYetValid,
            certificateInvalid: .sealCertificateInvalid, trust: .sealTrust, signerUntrusted: .sealSignerUntrusted)

        /// A custody event's signature, `rial/custody/NNNNNN.p7s`; its file findings are
        /// `custody.signature-file.…`.
        static let custody = SignatureCodes(
            fileMalformed: .custodySignatureFileMalformed, fileEmpty: .custodySignatureFileEmpty,
            fileStructure: .custodySignatureFileStructure, fileAlgorithm: .custodySignatureFileAlgorithm,
            signature: .custodySignature, signatureEmpty: .custodySignatureEmpty, signaturePlaceholder: .custodySignaturePlaceholder,
            signatureHighS: .custodySignatureHighS, signatureInvalid: .custodySignatureInvalid, contentMismatch: .custodyContentMismatch,
            certificateExpired: .custodyCertificateExpired, certificateNotYetValid: .custodyCertificateNotYetValid,
            certificateInvalid: .custodyCertificateInvalid, trust: .custodyTrust, signerUntrusted: .custodySignerUntrusted,
            untrustedSignerFails: false)
    }
}
