import ArgumentParser
import RialCrypto
import RialArchive
import RialFormat
import RialVerifier
import RialReport
#if canImport(Glibc)
import Glibc
#endif

/// `--trust`, `--trust-dir`, `--tsa-trust`, `--crl`, `--ocsp`, `--require-seal`, `--require-timestamp`,
/// `--custody-head`, `--at`: what the person verifying trusts, knows and insists on, and when. Anchors come only from here, never from a package.
struct TrustOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Trust anchor for seals: a PEM file of root certificates, or a signer's self-signed certificate (repeatable).", valueName: "FILE"))
    var trust: [String] = []

    @Option(name: .customLong("trust-dir"), help: ArgumentHelp("Every *.pem and *.crt file in DIR is a trust anchor for seals.", valueName: "DIR"))
    var trustDir: String?

    @Option(name: .customLong("tsa-trust"), help: ArgumentHelp("Trust anchor for time-stamping authorities, PEM (repeatable).", valueName: "FILE"))
    var tsaTrust: [String] = []

    @Flag(name: .customLong("require-seal"), help: "Fail a package that is not sealed by a signer chaining to --trust (a stripped seal is a failure).")
    var requireSeal = false

    @Flag(name: .customLong("require-timestamp"), help: "Fail a package without a trusted RFC 3161 timestamp from a TSA chaining to --tsa-trust.")
    var requireTimestamp = false

    @Option(
        help: ArgumentHelp(
            "Revocation evidence: a CRL file (PEM or DER), or a directory whose every file is one (repeatable). Nothing is fetched; without --crl or --ocsp revocation is not checked.",
            valueName: "FILE|DIR"))
    var crl: [String] = []

    @Option(
        help: ArgumentHelp(
            "Revocation evidence: an OCSP response file (DER or PEM), or a directory whose every file is one (repeatable).", valueName: "FILE|DIR"))
    var ocsp: [String] = []

    @Option(
        name: .customLong("custody-head"),
        help: ArgumentHelp(
            "The SHA-256 of the custody event recorded at the last hand-over (printed by `rial custody append` and `show`); the log must still hold it, so no newer event was dropped.",
            valueName: "SHA256"))
    var custodyHead: String?

    @Option(
        help: ArgumentHelp(
            "Verify as of TIME (RFC 3339 in UTC, e.g. 2031-05-01T00:00:00Z) instead of now: certificates, revocation evidence and \"not in the future\" are judged then, and the same inputs give the same report, byte for byte.",
            valueName: "TIME"))
    var at: String?

    /// `--at`, read; `nil` when not given.
    var statedTime: Timestamp? { at.flatMap(Self.statedTime) }

    /// An RFC 3339 date-time ending in `Z`, as `--at` takes it; `nil` for anything else.
    static func statedTime(_ text: String) -> Timestamp? {
        guard text.hasSuffix("Z") || text.hasSuffix("z") else { return nil }
        return try? Timestamp(rfc3339: text)
    }

    func validate() throws {
        if let at, Self.statedTime(at) == nil {
            throw ValidationError("--at takes a time in UTC as RFC 3339 writes it, e.g. 2031-05-01T00:00:00Z; not \"\(at)\"")
        }
        if let custodyHead, !Hex.isDigest(custodyHead.lowercased(), byteCount: 32) {
            throw ValidationError("--custody-head takes the 64 hex digits of a custody event's SHA-256, as `rial custody show` prints it")
        }
        // Without an anchor, anyone could strip the seal and make their own: requiring a seal
        // only means something when the verifier says whose.
        if requireSeal && trust.isEmpty && trustDir == nil {
            throw ValidationError("--require-seal needs --trust or --trust-dir: without an anchor anyone could have made the seal")
        }
        if requireTimestamp && tsaTrust.isEmpty {
            throw ValidationError("--require-timestamp needs --tsa-trust: without an anchor anyone could have made the token")
        }
    }

    /// The policy, with every anchor file read and parsed, and where each anchor came from
    /// (the report's settings name it, so a second examiner can repeat the verification).
    /// - Throws: ``ExitStatus/usage`` after saying which file is unusable.
    func makePolicy() throws -> VerificationPolicy {
        var sealFiles = trust.map { TrustAnchorOrigin(option: "--trust", file: $0) }
        if let trustDir { sealFiles += try Self.files(in: trustDir).map { TrustAnchorOrigin(option: "--trust-dir", file: $0) } }
        let seal = try Self.load(sealFiles)
        let tsa = try Self.load(tsaTrust.map { TrustAnchorOrigin(option: "--tsa-trust", file: $0) })
        var policy = VerificationPolicy(
            sealAnchors: seal.map(\.certificate), timestampAnchors: tsa.map(\.certificate),
            requiresSeal: requireSeal, requiresTimestamp: requireTimestamp, custodyHead: custodyHead?.lowercased())
        // The same certificate given twice keeps the first place it was given.
        policy.sealAnchorOrigins = Dictionary(seal.map { ($0.certificate.fingerprintSHA256, $0.origin) }, uniquingKeysWith: { first, _ in first })
        policy.timestampAnchorOrigins = Dictionary(tsa.map { ($0.certificate.fingerprintSHA256, $0.origin) }, uniquingKeysWith: { first, _ in first })
        policy.statedTime = statedTime
        policy.revocationEvidence =
            try RevocationEvidenceOption(option: "--crl", kind: .crl).load(crl)
            + RevocationEvidenceOption(option: "--ocsp", kind: .ocsp).load(ocsp)
        return policy
    }

    private static func load(_ origins: [TrustAnchorOrigin]) throws -> [(certificate: Certificate, origin: TrustAnchorOrigin)] {
        var anchors: [(certificate: Certificate, origin: TrustAnchorOrigin)] = []
        for origin in origins {
            do {
                let certificates = try Certificate.load(pem: FileChunkReader.readAll(path: origin.file, limit: 16 << 20), source: origin.file)
                anchors += certificates.map { ($0, origin) }
            } catch let error as CryptoError {
                // The reason names the file already ("x.pem holds no PEM certificate").
                Console.error(
                    "\(origin.option) " + (error.reason.hasPrefix(origin.file) ? error.conciseDescription : "\(origin.file): \(error.conciseDescription)"))
                throw ExitStatus.usage
            } catch {
                Console.error(Console.describe(error, after: "\(origin.option) \(origin.file): cannot read it"))
                throw ExitStatus.usage
            }
        }
        return anchors
    }

    private static func files(in directory: String) throws -> [String] {
        guard let all = DirectoryNames.read(directory) else {
            Console.error("--trust-dir \(directory): cannot open it: \(String(cString: strerror(errno)))")
            throw ExitStatus.usage
        }
        let names = all.filter { $0.hasSuffix(".pem") || $0.hasSuffix(".crt") }
        guard !names.isEmpty else {
            Console.error("--trust-dir \(directory): no *.pem or *.crt file in it")
            throw ExitStatus.usage
        }
        return names.sorted().map { directory + "/" + $0 }
    }
}
