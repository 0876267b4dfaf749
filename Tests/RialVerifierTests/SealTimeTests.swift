import Foundation
import Testing
import RialFormat
import RialCrypto
import RialPackager
@testable import RialVerifier

/// RFC 3161 Appendix B: a trusted timestamp fixes the time the signer's certificates are
/// judged at, so a seal stays valid after its certificate expires, and fails without one.
@Suite("Seal time policy")
struct SealTimeTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(arguments) failed")
    }

    /// A sample sealed the way `rial seal` does, with its SEALED event, then timestamped by the
    /// test PKI's TSA; an unstamped copy is kept beside it.
    private func stampedSample() throws -> (sample: PackedSample, unstamped: String, root: [Certificate], now: Timestamp) {
        let sample = try PackedSample()
        // A failure half-way must not leave the sample's directory behind.
        do {
            let pki = sample.directory + "/pki"
            try run(["bash", Self.repository.appendingPathComponent("examples/pki/make-test-pki.sh").path, pki])

            // Seal the sample the way `rial seal` does, and keep an unstamped copy.
            let sealer = try Sealer(keyPath: pki + "/investigator.key", certificatePath: pki + "/investigator.pem", chainPath: pki + "/investigator-chain.pem")
            let tags = try PackageRewriter.tagFiles(of: sample.package)
            let manifest = try #require(tags.files[PackageLayout.manifest])
            let now = Timestamp.now()
            // The SEALED custody event, signed by the same key, as `rial seal` records it.
            let recorder = CustodyRecorder(signer: sealer)
            let sealed = try CustodyRecorder.next(
                after: tags.custodyHead, manifestSHA256: Hex.encode(StreamingDigest.digest(.sha256, of: manifest)),
                packageID: PackageID("test-pkg"), time: now, action: .sealed, actor: recorder.actor(nil), details: "sealed")
            try PackageRewriter(source: sample.package, destination: sample.package)
                .append([.init(path: PackageLayout.seal, bytes: sealer.seal(manifest))] + recorder.files(for: sealed), modificationTime: now.seconds)
            let unstamped = sample.directory + "/unstamped.rialpkg"
            try FileManager.default.copyItem(atPath: sample.package, toPath: unstamped)

            let seal = try DetachedSignature(der: #require(try PackageRewriter.tagFiles(of: sample.package).files[PackageLayout.seal]))
            let request = try TimeStampRequest(sha256Imprint: StreamingDigest.digest(.sha256, of: seal.signatureValue))
            try Data(request.der).write(to: URL(fileURLWithPath: sample.directory + "/req.tsq"))
            try run([
                "bash", Self.repository.appendingPathComponent("examples/pki/tsa-reply.sh").path, pki, "good", sample.directory + "/req.tsq",
                sample.directory + "/resp.tsr",
            ])
            let token = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sample.directory + "/resp.tsr")))
            try PackageRewriter(source: sample.package, destination: sample.package)
                .append([.init(path: PackageLayout.sealTimestamp, bytes: token)], modificationTime: now.seconds)

            let root = try Certificate.load(pem: [UInt8](Data(contentsOf: URL(fileURLWithPath: pki + "/root-ca.pem"))), source: "root")
            return (sample, unstamped, root, now)
        } catch {
            sample.remove()
            throw error
        }
    }

    @Test func certificatesAreJudgedAtGenTimeOfATrustedToken() throws {
        let (sample, unstamped, root, now) = try stampedSample()
        defer { sample.remove() }
        let policy = VerificationPolicy(sealAnchors: root, timestampAnchors: root, requiresSeal: true, requiresTimestamp: true)
        // Three years on: the investigator's and the TSA's certificates (two years) have expired.
        let later = Timestamp(seconds: now.seconds + 3 * 365 * 86_400)

        let stamped = try Verifier(verificationTime: later, policy: policy).verify(path: sample.package)
        #expect(stamped.verdict == .pass, "\(stamped.failures)")
        #expect(stamped.seal?.state == .validTrusted)
        #expect(stamped.timestamp?.state == .validTrusted)
        #expect(stamped.seal?.judgedAt == stamped.timestamp?.genTime)
        // The SEALED event's certificate has expired too: judged at the event's stated time, it
        // passes, and the report says that time is only the event's word.
        #expect(stamped.custody?.entries.last?.signature == .validTrusted)
        #expect(stamped.checks.contains { $0.code == .custodySigningTime && $0.status == .notChecked && $0.seq == 7 })

        let lenient = VerificationPolicy(sealAnchors: root, timestampAnchors: root)
        let bare = try Verifier(verificationTime: later, policy: lenient).verify(path: unstamped)
        #expect(bare.failures.map(\.code) == [.sealCertificateExpired])
        #expect(bare.seal?.judgedAt == later)

        // A genTime after the verification time is impossible: the token is from the future.
        let before = Timestamp(seconds: now.seconds - 86_400)
        let early = try Verifier(verificationTime: before, policy: lenient).verify(path: sample.package)
        #expect(early.failures.map(\.code).contains(.timestampTimeFuture))
    }

    /// OpenSSL failing on the machine (a store it cannot allocate) while checking a valid token
    /// is no verdict on the package: the token or the TSA's trust is NOT CHECKED, and the seal
    /// is then judged at the verification time, as without a trusted timestamp.
    @Test func openSSLFailingOnTheMachineLeavesTheTokenNotChecked() throws {
        let (sample, _, root, now) = try stampedSample()
        defer { sample.remove() }
        let inventory = try PackageScanner(path: sample.package, limits: VerificationLimits(), progress: nil).scan()
        let policy = VerificationPolicy(sealAnchors: root, timestampAnchors: root)
        // An hour on: the token's genTime is after `now`, and must not be in the future.
        let hourLater = Timestamp(seconds: now.seconds + 3_600)
        func findings(failing: Set<FailingCrypto.Operation>) -> [Finding] {
            let context = VerificationContext(
                inventory: inventory, profile: .package, verificationTime: hourLater, policy: policy, crypto: FailingCrypto(failing))
            return TimestampCheck().run(context).findings
        }
        let path = PackageLayout.sealTimestamp
        // A trusted TSA's revocation is judged apart: NOT CHECKED, as no evidence was given.
        #expect(
            findings(failing: []) == [
                Finding(.timestampToken, .pass, path), Finding(.timestampTrust, .pass, path),
                Finding(.timestampRevocation, .notChecked, path),
            ])
        for operation in [FailingCrypto.Operation.tsaSigner, .tsaSignature, .tsaVerification] {
            #expect(findings(failing: [operation]) == [Finding(.timestampToken, .notChecked, path)], "\(operation)")
        }
        let failingChain = VerificationContext(
            inventory: inventory, profile: .package, verificationTime: hourLater, policy: policy, crypto: FailingCrypto([.chain]))
        #expect(TimestampCheck().run(failingChain).findings == [Finding(.timestampToken, .pass, path), Finding(.timestampTrust, .notChecked, path)])
        #expect(failingChain.timestamp.map { TimestampVerdict($0).state } == .validUntrusted)
        #expect(failingChain.seal?.trust?.judgedAt == hourLater.seconds)
        #expect(
            SealCheck().run(failingChain).findings == [
                Finding(.sealSignature, .pass, PackageLayout.seal), Finding(.sealTrust, .notChecked, PackageLayout.seal),
            ])
    }

    /// What OpenSSL answers about a real token and chain is worded with its own code, at the
    /// token: no signer found, a signature that does not verify, a chain it rejects or finds
    /// expired (the seal's chain too, by the same answer).
    @Test func openSSLAnswersAreWordedWithTheirCodes() throws {
        let (sample, _, root, now) = try stampedSample()
        defer { sample.remove() }
        let inventory = try PackageScanner(path: sample.package, limits: VerificationLimits(), progress: nil).scan()
        let policy = VerificationPolicy(sealAnchors: root, timestampAnchors: root)
        let hourLater = Timestamp(seconds: now.seconds + 3_600)
        func context(_ crypto: AnsweringCrypto) -> VerificationContext {
            VerificationContext(inventory: inventory, profile: .package, verificationTime: hourLater, policy: policy, crypto: crypto)
        }
        let path = PackageLayout.sealTimestamp
        #expect(TimestampCheck().run(context(AnsweringCrypto(tsaSigner: .some(nil)))).findings == [Finding(.timestampSignerMissing, .fail, path)])
        #expect(TimestampCheck().run(context(AnsweringCrypto(tsaSignatureVerifies: false))).findings == [Finding(.timestampSignatureInvalid, .fail, path)])
        let invalid = context(AnsweringCrypto(chain: .invalid(reason: "certificate signature failure")))
        #expect(TimestampCheck().run(invalid).findings.contains(Finding(.timestampTsaInvalid, .fail, path)))
        #expect(SealCheck().run(invalid).findings.contains(Finding(.sealCertificateInvalid, .fail, PackageLayout.seal)))
        let expired = context(AnsweringCrypto(chain: .expired(reason: "certificate has expired")))
        #expect(TimestampCheck().run(expired).findings.contains(Finding(.timestampTsaExpired, .fail, path)))
    }

    /// A receipt's token that is valid but whose TSA does not chain to the anchors given, or
    /// whose chain OpenSSL rejects: receipt.timestamp.untrusted (``ReceiptTimestampJudge``, over
    /// the test TSA's real token).
    @Test func receiptTokenOfAnUntrustedTSA() throws {
        let (sample, _, _, _) = try stampedSample()
        defer { sample.remove() }
        let scanned = try PackageScanner(path: sample.package, limits: VerificationLimits(), progress: nil).scan()
        let response = try TimeStampResponse(der: #require(scanned.tagFileBytes[PackageLayout.sealTimestamp]))
        let signer = try TestIdentity().certificate
        let judge = ReceiptTimestampJudge(path: "report.json.tsr")
        for trust: TimestampVerdict.TSATrust in [.untrusted("no anchor"), .invalid("bad signature"), .expired("expired"), .opensslRejects("rejected")] {
            let findings = judge.findings(.valid(response, signer: signer, trust)).findings
            #expect(
                findings == [Finding(.receiptTimestamp, .pass, "report.json.tsr"), Finding(.receiptTimestampUntrusted, .fail, "report.json.tsr")], "\(trust)")
        }
    }

    /// A TSA's rejection (a SHA-1 request the test TSA refuses, answered by openssl ts -reply)
    /// in place of the token: timestamp.not-granted; the real token beside a TSA chain file that
    /// is not PEM: timestamp.chain.malformed.
    @Test func rejectedTokenAndMalformedChain() throws {
        let (sample, _, _, now) = try stampedSample()
        defer { sample.remove() }
        let pki = sample.directory + "/pki"
        try "some bytes".write(toFile: sample.directory + "/data.txt", atomically: true, encoding: .utf8)
        try run(["openssl", "ts", "-query", "-data", sample.directory + "/data.txt", "-sha1", "-no_nonce", "-out", sample.directory + "/sha1.tsq"])
        try run([
            "bash", Self.repository.appendingPathComponent("examples/pki/tsa-reply.sh").path, pki, "good", sample.directory + "/sha1.tsq",
            sample.directory + "/rejected.tsr",
        ])
        let rejection = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sample.directory + "/rejected.tsr")))
        let scanned = try PackageScanner(path: sample.package, limits: VerificationLimits(), progress: nil).scan()
        let hourLater = Timestamp(seconds: now.seconds + 3_600)
        func findings(_ path: String, _ bytes: [UInt8]) -> [Finding] {
            var inventory = scanned
            inventory.tagFileBytes[path] = bytes
            inventory.files[path] = Inventory.File(path: path, size: UInt64(bytes.count), digests: [:])
            return TimestampCheck().run(VerificationContext(inventory: inventory, profile: .package, verificationTime: hourLater)).findings
        }
        #expect(findings(PackageLayout.sealTimestamp, rejection) == [Finding(.timestampNotGranted, .fail, PackageLayout.sealTimestamp)])
        #expect(
            findings(PackageLayout.sealTimestampChain, Array("not a certificate".utf8)).contains(
                Finding(.timestampChainMalformed, .fail, PackageLayout.sealTimestamp)))
    }

    /// Packed and sealed with a `--created` before the certificate existed (the capture time),
    /// then verified after the certificate expired: the PACKAGED event is judged at the
    /// signing time its signature claims, not at `created`, so it passes, said to rest on the
    /// signer's word.
    @Test func packagedEventSignedAfterABackdatedCreatedSurvivesExpiry() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        let pki = sample.directory + "/pki"
        try run(["bash", Self.repository.appendingPathComponent("examples/pki/make-test-pki.sh").path, pki])
        let sealer = try Sealer(keyPath: pki + "/investigator.key", certificatePath: pki + "/investigator.pem", chainPath: pki + "/investigator-chain.pem")
        let package = sample.directory + "/sealed.rialpkg"
        _ = try Packager(
            options: PackageOptions(
                captureDirectory: sample.capture, output: package, packageID: PackageID("test-pkg"),
                created: Timestamp(rfc3339: PackedSample.created), sealer: sealer)
        ).write()
        let root = try Certificate.load(pem: [UInt8](Data(contentsOf: URL(fileURLWithPath: pki + "/root-ca.pem"))), source: "root")
        let policy = VerificationPolicy(sealAnchors: root)

        let today = try Verifier(policy: policy).verify(path: package)
        #expect(today.verdict == .pass, "\(today.failures)")
        #expect(!today.checks.contains { $0.code == .custodySigningTime })

        let later = Verifier(verificationTime: Timestamp(seconds: Timestamp.now().seconds + 3 * 365 * 86_400), policy: policy)
        let report = try later.verify(path: package)
        // The seal itself has no timestamp, so it fails as it should; the custody log does not.
        #expect(report.failures.map(\.code) == [.sealCertificateExpired], "\(report.failures)")
        #expect(report.custody?.entries.last?.signature == .validTrusted)
        #expect(report.checks.contains { $0.code == .custodySigningTime && $0.status == .notChecked && $0.seq == 6 })

        // An event dated after the certificate expired (two years), signed today with the same
        // key: whatever signing time the signature claims, it was signed with a retired key.
        let tags = try PackageRewriter.tagFiles(of: package)
        let recorder = CustodyRecorder(signer: sealer)
        let manifestSHA256 = Hex.encode(try StreamingDigest.digest(.sha256, of: #require(tags.files[PackageLayout.manifest])))
        let late = try CustodyRecorder.next(
            after: tags.custodyHead, manifestSHA256: manifestSHA256, packageID: PackageID("test-pkg"),
            time: Timestamp(seconds: Timestamp.now().seconds + 2 * 365 * 86_400 + 30 * 86_400),
            action: .note, actor: recorder.actor(nil), details: "after expiry")
        try PackageRewriter(source: package, destination: package).append(recorder.files(for: late), modificationTime: Timestamp.now().seconds)
        let retired = try later.verify(path: package)
        #expect(retired.failures.contains { $0.code == .custodyCertificateExpired && $0.seq == 7 }, "\(retired.failures)")
    }
}
