import Foundation
import RialFormat
import RialCrypto
import RialTestSupport
@testable import RialVerifier

/// The revocation PKI of `examples/pki/make-revocation-pki.sh` (its header lists every
/// certificate, CRL and date), made in a scratch directory with the openssl CLI, for the
/// in-process tests of the revocation findings: its signers as ``TestIdentity``s, its CRLs and
/// OCSP responses as the evidence a verifier is given, and its TSA's tokens.
struct RevocationTestPKI {
    /// The PKI's files and the openssl CLI that made them (RialTestSupport, shared with the
    /// crypto tests).
    let files: RevocationPKIFixture
    /// The scratch directory holding the PKI (`pki/`) and every file made.
    var directory: String { files.scratch }
    var pki: String { files.directory }

    init() throws { files = try RevocationPKIFixture() }

    func remove() { files.remove() }

    func bytes(_ name: String) throws -> [UInt8] { try files.bytes(name) }

    func certificate(_ name: String) throws -> Certificate { try files.certificate(name + ".pem") }

    /// The anchor: the PKI's root.
    var root: Certificate { get throws { try certificate("root-ca") } }

    /// The signer `name` (`signer-good`, …), issued by the intermediate, which its signatures carry.
    func identity(_ name: String) throws -> TestIdentity {
        let key = try SigningKey(pem: bytes(name + ".key"), source: name)
        return TestIdentity(signer: try DetachedSigner(key: key, certificate: certificate(name), chain: [certificate("intermediate-ca")]))
    }

    /// The CRLs in `name`, as the verifier is given them (`--crl`).
    func crl(_ name: String) throws -> RevocationEvidenceFile {
        try RevocationEvidenceFile(kind: .crl, path: name, bytes: bytes(name))
    }

    /// An OCSP response about `certificate` signed by `responder`, made now by
    /// `examples/pki/ocsp-reply.sh` from the intermediate's database, valid one day.
    func ocsp(_ certificate: String, by responder: String) throws -> RevocationEvidenceFile {
        try RevocationEvidenceFile(kind: .ocsp, path: "\(certificate)-by-\(responder).ocsp", bytes: files.ocsp(certificate, by: responder))
    }

    /// An OCSP response about `certificate`, signed by the intermediate, from a copy of its
    /// database that `edit` changed line by line (`openssl ca`'s index: status, expiry,
    /// revocation date and reason, serial, file, subject, tab-separated): a responder that
    /// does not know the certificate, or knows of a revocation its CRLs do not list yet.
    func ocsp(_ certificate: String, index edit: (String) -> String?) throws -> RevocationEvidenceFile {
        let name = "\(certificate)-\(UUID().uuidString)"
        let index = try String(contentsOfFile: pki + "/db/int/index.txt", encoding: .utf8)
        let edited = index.split(separator: "\n").compactMap { edit(String($0)) }.map { $0 + "\n" }.joined()
        try edited.write(toFile: directory + "/\(name).index", atomically: true, encoding: .utf8)
        try RevocationPKIFixture.run(
            [
                "openssl", "ocsp", "-issuer", pki + "/intermediate-ca.pem", "-cert", pki + "/\(certificate).pem", "-no_nonce",
                "-reqout", directory + "/\(name).ocq",
            ])
        try RevocationPKIFixture.run(
            [
                "openssl", "ocsp", "-index", directory + "/\(name).index", "-CA", pki + "/intermediate-ca.pem",
                "-rsigner", pki + "/intermediate-ca.pem", "-rkey", pki + "/intermediate-ca.key", "-reqin", directory + "/\(name).ocq",
                "-respout", directory + "/\(name).ocsp", "-ndays", "1",
            ])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/\(name).ocsp")))
        return try RevocationEvidenceFile(kind: .ocsp, path: name + ".ocsp", bytes: bytes)
    }

    /// A granted TimeStampResp of the PKI's `tsa` over `bytes`' SHA-256, genTime now, made by
    /// `openssl ts -reply` with the PKI's `tsa.cnf` (which adds the intermediate to the token).
    func token(over bytes: [UInt8]) throws -> [UInt8] {
        let name = UUID().uuidString
        let request = try TimeStampRequest(sha256Imprint: StreamingDigest.digest(.sha256, of: bytes))
        try Data(request.der).write(to: URL(fileURLWithPath: directory + "/\(name).tsq"))
        try RevocationPKIFixture.run(
            ["openssl", "ts", "-reply", "-config", "tsa.cnf", "-queryfile", directory + "/\(name).tsq", "-out", directory + "/\(name).tsr"], in: pki)
        return Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/\(name).tsr")))
    }

    /// `openssl ca`'s UTCTime for `seconds`, as its index keeps dates.
    static func indexDate(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyMMddHHmmss"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))) + "Z"
    }
}
