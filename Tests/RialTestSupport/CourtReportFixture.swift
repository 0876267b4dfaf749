import Foundation
import RialAmender
import RialFormat
import RialPackager
import RialReport
import Testing
@testable import RialVerifier

/// The package a court sees, made in process: packed with case fields and a seal, timestamped by the test TSA, handed over
/// twice (once unsigned, once signed by another organisation's investigator), and the policy a
/// second examiner verifies it with (both roots, the TSA's root, both requirements and the
/// custody head recorded at the last hand-over), each anchor named as the examiner typed it.
package struct CourtReportFixture: Sendable {
    package static let caseNumber = "CASE-2026-0042"
    package static let organisation = "Metro Police Department"
    package static let description = "Dashcam recording, Main St & 5th Ave collision"
    package static let contact = (label: "Contact-Name", value: "Det. Jane Roe")

    package let pki: TestPKI
    package let package: URL
    /// `--trust pki/root-ca.pem --trust pki/other-root-ca.pem --tsa-trust pki/root-ca.pem
    /// --require-seal --require-timestamp --custody-head HEAD`.
    package let policy: VerificationPolicy
    /// The custody log's head after the last hand-over.
    package let custodyHead: String

    package static func make(in dir: URL) throws -> CourtReportFixture {
        let pki = try TestPKI.make(in: dir)
        let capture = try LibraryFixture.sample(in: dir)
        let package = try LibraryFixture.pack(capture, in: dir) {
            $0.sealer = try pki.sealer()
            $0.bagInfoFields = [
                .init("Bag-Group-Identifier", caseNumber), .init("Source-Organization", organisation), .init("External-Description", description),
                .init(contact.label, contact.value),
            ]
            $0.custodyLocation = "Metro PD evidence room"
        }
        try pki.timestamp(package, in: dir)
        let amender = PackageAmender(path: package.path)
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(
                action: .transferred, actor: CustodyActor(name: "Jane Roe", role: "investigator"), details: "To County Lab by courier, bag A-1172",
                location: "Metro PD evidence room"), at: .now())
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(
                action: .received, actor: CustodyActor(name: "", role: "lab technician"), details: "Seal tape intact", location: "County Lab, intake"),
            signedBy: pki.sealer("other-investigator", chain: "other-investigator-chain.pem"), at: .now())
        let head = try #require(LibraryFixture.verify(package).custody?.head?.sha256, "no custody head")
        return CourtReportFixture(pki: pki, package: package, policy: try policy(pki, custodyHead: head), custodyHead: head)
    }

    /// The policy `--trust`, `--tsa-trust` and the requirements make, the files named relative
    /// to the fixture's directory, as an examiner types them.
    private static func policy(_ pki: TestPKI, custodyHead: String) throws -> VerificationPolicy {
        let seal = try ["root-ca.pem", "other-root-ca.pem"].flatMap { name in
            try pki.certificates(name).map { ($0, TrustAnchorOrigin(option: "--trust", file: "pki/\(name)")) }
        }
        let tsa = try pki.certificates("root-ca.pem").map { ($0, TrustAnchorOrigin(option: "--tsa-trust", file: "pki/root-ca.pem")) }
        var policy = VerificationPolicy(
            sealAnchors: seal.map(\.0), timestampAnchors: tsa.map(\.0), requiresSeal: true, requiresTimestamp: true, custodyHead: custodyHead)
        policy.sealAnchorOrigins = Dictionary(seal.map { ($0.0.fingerprintSHA256, $0.1) }, uniquingKeysWith: { first, _ in first })
        policy.timestampAnchorOrigins = Dictionary(tsa.map { ($0.0.fingerprintSHA256, $0.1) }, uniquingKeysWith: { first, _ in first })
        return policy
    }

    /// The package with a frame changed (its file and the frame chain from frame 7 fail) and the
    /// details of the unsigned hand-over edited (event 7's file fails its tag manifest, and
    /// event 8's link to it breaks).
    package func tampered(in dir: URL) throws -> URL {
        let frame = dir.appendingPathComponent("frame-changed.rialpkg")
        try OutsideOracle.tamper(package, ["flip-byte", "data/frames/frame_000007.raw", "10"], output: frame)
        let tampered = dir.appendingPathComponent("tampered.rialpkg")
        try OutsideOracle.tamper(frame, ["replace-text", "rial/custody/000007.json", "bag A-1172", "bag A-1173"], output: tampered)
        return tampered
    }
}
