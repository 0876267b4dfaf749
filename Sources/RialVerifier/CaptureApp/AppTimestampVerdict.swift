import RialFormat
import RialCrypto

/// The rule for one of the capture app's RFC 3161 tokens, over ``AppTokenFacts`` and the
/// ``AppCaptureWindow``: the first thing wrong with it in the order the seal's token is
/// judged (readable, imprint, signer, signature, the TSA's time-stamping usage, genTime's
/// plausibility, OpenSSL's own verification), then the TSA's trust (`schema/SPEC.md` §8.5.1).
/// One rule, so ``AppTimestampCheck``'s findings and the report's "captured no later than"
/// line can never disagree.
enum AppTimestampVerdict {
    /// What the imprint was held against, for a token that was not found to cover other bytes.
    enum ImprintState {
        case matches(path: String, algorithm: DigestAlgorithm)
        case notCheckable(String)
    }

    case malformed(String)
    case notGranted(String)
    case imprintMismatch(TimeStampResponse, path: String, algorithm: DigestAlgorithm, expected: String)
    /// The token carries no certificate of its signer: its signature cannot be checked.
    case signerMissing(TimeStampResponse, ImprintState)
    case signatureInvalid(TimeStampResponse, ImprintState, signer: Certificate, problem: String?)
    case notForTimeStamping(TimeStampResponse, ImprintState, signer: Certificate)
    /// genTime, widened by `tolerance` microseconds, is before the recording ended (or, when
    /// no end is stated, before it started).
    case beforeEnd(TimeStampResponse, ImprintState, end: AppCaptureWindow.Bound, tolerance: Int64)
    /// genTime, less `tolerance` microseconds, is after the app wrote the forensic manifest
    /// that holds the token.
    case afterManifest(TimeStampResponse, ImprintState, manifest: AppCaptureWindow.Bound, tolerance: Int64)
    /// genTime less the token's accuracy is after the package was made.
    case afterPackaging(TimeStampResponse, ImprintState, packaged: AppCaptureWindow.Bound)
    /// OpenSSL could not check the token on this machine.
    case notEvaluated(TimeStampResponse, ImprintState, CryptoError)
    case valid(TimeStampResponse, ImprintState, signer: Certificate, TimestampVerdict.TSATrust)

    /// The slack added to every before-end comparison: genTime is read to the second by some
    /// TSAs and `ended_at` to the millisecond by the app.
    static let slackMicroseconds: Int64 = 1_000_000

    /// The slack added to the after-manifest comparison: the phone's clock (`createdAt`) and
    /// the TSA's (genTime) may disagree by more than the app's NTP statement shows (it is taken
    /// once, before the tokens), and the app may ask several TSAs in turn, each over the network.
    static let manifestSlackMicroseconds: Int64 = 300_000_000

    init(_ facts: AppTokenFacts, window: AppCaptureWindow) {
        let response: TimeStampResponse
        switch facts.reading {
        case .malformed(let why): self = .malformed(why); return
        case .notGranted(let why): self = .notGranted(why); return
        case .parsed(let parsed): response = parsed
        }
        if case .unreadable(let why) = response.accuracy { self = .malformed(why); return }
        let imprint: ImprintState
        switch facts.imprint {
        case .media(let path, let algorithm, let expected)?:
            guard Hex.encode(response.imprint) == expected else {
                self = .imprintMismatch(response, path: path, algorithm: algorithm, expected: expected)
                return
            }
            imprint = .matches(path: path, algorithm: algorithm)
        case .notCheckable(let why)?: imprint = .notCheckable(why)
        case nil: imprint = .notCheckable("the token was not read")
        }
        guard let operations = facts.operations else { self = .notCheckedWithoutOperations(response, imprint); return }
        let signer: Certificate
        switch operations.signer {
        case .failure(let error): self = .notEvaluated(response, imprint, error); return
        case .success(let found?): signer = found
        case .success(nil): self = .signerMissing(response, imprint); return
        }
        switch operations.signatureVerifies {
        case .failure(let error)?: self = .notEvaluated(response, imprint, error); return
        case .success(true)?: break
        case .success(false)?, nil: self = .signatureInvalid(response, imprint, signer: signer, problem: nil); return
        }
        guard signer.hasCriticalTimeStampingUsageOnly else { self = .notForTimeStamping(response, imprint, signer: signer); return }
        let stamped = Self.microseconds(Self.genTime(response))
        let accuracy = Self.accuracyMicroseconds(response)
        if let end = window.earliest, let stamped, let ended = Self.microseconds(end.time),
            let tolerance = Self.tolerance(accuracy: accuracy, clockOffset: window.clockOffset),
            case (let latest, false) = stamped.addingReportingOverflow(tolerance), latest < ended
        {
            self = .beforeEnd(response, imprint, end: end, tolerance: tolerance)
            return
        }
        if let manifest = window.manifestCreated, let stamped, let written = Self.microseconds(manifest.time),
            let tolerance = Self.tolerance(accuracy: accuracy, clockOffset: window.clockOffset, slack: Self.manifestSlackMicroseconds),
            case (let earliest, false) = stamped.subtractingReportingOverflow(tolerance), earliest > written
        {
            self = .afterManifest(response, imprint, manifest: manifest, tolerance: tolerance)
            return
        }
        if let packaged = window.packaged, let stamped, let made = Self.microseconds(packaged.time),
            case (let earliest, false) = stamped.subtractingReportingOverflow(accuracy), earliest > made
        {
            self = .afterPackaging(response, imprint, packaged: packaged)
            return
        }
        switch operations.signerOnlyProblem {
        case .failure(let error)?: self = .notEvaluated(response, imprint, error); return
        case .success(let problem?)?: self = .signatureInvalid(response, imprint, signer: signer, problem: problem); return
        case .success(nil)?, nil: break
        }
        self = .valid(response, imprint, signer: signer, TimestampVerdict.TSATrust(operations, hasAnchors: facts.hasAnchors, isRequired: false))
    }

    /// Not reached: the facts establish OpenSSL's operations for every token read whose imprint
    /// is not of other bytes. Should that change, the token is left NOT CHECKED, never passed.
    private static func notCheckedWithoutOperations(_ response: TimeStampResponse, _ imprint: ImprintState) -> AppTimestampVerdict {
        .notEvaluated(response, imprint, CryptoError(.openSSLFailure, "the token's signature was not examined"))
    }

    /// genTime with its fraction: "no later than" must not round the TSA's time down.
    static func genTime(_ response: TimeStampResponse) -> Timestamp {
        Timestamp(seconds: response.genTime, nanoseconds: response.genTimeNanoseconds)
    }

    /// The token's accuracy in microseconds; 0 when it states none.
    static func accuracyMicroseconds(_ response: TimeStampResponse) -> Int64 {
        if case .microseconds(let value) = response.accuracy { return value }
        return 0
    }

    /// accuracy + |the app's clock offset| + `slack` (1 s unless given), in microseconds; an
    /// offset beyond 10¹² s is taken as 10¹² s (it already excuses any time), and `nil` is
    /// returned only on overflow.
    static func tolerance(accuracy: Int64, clockOffset: Double?, slack: Int64 = slackMicroseconds) -> Int64? {
        let offset = clockOffset.map { $0.isFinite ? min(abs($0), 1e12) : 1e12 } ?? 0
        let offsetMicroseconds = Int64((offset * 1_000_000).rounded(.up))
        let (sum, overflow) = accuracy.addingReportingOverflow(offsetMicroseconds)
        let (total, overflowAgain) = sum.addingReportingOverflow(slack)
        return overflow || overflowAgain ? nil : total
    }

    /// `time` in whole microseconds since 1970; `nil` on overflow (not for any year 0000 to 9999).
    static func microseconds(_ time: Timestamp) -> Int64? {
        let (scaled, overflow) = time.seconds.multipliedReportingOverflow(by: 1_000_000)
        let (sum, overflowAgain) = scaled.addingReportingOverflow(Int64(time.nanoseconds / 1_000))
        return overflow || overflowAgain ? nil : sum
    }
}
