import RialVerifier
/// What a failed check means, in words a court can act on: what the failure says happened to
/// the evidence, not how the verifier found it. Matched by code, most specific first; the
/// check's own message gives the details beside it.
enum FailureMeaning {
    /// Code prefixes (a whole code or a code followed by its next part) and what a failure
    /// under them means, in order: the first match wins.
    static let meanings: [(prefixes: [String], meaning: String)] = [
        (["chain.link.broken"],
         "The frame hash chain breaks here: from this frame on, the frames, depth data or times are not the ones recorded at capture."),
        (["custody.truncated"],
         "Custody events were removed from the end of the log: it no longer holds the event recorded at the hand-over (--custody-head)."),
        (["custody.link.broken", "custody.fork", "custody.seq", "custody.binding", "custody.id.duplicate", "custody.package.mismatch"],
         "The chain of custody events is broken here: an event was changed, removed or inserted after it was recorded."),
        (["custody.signer.untrusted", "seal.signer.untrusted"],
         "The signature is valid, but its signer does not chain to any trust anchor the examiner gave, so who signed is not established."),
        (["custody.signature", "custody.signature-file", "custody.content.mismatch", "custody.signer.mismatch", "custody.certificate"],
         "A custody event's signature does not hold: the event was changed after it was signed, or was not signed by the person it names."),
        (["custody"],
         "The custody log does not hold together as rial records it."),
        (["seal.required"],
         "A seal by a trusted signer was required, and the package has none that qualifies."),
        (["seal"],
         "The seal does not hold: the package is not as its signer sealed it, or the seal itself is defective."),
        (["timestamp.required"],
         "A trusted timestamp was required, and the package has none that qualifies."),
        (["timestamp"],
         "The timestamp does not establish when the package was sealed."),
        (["app.timestamp"],
         "A time-stamp the capture app obtained does not establish when the capture was made."),
        (["app.media", "metadata.media-hash.mismatch", "media.external.mismatch"],
         "The media is not the one recorded at capture: its hash differs from the one recorded."),
        (["bag.manifest", "bag.tagmanifest", "rial.manifest.file", "bag.payload-oxum.mismatch"],
         "A file was changed, removed or added after the package was made: its content or presence does not match what was recorded."),
        (["privacy"],
         "The package discloses more, or other, than its stated privacy levels allow."),
        (["metadata", "depth", "chain", "app"],
         "What the package states about the capture contradicts the recorded evidence, or its records of the capture are damaged."),
        (["rial.manifest"],
         "The package's list of files and hashes (rial/manifest.json) is damaged or does not match the package."),
        (["bag", "archive"],
         "The package's structure (its BagIt files and lists of hashes) is damaged or incomplete."),
    ]

    /// The families of codes about one file against the lists of files made at packing, where
    /// the last part of the code says what happened to the file.
    static let fileFamilies = ["bag.manifest.", "bag.tagmanifest.", "rial.manifest.file."]

    /// The meaning of a failure of `code`.
    static func of(_ code: String) -> String {
        if fileFamilies.contains(where: code.hasPrefix) {
            if code.hasSuffix("mismatch") {
                return "This file's content is not what was recorded when the package was made: it was changed or damaged after packing."
            }
            if code.hasSuffix(".missing") {
                return "This file was recorded when the package was made and is not in it now: it was removed."
            }
            if code.hasSuffix(".unlisted") {
                return "This file was not recorded when the package was made: it was added later."
            }
        }
        for (prefixes, meaning) in meanings where prefixes.contains(where: { code == $0 || code.hasPrefix($0 + ".") }) {
            return meaning
        }
        return "A check failed; its finding says what it found."
    }
}
