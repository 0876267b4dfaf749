import Foundation
import RialTestSupport
import Testing

/// The package a court sees: packed with case fields and a seal, timestamped by the test TSA,
/// handed over twice (once unsigned, once signed by another organisation's investigator), and
/// the trust options a second examiner verifies it with (both roots, the TSA's root, both
/// requirements and the custody head recorded at the last hand-over). Made with the binary for
/// ReportSettingsTests; the court report's own tests use its in-process twin in RialVerifierTests.
struct CourtReportFixture {
    static let caseNumber = "CASE-2026-0042"
    static let organisation = "Metro Police Department"
    static let description = "Dashcam recording, Main St & 5th Ave collision"
    static let contact = (label: "Contact-Name", value: "Det. Jane Roe")

    let pki: TestPKI
    let package: URL
    /// `--trust`, `--tsa-trust`, `--require-*` and `--custody-head`, for rial run in the
    /// fixture's directory.
    let trustArguments: [String]
    /// The custody log's head, as `rial custody show` printed it after the last hand-over.
    let custodyHead: String

    static func make(in dir: URL) throws -> CourtReportFixture {
        let pki = try TestPKI.make(in: dir)
        let capture = try Fixture.sample(in: dir)
        let package = try Fixture.pack(
            capture, in: dir,
            options: pki.signing() + [
                "--case", caseNumber, "--organization", organisation, "--description", description,
                "--info", "\(contact.label)=\(contact.value)", "--location", "Metro PD evidence room",
            ])
        try Sealing.timestamp(package, pki: pki, in: dir)
        let handOvers = [
            [
                "--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--role", "investigator",
                "--details", "To County Lab by courier, bag A-1172", "--location", "Metro PD evidence room",
            ],
            ["--action", "RECEIVED", "--role", "lab technician", "--details", "Seal tape intact", "--location", "County Lab, intake"]
                + pki.signing("other-investigator", chain: "other-investigator-chain.pem"),
        ]
        for arguments in handOvers {
            let appended = CLI.rial(["custody", "append", package.path, "--quiet"] + arguments, cwd: dir)
            try #require(appended.status == 0, "custody append failed: \(appended)")
        }
        let shown = CLI.rial(["custody", "show", package.path, "--format", "json"], cwd: dir)
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let head = try #require(((object?["custody"] as? [String: Any])?["head"] as? [String: Any])?["sha256"] as? String, "no custody head: \(shown)")
        // Relative to the directory rial runs in, as an examiner types them.
        let trust = [
            "--trust", "pki/root-ca.pem", "--trust", "pki/other-root-ca.pem", "--tsa-trust", "pki/root-ca.pem",
            "--require-seal", "--require-timestamp", "--custody-head", head,
        ]
        return CourtReportFixture(pki: pki, package: package, trustArguments: trust, custodyHead: head)
    }

    /// The package with a frame changed (its file and the frame chain from frame 7 fail) and the
    /// details of the unsigned hand-over edited (event 7's file fails its tag manifest, and
    /// event 8's link to it breaks).
    func tampered(in dir: URL) throws -> URL {
        let frame = dir.appendingPathComponent("frame-changed.rialpkg")
        try Oracle.tamper(package, ["flip-byte", "data/frames/frame_000007.raw", "10"], output: frame)
        let tampered = dir.appendingPathComponent("tampered.rialpkg")
        try Oracle.tamper(frame, ["replace-text", "rial/custody/000007.json", "bag A-1172", "bag A-1173"], output: tampered)
        return tampered
    }
}
