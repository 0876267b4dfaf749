import RialCrypto
import RialVerifier
/// What a failed check means, in words a court can act on: what the failure says happened to
/// the evidence, not how the verifier found it. Matched by code, most specific first; the
/// check's own message gives the details beside it.
enum FailureMeaning {
    /// One meaning and the codes it covers: whole codes, and families (a code and those below it).
    struct Entry {
        /// The codes this meaning is for, exactly.
        let codes: Set<CheckResult.Code>
        /// The families this meaning is for.
        let families: [CheckResult.Code.Family]
        /// The words.
        let meaning: String

        init(codes: Set<CheckResult.Code> = [], families: [CheckResult.Code.Family] = [], _ meaning: String) {
            self.codes = codes
            self.families = families
            self.meaning = meaning
        }

        /// Whether this entry covers `code`.
        func covers(_ code: CheckResult.Code) -> Bool { codes.contains(code) || families.contains(where: code.isIn) }
    }

    /// The meanings in order: the first entry that covers a code wins.
    static let meanings: [Entry] = [
        Entry(
            codes: [.chainLinkBroken],
            "The frame hash chain breaks here: from this frame on, the frames, depth data or times are not the ones recorded at capture."),
        Entry(
            codes: [.custodyTruncated],
            "Custody events were removed from the end of the log: it no longer holds the event recorded at the hand-over (--custody-head)."),
        Entry(
            codes: [.custodyLinkBroken, .custodyFork, .custodyIdDuplicate, .custodyPackageMismatch], families: [.custodySeq, .custodyBinding],
            "The chain of custody events is broken here: an event was changed, removed or inserted after it was recorded."),
        Entry(
            codes: [.custodySignerUntrusted, .sealSignerUntrusted],
            "The signature is valid, but its signer does not chain to any trust anchor the examiner gave, so who signed is not established."),
        Entry(
            codes: [.custodyContentMismatch, .custodySignerMismatch], families: [.custodySignature, .custodySignatureFile, .custodyCertificate],
            "A custody event's signature does not hold: the event was changed after it was signed, or was not signed by the person it names."),
        Entry(
            families: [.custody],
            "The custody log does not hold together as rial records it."),
        Entry(
            codes: [.sealRequired],
            "A seal by a trusted signer was required, and the package has none that qualifies."),
        Entry(
            families: [.seal],
            "The seal does not hold: the package is not as its signer sealed it, or the seal itself is defective."),
        Entry(
            codes: [.timestampRequired],
            "A trusted timestamp was required, and the package has none that qualifies."),
        Entry(
            families: [.timestamp],
            "The timestamp does not establish when the package was sealed."),
        Entry(
            families: [.appTimestamp],
            "A time-stamp the capture app obtained does not establish when the capture was made."),
        Entry(
            codes: [.metadataMediaHashMismatch, .mediaExternalMismatch], families: [.appMedia],
            "The media is not the one recorded at capture: its hash differs from the one recorded."),
        Entry(
            codes: [.bagPayloadOxumMismatch], families: [.bagManifest, .bagTagmanifest, .rialManifestFile],
            "A file was changed, removed or added after the package was made: its content or presence does not match what was recorded."),
        Entry(
            families: [.privacy],
            "The package discloses more, or other, than its stated privacy levels allow."),
        Entry(
            families: [.metadata, .depth, .chain, .app],
            "What the package states about the capture contradicts the recorded evidence, or its records of the capture are damaged."),
        Entry(
            families: [.rialManifest],
            "The package's list of files and hashes (rial/manifest.json) is damaged or does not match the package."),
        Entry(
            families: [.bag, .archive],
            "The package's structure (its BagIt files and lists of hashes) is damaged or incomplete."),
    ]

    /// A file's content differs from what the lists of files made at packing record.
    static let changedFileCodes: Set<CheckResult.Code> = Set(
        manifestCodes.map(\.mismatch)
            + [.rialManifestFileSha256Mismatch, .rialManifestFileSha512Mismatch, .rialManifestFileSizeMismatch, .rialManifestFileRoleMismatch])
    /// A file those lists record is not in the package.
    static let removedFileCodes: Set<CheckResult.Code> = Set(manifestCodes.map(\.missing) + [.rialManifestFileMissing])
    /// A file in the package that those lists do not record.
    static let addedFileCodes: Set<CheckResult.Code> = Set(manifestCodes.map(\.unlisted) + [.rialManifestFileUnlisted])

    /// The payload and tag manifests' codes of every algorithm.
    private static var manifestCodes: [CheckResult.Code.ManifestCodes] {
        DigestAlgorithm.allCases.flatMap { [CheckResult.Code.payloadManifest($0), CheckResult.Code.tagManifest($0)] }
    }

    /// The meaning of a failure of `code`.
    static func of(_ code: CheckResult.Code) -> String {
        if changedFileCodes.contains(code) {
            return "This file's content is not what was recorded when the package was made: it was changed or damaged after packing."
        }
        if removedFileCodes.contains(code) {
            return "This file was recorded when the package was made and is not in it now: it was removed."
        }
        if addedFileCodes.contains(code) {
            return "This file was not recorded when the package was made: it was added later."
        }
        return meanings.first { $0.covers(code) }?.meaning ?? "A check failed; its finding says what it found."
    }
}
