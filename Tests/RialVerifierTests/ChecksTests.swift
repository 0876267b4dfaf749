import Foundation
import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// Each check on its own, over an inventory edited to show exactly one problem.
@Suite("Checks")
struct ChecksTests {
    private func run(_ check: some VerificationCheck, _ inventory: Inventory, profile: VerificationContext.Profile = .package,
                     policy: VerificationPolicy = VerificationPolicy()) -> [CheckResult] {
        check.run(VerificationContext(inventory: inventory, profile: profile, verificationTime: Timestamp(seconds: 0), policy: policy))
    }

    private func fixture(_ body: (inout Inventory) throws -> Void) throws -> Inventory {
        let sample = try PackedSample()
        defer { sample.remove() }
        var inventory = try sample.inventory()
        try body(&inventory)
        return inventory
    }

    private func codes(_ results: [CheckResult]) -> Set<String> { Set(results.filter { $0.status == .fail }.map { "\($0.code) \($0.subject)" }) }

    @Test func removedPayloadFile() throws {
        let inventory = try fixture { $0.files["data/depth/depth_000004.f32"] = nil }
        #expect(codes(run(PayloadManifestCheck(), inventory)).contains("bag.manifest.sha256.missing data/depth/depth_000004.f32"))
        #expect(codes(run(RialManifestCheck(), inventory)).contains("rial.manifest.file.missing data/depth/depth_000004.f32"))
        #expect(codes(run(PayloadOxumCheck(), inventory)).contains("bag.payload-oxum.mismatch bag-info.txt: Payload-Oxum"))
        #expect(codes(run(RialManifestCheck(), inventory)).contains("rial.manifest.capture.mismatch rial/manifest.json: capture.depth_keyframes"))
    }

    @Test func addedPayloadFile() throws {
        let inventory = try fixture {
            $0.files["data/media/extra.bin"] = Inventory.File(path: "data/media/extra.bin", size: 1, digests: [.sha256: String(repeating: "0", count: 64)])
        }
        #expect(codes(run(PayloadManifestCheck(), inventory)).contains("bag.manifest.sha512.unlisted data/media/extra.bin"))
        #expect(codes(run(RialManifestCheck(), inventory)).contains("rial.manifest.file.unlisted data/media/extra.bin"))
    }

    @Test func addedTagFileMustBeListed() throws {
        let inventory = try fixture {
            $0.files["notes.txt"] = Inventory.File(path: "notes.txt", size: 1, digests: [:])
            $0.tagFileBytes["notes.txt"] = [0x41]
        }
        #expect(codes(run(TagManifestCheck(), inventory)).contains("bag.tagmanifest.sha256.unlisted notes.txt"))
        #expect(codes(run(RialManifestCheck(), inventory)).contains("rial.manifest.file.unlisted notes.txt"))
    }

    @Test func custodyAndSealFilesStandOutsideTheManifestButInsideTagManifests() throws {
        let inventory = try fixture {
            $0.files["rial/seal/manifest.p7s"] = Inventory.File(path: "rial/seal/manifest.p7s", size: 1, digests: [:])
        }
        #expect(codes(run(RialManifestCheck(), inventory)).isEmpty)
        #expect(codes(run(TagManifestCheck(), inventory)).contains("bag.tagmanifest.sha256.unlisted rial/seal/manifest.p7s"))
        // The inventory holds no bytes for it, as when a seal is too large to read.
        #expect(run(LaterPartsCheck(), inventory).allSatisfy { $0.code != .appendedUnrecognised })
        #expect(codes(run(SealCheck(), inventory)) == ["seal.malformed rial/seal/manifest.p7s"])
    }

    @Test func manifestsThatDisagree() throws {
        let inventory = try fixture { inventory in
            let bytes = try #require(inventory.tagFileBytes["manifest-sha512.txt"])
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
            inventory.tagFileBytes["manifest-sha512.txt"] = Array((lines.joined(separator: "\n") + "\n").utf8)
        }
        #expect(codes(run(ManifestAgreementCheck(), inventory)).contains("bag.manifests.disagree data/capture.json"))
    }

    @Test func packageIDMustMatchDirectoryAndBagInfo() throws {
        let inventory = try fixture { $0.rootName = "other-pkg" }
        #expect(codes(run(RialManifestCheck(), inventory)).contains("rial.manifest.package-id.mismatch rial/manifest.json: package_id"))
        #expect(codes(run(BagInfoCheck(), inventory)).contains("bag.info.external-identifier.mismatch bag-info.txt: External-Identifier"))
    }

    @Test func malformedManifestJSONIsAFailureWithItsOwnCode() throws {
        let inventory = try fixture { inventory in
            let bytes = try #require(inventory.tagFileBytes["rial/manifest.json"])
            inventory.tagFileBytes["rial/manifest.json"] = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"format\": \"rialpkg\",", with: "\"format\": \"rialpkg\", \"format\": \"rialpkg\",").utf8)
        }
        #expect(codes(run(RialManifestCheck(), inventory)).contains("rial.manifest.malformed rial/manifest.json"))
    }

    @Test func missingDeclarationAndInfo() throws {
        let inventory = try fixture {
            $0.files["bagit.txt"] = nil
            $0.tagFileBytes["bagit.txt"] = nil
            $0.files["bag-info.txt"] = nil
            $0.tagFileBytes["bag-info.txt"] = nil
        }
        #expect(codes(run(BagDeclarationCheck(), inventory)).contains("bag.declaration.missing bagit.txt"))
        #expect(codes(run(BagInfoCheck(), inventory)).contains("bag.info.missing bag-info.txt"))
        #expect(run(PayloadOxumCheck(), inventory).first?.status == .notChecked)
    }

    @Test func layoutFindingsAreReported() throws {
        let inventory = try fixture { $0.findings.append(.fail(.bagEntryUnsupportedType, "data/media/link", "a link")) }
        let results = run(LayoutCheck(), inventory)
        #expect(codes(results) == ["bag.entry.unsupported-type data/media/link"])
        #expect(!results.contains { $0.status == .pass })
    }

    @Test func plainBagRelaxesPackageRules() throws {
        let inventory = try fixture {
            for name in ["tagmanifest-sha256.txt", "tagmanifest-sha512.txt", "rial/manifest.json"] {
                $0.files[name] = nil
                $0.tagFileBytes[name] = nil
            }
        }
        #expect(run(TagManifestCheck(), inventory, profile: .bag).first?.status == .notPresent)
        #expect(run(RialManifestCheck(), inventory, profile: .bag).first?.status == .notPresent)
        #expect(run(LaterPartsCheck(), inventory, profile: .bag).isEmpty)
        #expect(codes(run(TagManifestCheck(), inventory, profile: .package)).contains("bag.tagmanifest.sha256.absent tagmanifest-sha256.txt"))
    }

    @Test func reformattedManifestIsNotCanonical() throws {
        let inventory = try fixture { inventory in
            let bytes = try #require(inventory.tagFileBytes["rial/manifest.json"])
            // Same JSON value, another spelling: four-space indentation.
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n  ", with: "\n    ")
            inventory.tagFileBytes["rial/manifest.json"] = Array(text.utf8)
        }
        #expect(codes(run(RialManifestCheck(), inventory)) == ["rial.manifest.not-canonical rial/manifest.json"])
    }

    @Test func unknownAppendedFilesAreReportedNotChecked() throws {
        let inventory = try fixture {
            $0.files["rial/seal/extra.bin"] = Inventory.File(path: "rial/seal/extra.bin", size: 1, digests: [:])
        }
        let results = run(LaterPartsCheck(), inventory)
        #expect(results.contains { $0.code == .appendedUnrecognised && $0.subject == "rial/seal/extra.bin" && $0.status == .notChecked })
        #expect(run(SealCheck(), inventory).first { $0.code == .seal }?.status == .notPresent)
    }

    @Test func emptySealAndStrippedSealUnderPolicy() throws {
        let empty = try fixture {
            $0.files["rial/seal/manifest.p7s"] = Inventory.File(path: "rial/seal/manifest.p7s", size: 0, digests: [:])
            $0.tagFileBytes["rial/seal/manifest.p7s"] = []
        }
        #expect(codes(run(SealCheck(), empty)) == ["seal.empty rial/seal/manifest.p7s"])
        let unsealed = try fixture { _ in }
        #expect(run(SealCheck(), unsealed).map(\.status) == [.notPresent])
        #expect(run(TimestampCheck(), unsealed).map(\.status) == [.notPresent])
        let strict = VerificationPolicy(requiresSeal: true, requiresTimestamp: true)
        #expect(codes(run(SealCheck(), unsealed, policy: strict)) == ["seal.required rial/seal/manifest.p7s"])
        #expect(codes(run(TimestampCheck(), unsealed, policy: strict)) == ["timestamp.required rial/seal/manifest.tsr"])
    }
}
