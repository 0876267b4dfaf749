public import RialErrors
import RialVerifier

/// Why a package was not amended. Nothing in the package changes when one is thrown: every
/// refusal comes before the rewrite, and the rewrite replaces the file only when it is complete.
public struct AmenderError: RialError {
    /// A stable dotted code (`amend.…`); programs and tests match on it, never on the reason.
    public struct Code: RialErrorCode {
        /// The dotted code.
        public let rawValue: String
        /// - Parameter rawValue: a dotted code; the ones this module raises are the static members.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The package was verified and fails; ``AmenderError/report`` says which checks.
        public static let verificationFailed = Code("amend.verification-failed")
        /// The package could not be verified at all (not a package, unreadable, unsupported
        /// version); ``AmenderError/report`` is the `error` report.
        public static let unverifiable = Code("amend.unverifiable")
        /// The manifest or the custody head read after verification is not the verified one.
        public static let changedDuringVerification = Code("amend.changed-during-verification")
        /// The package's tag files could not be read again after verification.
        public static let unreadablePackage = Code("amend.unreadable-package")
        /// The package has no readable manifest or package id to bind the amendment to.
        public static let noPackageIdentity = Code("amend.no-package-identity")
        /// The package is already sealed; a package is sealed once.
        public static let alreadySealed = Code("amend.already-sealed")
        /// The package is not sealed, and the operation needs its seal.
        public static let notSealed = Code("amend.not-sealed")
        /// The package has no seal timestamp (`rial/seal/manifest.tsr`) for a renewal to extend.
        public static let notTimestamped = Code("amend.not-timestamped")
        /// The package's last evidence record (`rial/seal/renewal/`) cannot be read or extended.
        public static let unreadableRenewal = Code("amend.unreadable-renewal")
        /// The package's seal cannot be parsed.
        public static let unreadableSeal = Code("amend.unreadable-seal")
        /// The package's seal does not sign its manifest.
        public static let sealMismatch = Code("amend.seal-mismatch")
        /// The signer cannot be used now (certificate expired or not yet valid, no single CN).
        public static let invalidSigner = Code("amend.invalid-signer")
        /// The custody event is not one that can be appended (action, actor, text, time).
        public static let invalidEvent = Code("amend.invalid-event")
        /// The timestamp response or the TSA chain is not usable.
        public static let invalidToken = Code("amend.invalid-token")
        /// The timestamp request, given to check the token's nonce, cannot be read.
        public static let invalidRequest = Code("amend.invalid-request")
        /// The token's imprint is not a SHA-256 digest.
        public static let tokenNotSHA256 = Code("amend.token-not-sha256")
        /// The token timestamps other bytes than the seal's signature value.
        public static let tokenMismatch = Code("amend.token-mismatch")
        /// The token does not repeat the request's nonce: it answers another request.
        public static let nonceMismatch = Code("amend.nonce-mismatch")
        /// A `--revocation` file is neither CRLs, an OCSP response nor certificates, or too large.
        public static let invalidRevocation = Code("amend.invalid-revocation")
        /// A file to add is already in the package; files under `rial/` are never replaced.
        public static let alreadyPresent = Code("amend.already-present")
        /// Signing, or writing the amended package, failed.
        public static let writeFailed = Code("amend.write-failed")
        /// The package file is protected from being replaced: its owner made it read-only, it has
        /// other names (hard links) that would keep the old version, or it belongs to another user
        /// whom the new file could not keep as its owner.
        public static let protectedPackage = Code("amend.protected")
    }

    /// What went wrong, stable for programs.
    public let code: Code
    /// What went wrong, for people.
    public let reason: String
    /// The error underneath: a `PackagerError` from writing, a crypto or parse error.
    public let cause: (any Error)?
    /// The verification the refusal rests on, when the package got that far: for
    /// ``Code/verificationFailed`` and ``Code/unverifiable`` the failing report.
    public let report: VerificationReport?
    /// Where in the package, when the refusal is about one place in it (a tag file).
    public let location: String?
    /// The source file that raised it.
    public let file: String
    /// The line that raised it.
    public let line: Int

    /// - Parameters:
    ///   - code: what went wrong, stable for programs.
    ///   - reason: what went wrong, for people.
    ///   - cause: the error underneath, if any.
    ///   - report: the verification of the package, when it was verified.
    ///   - location: where in the package, if the refusal is about one place.
    ///   - file: the source file, filled in by the compiler.
    ///   - line: the line, filled in by the compiler.
    public init(
        _ code: Code, _ reason: String, cause: (any Error)? = nil, report: VerificationReport? = nil, location: String? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        self.location = location
        self.code = code
        self.reason = reason
        self.cause = cause
        self.report = report
        self.file = file
        self.line = line
    }

    /// ``RialError``'s initialiser: an error with no report.
    public init(_ code: Code, _ reason: String, cause: (any Error)?, location: String?, file: String, line: Int) {
        self.init(code, reason, cause: cause, report: nil, location: location, file: file, line: line)
    }
}
