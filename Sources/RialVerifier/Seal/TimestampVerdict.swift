import RialFormat
import RialCrypto

/// The rule for the RFC 3161 token, over ``TimestampFacts``: the first thing wrong with it in
/// the order a reader checks (present, covering a seal, readable, imprint, signer, signature,
/// the TSA's time-stamping usage, genTime's plausibility, OpenSSL's own verification), then
/// the TSA's trust. One rule, so ``TimestampCheck``'s findings, the report's summary and the
/// genTime the seal is judged at can never disagree.
enum TimestampVerdict {
    /// How far the TSA of a valid token is trusted.
    enum TSATrust {
        /// The policy requires a trusted timestamp and gave no TSA anchor.
        case requiredWithoutAnchor
        case noAnchor
        case trusted(anchor: String)
        /// The chain validates, but OpenSSL's RFC 3161 verification with the anchors rejects it.
        case opensslRejects(String)
        case untrusted(String)
        /// A certificate of the chain was not valid at genTime.
        case expired(String)
        case invalid(String)
        /// OpenSSL could not judge the chain on this machine.
        case notEvaluated(CryptoError)

        /// The trust in a valid token's TSA, from the chain and OpenSSL's anchored verification;
        /// shared by the seal's token and the capture app's.
        /// - Parameters:
        ///   - operations: the token's OpenSSL facts.
        ///   - hasAnchors: whether `--tsa-trust` gave anchors.
        ///   - isRequired: whether the policy requires a trusted timestamp.
        init(_ operations: TokenSignatureFacts?, hasAnchors: Bool, isRequired: Bool) {
            guard hasAnchors else { self = isRequired ? .requiredWithoutAnchor : .noAnchor; return }
            switch operations?.tsaChain {
            case .failure(let error)?: self = .notEvaluated(error)
            case .success(.trusted(let chain))?:
                switch operations?.anchoredProblem {
                case .failure(let error)?: self = .notEvaluated(error)
                case .success(let problem?)?: self = .opensslRejects(problem)
                case .success(nil)?, nil: self = .trusted(anchor: chain.last?.subject ?? "an anchor")
                }
            case .success(.untrusted(let reason))?: self = .untrusted(reason)
            case .success(.expired(let reason))?, .success(.notYetValid(let reason))?: self = .expired(reason)
            case .success(.invalid(let reason))?: self = .invalid(reason)
            case nil: self = .untrusted("no trust anchor was given")
            }
        }
    }

    case absent
    case withoutSeal
    case unreadable
    case malformed(String)
    case notGranted(String)
    case chainMalformed(any Error, TimeStampResponse)
    case imprintAlgorithm(TimeStampResponse)
    case imprintMismatch(TimeStampResponse, expected: [UInt8])
    case signerMissing(TimeStampResponse)
    case signatureInvalid(TimeStampResponse, signer: Certificate)
    case notForTimeStamping(TimeStampResponse, signer: Certificate)
    case genTimeInFuture(TimeStampResponse, signer: Certificate)
    case genTimeBeforePackage(TimeStampResponse, signer: Certificate, created: Timestamp)
    case opensslRejects(TimeStampResponse, signer: Certificate, problem: String)
    /// OpenSSL could not check the token on this machine.
    case notEvaluated(TimeStampResponse, signer: Certificate?, CryptoError)
    case valid(TimeStampResponse, signer: Certificate, TSATrust)

    init(_ facts: TimestampFacts) {
        let response: TimeStampResponse
        switch facts.reading {
        case .absent: self = .absent; return
        case _ where !facts.hasSeal: self = .withoutSeal; return
        case .unreadable: self = .unreadable; return
        case .malformed(let why): self = .malformed(why); return
        case .notGranted(let why): self = .notGranted(why); return
        case .parsed(let parsed): response = parsed
        }
        if case .failure(let error) = facts.chain { self = .chainMalformed(error, response); return }
        guard response.imprintIsSHA256 else { self = .imprintAlgorithm(response); return }
        if let failure = facts.imprintFailure { self = .notEvaluated(response, signer: nil, failure); return }
        guard response.imprint == facts.expectedImprint else { self = .imprintMismatch(response, expected: facts.expectedImprint); return }
        let signer: Certificate
        switch facts.signer {
        case .failure(let error)?: self = .notEvaluated(response, signer: nil, error); return
        case .success(let found?)?: signer = found
        case .success(nil)?, nil: self = .signerMissing(response); return
        }
        switch facts.signatureVerifies {
        case .failure(let error)?: self = .notEvaluated(response, signer: signer, error); return
        case .success(true)?: break
        case .success(false)?, nil: self = .signatureInvalid(response, signer: signer); return
        }
        guard signer.hasCriticalTimeStampingUsageOnly else { self = .notForTimeStamping(response, signer: signer); return }
        guard response.genTime <= facts.verificationTime.seconds else { self = .genTimeInFuture(response, signer: signer); return }
        if let created = facts.packageCreated, response.genTime < created.seconds {
            self = .genTimeBeforePackage(response, signer: signer, created: created)
            return
        }
        switch facts.signerOnlyProblem {
        case .failure(let error)?: self = .notEvaluated(response, signer: signer, error); return
        case .success(let problem?)?: self = .opensslRejects(response, signer: signer, problem: problem); return
        case .success(nil)?, nil: break
        }
        self = .valid(response, signer: signer, Self.trust(facts))
    }

    private static func trust(_ facts: TimestampFacts) -> TSATrust {
        TSATrust(facts.operations, hasAnchors: facts.hasAnchors, isRequired: facts.isRequired)
    }

    /// genTime, when the token is valid and its TSA trusted: the time the seal's certificates
    /// are judged at.
    var trustedGenTime: Int64? {
        if case .valid(let response, _, .trusted) = self { return response.genTime }
        return nil
    }

    var state: SignatureState {
        switch self {
        case .absent: return .missing
        case .valid(_, _, let trust):
            switch trust {
            case .trusted: return .validTrusted
            case .requiredWithoutAnchor, .noAnchor, .untrusted, .notEvaluated: return .validUntrusted
            case .opensslRejects, .expired, .invalid: return .invalid
            }
        default: return .invalid
        }
    }

    /// The token, when it parsed.
    var response: TimeStampResponse? {
        switch self {
        case .absent, .withoutSeal, .unreadable, .malformed, .notGranted: nil
        case .chainMalformed(_, let response), .imprintAlgorithm(let response), .imprintMismatch(let response, _), .signerMissing(let response),
            .signatureInvalid(let response, _), .notForTimeStamping(let response, _), .genTimeInFuture(let response, _),
            .genTimeBeforePackage(let response, _, _), .opensslRejects(let response, _, _), .notEvaluated(let response, _, _), .valid(let response, _, _):
            response
        }
    }

    /// The TSA's certificate, once found.
    var signer: Certificate? {
        switch self {
        case .signatureInvalid(_, let signer), .notForTimeStamping(_, let signer), .genTimeInFuture(_, let signer),
            .genTimeBeforePackage(_, let signer, _), .opensslRejects(_, let signer, _), .valid(_, let signer, _):
            signer
        case .notEvaluated(_, let signer, _): signer
        default: nil
        }
    }

    /// The summary for the report's header.
    var summary: TimestampSummary {
        let response = response, signer = signer
        return TimestampSummary(
            state: state, genTime: response.map { Timestamp(seconds: $0.genTime) }, genTimeText: response?.genTimeText,
            serial: response?.serialHex, policy: response?.policy,
            tsaSubject: signer?.subject, tsaSerial: signer?.serialHex, tsaFingerprint: signer?.fingerprintSHA256)
    }
}
