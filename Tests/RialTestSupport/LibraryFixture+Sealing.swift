import Foundation
import RialVerifier

/// Sealed packages made in-process with the test PKI, as the CLI tests make them with
/// `rial pack … --sign-key --cert --chain`, and verified with its anchors.
extension LibraryFixture {
    /// A sample capture (`capture-SEED`) packed into `dir/name` and sealed by `signer` with `chain` embedded.
    package static func sealed(
        _ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: UInt64 = 1, signer: String = "investigator",
        chain: String? = "investigator-chain.pem"
    ) throws -> URL {
        let capture = try sample(in: dir, name: "capture-\(seed)", seed: seed)
        return try pack(capture, in: dir, name: name) { $0.sealer = try pki.sealer(signer, chain: chain) }
    }

    /// Verifies `package` (or a bag directory) with `policy`, as `rial verify` with the options that make it.
    package static func verify(_ package: URL, policy: VerificationPolicy) -> VerificationReport {
        Verifier(policy: policy).report(for: package.path)
    }
}

extension VerificationReport {
    /// The codes of the failing checks, in report order.
    package var failureCodes: [String] { failures.map(\.code.rawValue) }
}
