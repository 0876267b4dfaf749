import Foundation
import RialCrypto
import RialPackager
import RialVerifier

/// The test PKI's files as the libraries take them: what `rial` makes of `--sign-key`, `--cert`,
/// `--chain`, `--trust` and `--tsa-trust`, so an in-process test holds the same keys and anchors
/// as its command-line twin.
extension TestPKI {
    /// The bytes of one of the PKI's files.
    public func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: dir.appendingPathComponent(name))) }

    /// Every certificate in one of the PKI's PEM files (`root-ca.pem`, `tsa-chain.pem`, …).
    public func certificates(_ name: String) throws -> [Certificate] {
        try Certificate.load(pem: bytes(name), source: path(name))
    }

    /// The sealer `--sign-key SIGNER.key --cert SIGNER.pem --chain CHAIN` makes (as
    /// the CLI tests' `signing(_:chain:)` passes them to the binary).
    public func sealer(_ signer: String = "investigator", chain: String? = "investigator-chain.pem") throws -> Sealer {
        try Sealer(keyPath: path("\(signer).key"), certificatePath: path("\(signer).pem"), chainPath: chain.map(path))
    }

    /// The policy of `rial verify --trust T… --tsa-trust A…` (with `--require-seal`,
    /// `--require-timestamp`, `--custody-head` when asked), each anchor's origin named as the
    /// command names it.
    public func policy(
        trust: [String] = ["root-ca.pem"], tsaTrust: [String] = [], requiresSeal: Bool = false, requiresTimestamp: Bool = false,
        custodyHead: String? = nil
    ) throws -> VerificationPolicy {
        let seal = try trust.flatMap { name in try certificates(name).map { ($0, TrustAnchorOrigin(option: "--trust", file: path(name))) } }
        let tsa = try tsaTrust.flatMap { name in try certificates(name).map { ($0, TrustAnchorOrigin(option: "--tsa-trust", file: path(name))) } }
        var policy = VerificationPolicy(
            sealAnchors: seal.map(\.0), timestampAnchors: tsa.map(\.0), requiresSeal: requiresSeal, requiresTimestamp: requiresTimestamp,
            custodyHead: custodyHead?.lowercased())
        policy.sealAnchorOrigins = Dictionary(seal.map { ($0.0.fingerprintSHA256, $0.1) }, uniquingKeysWith: { first, _ in first })
        policy.timestampAnchorOrigins = Dictionary(tsa.map { ($0.0.fingerprintSHA256, $0.1) }, uniquingKeysWith: { first, _ in first })
        return policy
    }
}
