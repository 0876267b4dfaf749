/// What a verdict rests on (`schema/SPEC.md` §9.2): a verdict alone says too much or too little.
/// A PASS of an unsealed package means "internally consistent", which anyone who rewrites every
/// digest can also achieve; a FAIL because an event's signer is outside the anchors given says
/// nothing about the content. Reports word their headline from this.
public struct VerdictBasis: Sendable, Equatable {
    /// Who vouches for the content.
    public enum Assurance: String, Sendable {
        /// Sealed, and the seal's signer chains to an anchor the person verifying gave.
        case sealedTrusted = "sealed-trusted"
        /// Sealed with a valid signature, but the signer was not judged against an anchor.
        case sealedUnjudged = "sealed-signer-not-checked"
        /// Not sealed: every file agrees with the manifests, which anyone could rebuild.
        case unsealed
        /// A plain BagIt bag: its manifests only.
        case bag
    }

    /// What the failures are about.
    public enum Failure: String, Sendable {
        /// Nothing failed.
        case none
        /// Only trust failed: a signer or TSA the anchors given do not reach. Every file and
        /// every link holds.
        case trustOnly = "trust-only"
        /// The content, its records or its signatures do not hold.
        case content
    }

    /// Whether the custody log was held against a head recorded at a hand-over.
    public enum CustodyHead: String, Sendable {
        /// `--custody-head` was given and matched.
        case checked
        /// No head was given: events removed from the end of the log would not be seen.
        case notGiven = "not-given"
        /// The package has no custody log (or this is a plain bag).
        case noLog = "no-log"
    }

    /// Who vouches for the content.
    public let assurance: Assurance
    /// What the failures, if any, are about.
    public let failure: Failure
    /// Whether the custody log was held against a recorded head.
    public let custodyHead: CustodyHead
    /// The failing results that are about trust, when ``failure`` is ``Failure/trustOnly``.
    public let untrusted: [CheckResult]
    /// Integrity, provenance and claims, each with its own state (``VerdictPart``), in that order.
    public let parts: [VerdictPartSummary]

    /// The codes that fail only because the person verifying does not trust a signer or TSA.
    static let trustCodes: Set<CheckResult.Code> = [.sealSignerUntrusted, .timestampTsaUntrusted, .custodySignerUntrusted, .appTimestampUntrusted]

    init(_ report: VerificationReport) {
        let failures = report.failures
        parts = VerdictPartSummary.all(report)
        untrusted = failures.filter { Self.trustCodes.contains($0.code) }
        failure = failures.isEmpty ? .none : untrusted.count == failures.count ? .trustOnly : .content
        switch (report.subjectKind, report.seal?.state) {
        case (_, .validTrusted?): assurance = .sealedTrusted
        case (_, .validUntrusted?): assurance = .sealedUnjudged
        case (.bag, nil): assurance = .bag
        default: assurance = .unsealed
        }
        let head = report.checks.first { $0.code == .custodyHead }
        custodyHead = report.custody == nil || report.custody?.state == .missing ? .noLog : head?.status == .pass ? .checked : .notGiven
    }
}

extension VerdictBasis {
    /// The summary of one part.
    public func summary(_ part: VerdictPart) -> VerdictPartSummary {
        parts.first { $0.part == part } ?? VerdictPartSummary(part: part, checks: [])
    }

    /// The parts that failed, in order.
    public var failedParts: [VerdictPart] { parts.filter { $0.state == .fail }.map(\.part) }
}

extension VerificationReport {
    /// What the verdict rests on.
    public var basis: VerdictBasis { VerdictBasis(self) }
}
