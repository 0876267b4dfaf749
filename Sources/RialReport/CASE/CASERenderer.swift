import RialVerifier
import RialFormat

/// A package as CASE 1.5 / UCO 1.5 JSON-LD (`schema/SPEC.md` §9.7), the form digital-forensics
/// tools exchange findings in: the package and each file as `uco-observable:File`s with their
/// sizes and digests, the capture device and app as a `uco-observable:Device` and a
/// `uco-tool:Tool` (only what the privacy levels disclose), each custody event as a
/// `case-investigation:InvestigativeAction`, optionally the verification as one whose
/// instrument is rial, and a `case-investigation:ProvenanceRecord` linking them.
///
/// Every IRI is derived from the package id and the node's role (``CASEIdentifier``), so the
/// same package exported twice gives the same bytes.
package enum CASERenderer {
    /// The CASE release the export is written for and validated against
    /// (`case_validate --built-version case-1.5.0`).
    package static let caseVersion = "1.5.0"

    /// - Parameters:
    ///   - export: the verification and what it read.
    ///   - includesVerification: add the verification as an investigative action (`rial verify
    ///     --format case`); `rial inspect --format case` leaves it out.
    /// - Returns: the JSON-LD document, UTF-8, ending in a newline; `nil` when the package
    ///   states no package id to derive IRIs from.
    /// - Throws: ``RialCrypto/CryptoError`` when SHA-1 cannot be computed for an IRI.
    package static func bytes(_ export: CASEExport, includesVerification: Bool) throws -> [UInt8]? {
        guard let packageID = export.report.packageID else { return nil }
        var builder = CASEGraphBuilder(export: export, ids: CASEIdentifier(packageID: packageID))
        try builder.addPackage()
        try builder.addCapture()
        try builder.addCustody()
        if includesVerification { try builder.addVerification() }
        try builder.addProvenanceRecord()
        return builder.graph.bytes()
    }
}
