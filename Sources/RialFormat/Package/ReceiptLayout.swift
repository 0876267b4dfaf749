/// The files of a signed verification receipt (`schema/SPEC.md` §18): the JSON report `R.json`
/// and, beside it under the same name with a suffix, what vouches for its bytes. Sidecar files
/// (as `.sig` and `.asc` files are), so `openssl cms -verify -binary -content R.json` and
/// `openssl ts -verify` check a receipt with no rial at hand.
package enum ReceiptLayout {
    /// The detached CMS signature over the exact bytes of the report, DER.
    package static func signature(of report: String) -> String { report + ".p7s" }
    /// The RFC 3161 response over the SHA-256 of the signature's value, DER (`rial timestamp attach`).
    package static func token(of report: String) -> String { report + ".tsr" }
    /// The TSA's certificate chain, PEM, when `rial timestamp attach --tsa-chain` gave one.
    package static func tsaChain(of report: String) -> String { report + ".tsa-chain.pem" }
    /// The largest report a receipt may hold: a report of 100 000 findings is far smaller.
    package static let maxReportBytes: UInt64 = 64 << 20
    /// The largest signature, token or chain file read beside it.
    package static let maxSidecarBytes: UInt64 = 1 << 20
}
