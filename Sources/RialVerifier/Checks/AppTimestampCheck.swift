import RialFormat
import RialCrypto

/// The capture app's RFC 3161 tokens over its media, and its statement about its clock
/// (`schema/SPEC.md` §8.5.1). The rule for each token is ``AppTimestampVerdict`` over the
/// context's ``AppTokenFacts``; this check words it, one token after another, each result
/// naming its token (`timestampTokens[i]`). Subject: the forensic manifest.
struct AppTimestampCheck: VerificationCheck {
    var needs: Set<Fact> { [.appDocuments, .appTokens, .metadata, .custodyLog, .rialManifest] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let path = context.appFiles[.forensicManifest], let read = context.appManifest else { return [] }
        let manifest: AppForensicManifest
        switch read {
        case .failure(let error):
            return [
                .notChecked(.appTimestamp, path, "the forensic manifest cannot be read, so the timestamp tokens it may hold are not checked: \(error.reason)")
            ]
        case .success(let parsed): manifest = parsed
        }
        var results: [CheckResult] = []
        if context.appTokens.isEmpty {
            results.append(
                .notPresent(
                    .appTimestamp, path,
                    "the capture app stored no RFC 3161 timestamp token (its step is optional): nothing from a time-stamping authority shows when the media existed"
                ))
        }
        let window = AppCaptureWindow(context)
        for facts in context.appTokens {
            results += findings(AppTimestampVerdict(facts, window: window), facts, path: path)
        }
        results += Self.missingBounds(window, tokens: context.appTokens, path: path)
        if let clock = manifest.clockCheck {
            results.append(.notChecked(.appClock, path, Self.clockStatement(clock)))
        }
        return results
    }

    /// The app's NTP statement as the report words it; the header repeats it.
    static func clockStatement(_ clock: AppForensicManifest.ClockCheck) -> String {
        "the app states its clock was \(clock.timeDifference) s from \(clock.ntpServer) at \(clock.ntpTime.timestamp.rfc3339); not checkable offline"
    }

    /// "captured no later than <genTime>, attested by <TSA>": what a passing token establishes,
    /// as the check's message and the reports' header say it.
    static func capturedPhrase(genTime: Timestamp, tsa: String) -> String {
        "captured no later than \(genTime.rfc3339), attested by \(tsa)"
    }

    /// The TSA as a person names it: its certificate's common name, else its organisation,
    /// else its whole subject.
    static func tsaName(_ signer: Certificate) -> String {
        signer.subjectCommonName ?? signer.subjectOrganization ?? signer.subject
    }

    private func findings(_ verdict: AppTimestampVerdict, _ facts: AppTokenFacts, path: String) -> [CheckResult] {
        let token = facts.label
        func fail(_ code: CheckResult.Code, _ message: String, expected: String? = nil, actual: String? = nil) -> [CheckResult] {
            [.fail(code, path, "\(token): \(message)", expected: expected, actual: actual)]
        }
        func imprintNote(_ imprint: AppTimestampVerdict.ImprintState) -> [CheckResult] {
            guard case .notCheckable(let why) = imprint else { return [] }
            return [.notChecked(.appTimestampImprint, path, "\(token): what the token covers is not checked: \(why)")]
        }
        switch verdict {
        case .malformed(let why):
            return fail(.appTimestampMalformed, "not an RFC 3161 timestamp response or token: \(why)")
        case .notGranted(let why):
            return fail(.appTimestampMalformed, "the TSA's response carries no token: \(why)")
        case .imprintMismatch(let response, let media, let algorithm, let expected):
            return fail(
                .appTimestampImprint, "the token timestamps other bytes than the media \(media): its \(algorithm.displayName) imprint is not the media's",
                expected: expected, actual: Hex.encode(response.imprint))
        case .signerMissing(_, let imprint):
            return imprintNote(imprint) + [
                .notChecked(
                    .appTimestampSignature, path,
                    "\(token): the token carries no certificate of its TSA (it was requested without certReq), so its signature cannot be checked")
            ]
        case .signatureInvalid(_, let imprint, let signer, let problem?):
            return imprintNote(imprint)
                + fail(.appTimestampSignature, "OpenSSL's RFC 3161 verification with \(signer.subject) as its only anchor rejects the token: \(problem)")
        case .signatureInvalid(_, let imprint, let signer, nil):
            return imprintNote(imprint) + fail(.appTimestampSignature, "the token's signature does not verify under the key of \(signer.subject)")
        case .notForTimeStamping(_, let imprint, let signer):
            return imprintNote(imprint)
                + fail(
                    .appTimestampUntrusted,
                    "the TSA certificate \(signer.subject) lacks the critical extended key usage timeStamping (and only it) that RFC 3161 §2.3 requires")
        case .beforeEnd(let response, let imprint, let end, let tolerance):
            return imprintNote(imprint)
                + fail(
                    .appTimestampBeforeEnd,
                    "the token's genTime is before \(end.event) (\(end.source)), beyond a tolerance of \(Self.seconds(tolerance)) s (the token's accuracy, the app's stated clock offset and 1 s): the media cannot have been stamped before it existed",
                    expected: "no earlier than \(end.time.rfc3339)", actual: AppTimestampVerdict.genTime(response).rfc3339)
        case .afterManifest(let response, let imprint, let manifest, let tolerance):
            return imprintNote(imprint)
                + fail(
                    .appTimestampAfterManifest,
                    "the token's genTime is after the app wrote the forensic manifest that holds it (\(manifest.source)), beyond a tolerance of \(Self.seconds(tolerance)) s (the token's accuracy, the app's stated clock offset and 300 s for the phone's and the TSA's clocks): the app asks for its tokens before it writes the manifest, so this token was put there later",
                    expected: "no later than \(manifest.time.rfc3339)", actual: AppTimestampVerdict.genTime(response).rfc3339)
        case .afterPackaging(let response, let imprint, let packaged):
            return imprintNote(imprint)
                + fail(
                    .appTimestampAfterPackaging,
                    "the token's genTime, less its accuracy of \(Self.seconds(AppTimestampVerdict.accuracyMicroseconds(response))) s, is after the package was made (\(packaged.source)): the app stamps its media right after recording, so this token was made later, for this media or not",
                    expected: "no later than \(packaged.time.rfc3339)", actual: AppTimestampVerdict.genTime(response).rfc3339)
        case .notEvaluated(_, let imprint, let error):
            return imprintNote(imprint) + [
                .notChecked(
                    .appTimestamp, path, "\(token): OpenSSL could not check the token on this machine, so it is neither accepted nor rejected: \(error)")
            ]
        case .valid(let response, let imprint, let signer, let trust):
            return imprintNote(imprint) + [validFinding(response, imprint, signer, trust, token: token, path: path)]
        }
    }

    private func validFinding(
        _ response: TimeStampResponse, _ imprint: AppTimestampVerdict.ImprintState, _ signer: Certificate,
        _ trust: TimestampVerdict.TSATrust, token: String, path: String
    ) -> CheckResult {
        let genTime = AppTimestampVerdict.genTime(response)
        let accuracy = response.accuracy == .absent ? "no accuracy stated" : "accuracy ±\(Self.seconds(AppTimestampVerdict.accuracyMicroseconds(response))) s"
        let facts = "genTime \(genTime.rfc3339) (\(accuracy)), TSA \(signer.subject), token serial \(response.serialHex)"
        func untrusted(_ why: String) -> CheckResult { .fail(.appTimestampUntrusted, path, "\(token): \(why)") }
        switch trust {
        case .trusted(let anchor):
            guard case .matches(let media, let algorithm) = imprint else {
                return .notChecked(
                    .appTimestamp, path,
                    "\(token): a valid token from a trusted TSA (\(facts)), but it is not shown to cover this media (app.timestamp.imprint)")
            }
            return .pass(
                .appTimestamp, path,
                "\(token): \(Self.capturedPhrase(genTime: genTime, tsa: Self.tsaName(signer))). Its \(algorithm.displayName) imprint is that of \(media); the TSA chains to \(anchor), an anchor given with --tsa-trust, with every certificate valid at genTime (revocation is not checked offline); \(accuracy); token serial \(response.serialHex)"
            )
        case .noAnchor, .requiredWithoutAnchor:
            return .notChecked(
                .appTimestamp, path,
                "\(token): token valid, TSA not trusted: no TSA anchor was given; to check it, pass --tsa-trust FILE with the root certificate the TSA chains to; \(facts), TSA certificate SHA-256 \(signer.fingerprintSHA256)"
            )
        case .notEvaluated(let error):
            return .notChecked(
                .appTimestamp, path,
                "\(token): token valid, but OpenSSL could not judge the TSA's chain on this machine, so \(signer.subject) is neither trusted nor rejected: \(error)"
            )
        case .opensslRejects(let problem):
            return untrusted("OpenSSL's RFC 3161 verification rejects the TSA's chain: \(problem)")
        case .untrusted(let reason):
            // A TSA the examiner gave no root for is not judged: the app may ask several TSAs,
            // and one the examiner has no root for says nothing against the others (§8.5.1).
            return .notChecked(
                .appTimestamp, path,
                "\(token): token valid, TSA not trusted: \(Self.tsaName(signer)) (\(signer.subject)) chains to none of the anchors given with --tsa-trust (certificates inside the token are never anchors), so it is neither trusted nor rejected; to check it, pass its root with --tsa-trust; \(facts), TSA certificate SHA-256 \(signer.fingerprintSHA256); \(reason)"
            )
        case .expired(let reason):
            return untrusted("a certificate of the TSA's chain was not valid at genTime \(genTime.rfc3339): \(reason)")
        case .invalid(let reason):
            return untrusted("the TSA's certificate chain is not valid for time stamping: \(reason)")
        }
    }

    /// What the tokens' times could not be held against, said once for all tokens rather than
    /// left silent (§8.5.1 steps 6 and 7): no start or end of the recording, no `createdAt`.
    private static func missingBounds(_ window: AppCaptureWindow, tokens: [AppTokenFacts], path: String) -> [CheckResult] {
        let readable = tokens.filter { if case .parsed = $0.reading { return true } else { return false } }
        guard !readable.isEmpty else { return [] }
        let names = readable.map(\.label).joined(separator: ", ")
        var results: [CheckResult] = []
        if window.earliest == nil {
            results.append(
                .notChecked(
                    .appTimestampBeforeEnd, path,
                    "\(names): genTime is not held against the recording: the app's metadata states no ended_at or started_at and its custody log no RECORDING_COMPLETE or RECORDING_START"
                ))
        }
        if window.manifestCreated == nil {
            results.append(
                .notChecked(
                    .appTimestampAfterManifest, path,
                    "\(names): genTime is not held against the time the app wrote the forensic manifest: it states no createdAt"))
        }
        return results
    }

    /// Microseconds as seconds, without trailing zeros: `1`, `2.5`, `0.000001`.
    static func seconds(_ microseconds: Int64) -> String {
        let whole = microseconds / 1_000_000, fraction = microseconds % 1_000_000
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
