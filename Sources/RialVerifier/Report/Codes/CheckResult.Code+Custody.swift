extension CheckResult.Code {
    // The custody log (§15.6).

    /// FAIL: a capture app action on an event that is not imported, or PACKAGED anywhere but right after the
    /// imported events.
    public static let custodyActionMisplaced = Self(CustodyList.custodyActionMisplaced)
    /// FAIL: the first event's `previous` is not the SHA-256 of `rial/manifest.json`: the log comes from
    /// another package, or the manifest changed (expected: the manifest's SHA-256, actual: `previous`).
    public static let custodyBindingMismatch = Self(CustodyList.custodyBindingMismatch)
    /// FAIL: the event states a time after the notAfter of a signer certificate no longer valid at the
    /// verification time (signed with a retired key); or the signer's certificate, or one on its chain, had
    /// expired at the time the certificates are judged (the verification time, or, when the signer's
    /// certificate is not valid at the verification time, the signing time the signature claims: its
    /// `signingTime`, or the event's `timestamp` for a signature without one, §15.6); or the signature's
    /// `signingTime` is after the signer certificate's notAfter.
    public static let custodyCertificateExpired = Self(CustodyList.custodyCertificateExpired)
    /// FAIL: the signer's chain is invalid for another reason (as `seal.certificate.invalid`).
    public static let custodyCertificateInvalid = Self(CustodyList.custodyCertificateInvalid)
    /// FAIL: the signer's certificate, or one on its chain, was not yet valid at that time (e.g. a signature
    /// that claims a signing time before its certificate was issued, judged after that certificate expired;
    /// or one without `signingTime` on an event whose stated time is before then, Appendix A.15).
    public static let custodyCertificateNotYetValid = Self(CustodyList.custodyCertificateNotYetValid)
    /// PASS: no custody result failed: every event links from `rial/manifest.json` to the head; the message
    /// gives the head's seq and SHA-256 and the imported and signed counts.
    public static let custodyChain = Self(CustodyList.custodyChain)
    /// FAIL: the signature's messageDigest is not the SHA-256 of the event file: the event was edited after
    /// signing, or the signature belongs to another event.
    public static let custodyContentMismatch = Self(CustodyList.custodyContentMismatch)
    /// PASS: the event parsed, links to the one before it (or to `rial/manifest.json`), and is in order; none
    /// of its own or its signature's results failed (the message gives action, time, actor and signer).
    public static let custodyEvent = Self(CustodyList.custodyEvent)
    /// FAIL: too large to read, not strict JSON, or breaks the rules of §15.2 (an unknown key, a field out of
    /// shape).
    public static let custodyEventMalformed = Self(CustodyList.custodyEventMalformed)
    /// FAIL: an earlier event names the same `previous`: two events claim the same place.
    public static let custodyFork = Self(CustodyList.custodyFork)
    /// - NOT CHECKED: no `--custody-head`: whether events were removed from the end cannot be told from the
    ///   package alone.
    /// - PASS: under `--custody-head`: this event has the SHA-256 given, recorded at a hand-over (seq).
    public static let custodyHead = Self(CustodyList.custodyHead)
    /// FAIL: the `id` of an earlier event: an event was copied.
    public static let custodyIdDuplicate = Self(CustodyList.custodyIdDuplicate)
    /// FAIL: an imported event differs from its entry of the capture app's log (source or entry, action,
    /// time, details, actor), carries a `location` or `forced`, or has an `id` other than the one derived
    /// from the manifest (§15.4; the message lists each difference), or claims an entry the log does not
    /// have.
    public static let custodyImportMismatch = Self(CustodyList.custodyImportMismatch)
    /// NOT CHECKED: the imported entry's action is none of the capture app's five (e.g. the TSA step's
    /// result): carried as written in `imported.app_action`, recorded as NOTE; what it attests is not
    /// interpreted.
    public static let custodyImportAppAction = Self(CustodyList.custodyImportAppAction)
    /// NOT CHECKED: the imported entry's `userIdentifier` is empty: who did it cannot be checked.
    public static let custodyImportNoUser = Self(CustodyList.custodyImportNoUser)
    /// PASS: the app wrote dates as numbers of seconds since 2001-01-01 (Swift's default); each was
    /// converted exactly, and kept as written in `imported.app_timestamp` (the message shows one).
    public static let custodyImportTimeConverted = Self(CustodyList.custodyImportTimeConverted)
    /// PASS: every entry of the capture app's log is imported as the event of its position, its
    /// `timestamp`, `action`, `details` and `userIdentifier` as the app wrote them (keys the log's entries
    /// hold beyond these are named by `app.keys.not-checked`).
    public static let custodyImport = Self(CustodyList.custodyImport)
    /// FAIL: the capture app's log has an entry *i*, but event *i* is not imported.
    public static let custodyImportMissing = Self(CustodyList.custodyImportMissing)
    /// FAIL: the capture app's log is too large to read or breaks §2.2, so the imported events cannot be
    /// checked against it.
    public static let custodyImportUnreadable = Self(CustodyList.custodyImportUnreadable)
    /// FAIL: more than 100 000 event files; none is judged.
    public static let custodyLimit = Self(CustodyList.custodyLimit)
    /// FAIL: `previous` is not the SHA-256 of the event file before it (expected: that SHA-256, actual:
    /// `previous`), or there is no event file before it: an event before it was edited, removed, inserted or
    /// reordered.
    public static let custodyLinkBroken = Self(CustodyList.custodyLinkBroken)
    /// FAIL: no event file: the log was stripped, or the package was made by another tool or by a rial that
    /// predates §15 (§15.7).
    public static let custodyMissing = Self(CustodyList.custodyMissing)
    /// FAIL: `package_id` is not this package's (expected: the manifest's, actual: the event's).
    public static let custodyPackageMismatch = Self(CustodyList.custodyPackageMismatch)
    /// FAIL: the event right after the imported events is not a PACKAGED event of rial's.
    public static let custodyPackagedMissing = Self(CustodyList.custodyPackagedMissing)
    /// FAIL: the PACKAGED event's `timestamp` is not `created` of `rial/manifest.json` (expected: `created`,
    /// actual: the event's time).
    public static let custodyPackagedTime = Self(CustodyList.custodyPackagedTime)
    /// FAIL: the package has a valid seal (`valid-trusted` or `valid-untrusted`), but no PACKAGED or SEALED
    /// event is validly signed by the seal's certificate (the same SHA-256): the sealing event's signature
    /// was stripped or replaced.
    public static let custodySealUnrecorded = Self(CustodyList.custodySealUnrecorded)
    /// FAIL: the numbering jumps to this event: the events between were removed.
    public static let custodySeqGap = Self(CustodyList.custodySeqGap)
    /// FAIL: the event's `seq` is not the number of its file: renamed or moved (expected: the file's, actual:
    /// the event's).
    public static let custodySeqMismatch = Self(CustodyList.custodySeqMismatch)
    /// - NOT PRESENT: an event that is not imported and has no signature: that its actor recorded it rests on
    ///   its own word.
    /// - NOT CHECKED: a signature beside an event that could not be read.
    /// - PASS: a valid ECDSA P-256 signature over the exact bytes of the event file (the message names the
    ///   signer and its certificate's SHA-256).
    public static let custodySignature = Self(CustodyList.custodySignature)
    /// FAIL: as `seal.algorithm`.
    public static let custodySignatureFileAlgorithm = Self(CustodyList.custodySignatureFileAlgorithm)
    /// FAIL: the file is zero bytes long (as `seal.empty`).
    public static let custodySignatureFileEmpty = Self(CustodyList.custodySignatureFileEmpty)
    /// FAIL: its bytes were not kept (over a limit of §8.3), or it is not one DER CMS ContentInfo with
    /// nothing after it, or not in canonical DER (as `seal.malformed`).
    public static let custodySignatureFileMalformed = Self(CustodyList.custodySignatureFileMalformed)
    /// FAIL: as `seal.structure`.
    public static let custodySignatureFileStructure = Self(CustodyList.custodySignatureFileStructure)
    /// FAIL: the signature value is zero bytes long (as `seal.signature.empty`).
    public static let custodySignatureEmpty = Self(CustodyList.custodySignatureEmpty)
    /// FAIL: as `seal.signature.high-s`.
    public static let custodySignatureHighS = Self(CustodyList.custodySignatureHighS)
    /// FAIL: as `seal.signature.invalid`.
    public static let custodySignatureInvalid = Self(CustodyList.custodySignatureInvalid)
    /// FAIL: the event names the certificate that signed it (`actor.certificate_sha256`), but its signature
    /// file is not there: the signature was removed.
    public static let custodySignatureMissing = Self(CustodyList.custodySignatureMissing)
    /// FAIL: a signature whose event file is not in the input: the event was removed (seq).
    public static let custodySignatureOrphan = Self(CustodyList.custodySignatureOrphan)
    /// FAIL: as `seal.signature.placeholder`.
    public static let custodySignaturePlaceholder = Self(CustodyList.custodySignaturePlaceholder)
    /// FAIL: the signer is not the event's actor: `actor.certificate_sha256` is absent or is not the signer
    /// certificate's SHA-256; the certificate has no single CN, or its CN is not `actor.name`; or the actor
    /// has an `organisation` and the certificate has no single O, or its O is not that `organisation` (the
    /// message lists each).
    public static let custodySignerMismatch = Self(CustodyList.custodySignerMismatch)
    /// NOT CHECKED: signature valid, but anchors were given and the signer chains to none of them: who
    /// signed the event is not established (a provenance finding, not a break: §15.6).
    public static let custodySignerUntrusted = Self(CustodyList.custodySignerUntrusted)
    /// NOT CHECKED: the signer's certificate is not valid at the verification time, so the certificates were
    /// judged at the signing time the signature claims (its `signingTime`, or the event's `timestamp` for a
    /// signature without one), and nothing proves the event was signed then (after `custody.trust` or
    /// `custody.signer.untrusted`; the message gives the certificate's validity and that time).
    public static let custodySigningTime = Self(CustodyList.custodySigningTime)
    /// FAIL: earlier than an event before it (expected `no earlier than T`, actual: its time).
    public static let custodyTimeBackwards = Self(CustodyList.custodyTimeBackwards)
    /// FAIL: later than the verification time (expected `no later than T`, actual: its time).
    public static let custodyTimeFuture = Self(CustodyList.custodyTimeFuture)
    /// FAIL: the log ends before its PACKAGED event (seq: its last event), or, under `--custody-head`, no
    /// event has the SHA-256 given (expected: it, actual: the head's SHA-256): events were removed from its
    /// end.
    public static let custodyTruncated = Self(CustodyList.custodyTruncated)
    /// - NOT CHECKED: signature valid, signer not trusted: no anchor was given (`--trust`, `--trust-dir`).
    /// - PASS: the signer chains to an anchor given with `--trust` or `--trust-dir`, every certificate valid
    ///   at the time the certificates are judged (the message says which time).
    public static let custodyTrust = Self(CustodyList.custodyTrust)
    /// FAIL: a file under `rial/custody/` that is not an event file `NNNNNN.json` or a signature `NNNNNN.p7s`
    /// (§15.1); nothing else checks it.
    public static let custodyUnexpectedFile = Self(CustodyList.custodyUnexpectedFile)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum CustodyList: String, CodeList {
        case custodyActionMisplaced = "custody.action.misplaced"
        case custodyBindingMismatch = "custody.binding.mismatch"
        case custodyCertificateExpired = "custody.certificate.expired"
        case custodyCertificateInvalid = "custody.certificate.invalid"
        case custodyCertificateNotYetValid = "custody.certificate.not-yet-valid"
        case custodyChain = "custody.chain"
        case custodyContentMismatch = "custody.content.mismatch"
        case custodyEvent = "custody.event"
        case custodyEventMalformed = "custody.event.malformed"
        case custodyFork = "custody.fork"
        case custodyHead = "custody.head"
        case custodyIdDuplicate = "custody.id.duplicate"
        case custodyImportMismatch = "custody.import.mismatch"
        case custodyImportAppAction = "custody.import.app-action"
        case custodyImportNoUser = "custody.import.no-user"
        case custodyImportTimeConverted = "custody.import.time-converted"
        case custodyImport = "custody.import"
        case custodyImportMissing = "custody.import.missing"
        case custodyImportUnreadable = "custody.import.unreadable"
        case custodyLimit = "custody.limit"
        case custodyLinkBroken = "custody.link.broken"
        case custodyMissing = "custody.missing"
        case custodyPackageMismatch = "custody.package.mismatch"
        case custodyPackagedMissing = "custody.packaged.missing"
        case custodyPackagedTime = "custody.packaged.time"
        case custodySealUnrecorded = "custody.seal.unrecorded"
        case custodySeqGap = "custody.seq.gap"
        case custodySeqMismatch = "custody.seq.mismatch"
        case custodySignature = "custody.signature"
        case custodySignatureFileAlgorithm = "custody.signature-file.algorithm"
        case custodySignatureFileEmpty = "custody.signature-file.empty"
        case custodySignatureFileMalformed = "custody.signature-file.malformed"
        case custodySignatureFileStructure = "custody.signature-file.structure"
        case custodySignatureEmpty = "custody.signature.empty"
        case custodySignatureHighS = "custody.signature.high-s"
        case custodySignatureInvalid = "custody.signature.invalid"
        case custodySignatureMissing = "custody.signature.missing"
        case custodySignatureOrphan = "custody.signature.orphan"
        case custodySignaturePlaceholder = "custody.signature.placeholder"
        case custodySignerMismatch = "custody.signer.mismatch"
        case custodySignerUntrusted = "custody.signer.untrusted"
        case custodySigningTime = "custody.signing-time"
        case custodyTimeBackwards = "custody.time.backwards"
        case custodyTimeFuture = "custody.time.future"
        case custodyTruncated = "custody.truncated"
        case custodyTrust = "custody.trust"
        case custodyUnexpectedFile = "custody.unexpected-file"
    }
}
