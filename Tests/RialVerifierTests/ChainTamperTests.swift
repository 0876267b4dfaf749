import Foundation
import Testing
import RialPackager
import RialTestSupport
@testable import RialVerifier
import RialReport

/// One attack on the frame hash chain: the tamper.py ops that make it, and what the verifier
/// must say about it.
///
/// Every case runs twice. The *plain* variant only makes the change, so the BagIt manifests and
/// rial/manifest.json's file records catch it too (`digest`). The *covering* variant then
/// rewrites everything an attacker who can rewrite files would (tamper.py `--cover`: payload and
/// tag manifests, Payload-Oxum, rial/manifest.json's file records and capture counts, but not
/// its `chain` summary), so only the chain-level checks are left to catch it: there, the
/// failures must be exactly `chain` (no more, no fewer).
struct ChainTamperCase: Sendable, CustomTestStringConvertible {
    /// A finding as a case states it: code and subject.
    struct CodeAt: Sendable, CustomStringConvertible {
        let code: String
        let subject: String
        init(_ code: String, _ subject: String) { self.code = code; self.subject = subject }
        var description: String { "\(code) [\(subject)]" }
    }

    let name: String
    /// tamper.py ops, applied one after the other (`--cover` is added to the last one).
    let ops: [[String]]
    /// Chain-level failures (codes `chain.*`, `depth.*`): exactly these, in both variants.
    let chain: [CodeAt]
    /// Findings that must be NOT CHECKED, in both variants.
    var notChecked: [CodeAt] = []
    /// Chain-level checks that must still pass, in both variants.
    var passing: [CodeAt] = []
    /// BagIt and rial.manifest failures the plain variant must also produce.
    let digest: [CodeAt]
    /// Whether the covering variant makes sense for this attack.
    var covers = true
    var testDescription: String { name }
}

enum ChainFixture {
    /// 12 frames of 8×4 BGRA; depth keyframes on frames 1, 4, 7, 10; checkpoints at 3, 6, 9, 12
    /// (`rial sample --seconds 1 --fps 12 --width 8 --height 4 --checkpoint-interval 3`).
    static func package(in dir: URL, frames: Bool = true) throws -> URL {
        let capture = try LibraryFixture.sample(in: dir) { sample in
            sample.fps = 12
            sample.width = 8
            sample.height = 4
            sample.checkpointInterval = 3
            sample.includesFrames = frames
        }
        return try LibraryFixture.pack(capture, in: dir)
    }

    /// Applies `ops` in turn to `package`; with `cover`, the last op also covers its tracks.
    static func tamper(_ package: URL, _ ops: [[String]], cover: Bool, output: URL) throws {
        var source = package
        for (number, op) in ops.enumerated() {
            let last = number == ops.count - 1
            let target = last ? output : output.deletingLastPathComponent().appendingPathComponent("step-\(number).rialpkg")
            // Covering rewrites rial/manifest.json, so the custody log is re-linked to it too.
            try OutsideOracle.tamper(source, op + (last && cover ? ["--cover", "--relink"] : []), output: target)
            source = target
        }
    }

    /// Recomputes the chain of an unpacked bag independently (Python hashlib), following the
    /// formula `Hn = SHA256(Fn ‖ Dn? ‖ Tn ‖ Hn-1)` with Tn as binary64 little-endian: for each
    /// frame, the link from its own bytes and the *stated* previous hash, and the chain as a
    /// whole from frame 1.
    static func recompute(bag: URL) throws -> (links: [String], chained: [String]) {
        let script = """
            import hashlib, json, struct, sys
            bag = sys.argv[1]
            chain = json.load(open(bag + "/rial/chain.json"))
            links, chained, previous_stated, previous = [], [], None, None
            for frame in chain["frames"]:
                body = open(bag + "/" + frame["frame"], "rb").read()
                if frame.get("depth"):
                    body += open(bag + "/" + frame["depth"], "rb").read()
                body += struct.pack("<d", frame["timestamp"])
                links.append(hashlib.sha256(body + (bytes.fromhex(previous_stated) if previous_stated else b"")).hexdigest())
                previous = hashlib.sha256(body + (bytes.fromhex(previous) if previous else b"")).hexdigest()
                chained.append(previous)
                previous_stated = frame["hash"]
            print(json.dumps({"links": links, "chained": chained}))
            """
        let result = Subprocess.execute([try OutsideOracle.python(), "-c", script, bag.path], cwd: bag)
        try #require(result.status == 0, "recomputing the chain failed: \(result)")
        struct Out: Decodable { let links: [String]; let chained: [String] }
        let out = try JSONDecoder().decode(Out.self, from: result.stdout)
        return (out.links, out.chained)
    }

    /// The frames' stated hashes in rial/chain.json of an unpacked bag.
    static func statedHashes(bag: URL) throws -> [String] {
        struct Chain: Decodable { struct Frame: Decodable { let hash: String }; let frames: [Frame] }
        return try JSONDecoder().decode(Chain.self, from: Data(contentsOf: bag.appendingPathComponent("rial/chain.json"))).frames.map(\.hash)
    }
}

@Suite("Frame chain tampering is caught (library)")
struct ChainTamperTests {
    typealias CodeAt = ChainTamperCase.CodeAt
    static let frame4 = "data/frames/frame_000004.raw"
    static let frame5 = "data/frames/frame_000005.raw"
    static let frame6 = "data/frames/frame_000006.raw"
    static let depth4 = "data/depth/depth_000004.f32"
    static let depth7 = "data/depth/depth_000007.f32"

    /// The chain-level findings of cutting frames 10–12 off rial/chain.json (the manifest's
    /// summary still says 12 frames).
    static let summaryMismatch: [ChainTamperCase.CodeAt] = [
        CodeAt("chain.summary.mismatch", "rial/manifest.json: chain.frame_count"),
        CodeAt("chain.summary.mismatch", "rial/manifest.json: chain.final_hash"),
        // The first checkpoint that differs: the chain now ends before the fourth.
        CodeAt("chain.summary.mismatch", "rial/manifest.json: chain.checkpoint_hashes[3]"),
    ]

    static let cases: [ChainTamperCase] = [
        ChainTamperCase(
            name: "1. a byte of frame 5 altered",
            ops: [["flip-byte", frame5, "0"]],
            chain: [CodeAt("chain.link.broken", "frame 5")],
            passing: [CodeAt("chain.material", "rial/chain.json"), CodeAt("chain.structure", "rial/chain.json")],
            digest: [
                CodeAt("bag.manifest.sha256.mismatch", frame5),
                CodeAt("bag.manifest.sha512.mismatch", frame5),
                CodeAt("rial.manifest.file.sha256-mismatch", frame5),
                CodeAt("rial.manifest.file.sha512-mismatch", frame5),
            ]
        ),
        ChainTamperCase(
            name: "2. frame 5 removed",
            ops: [["remove", frame5]],
            chain: [CodeAt("chain.frame.missing", "frame 5: \(frame5)")],
            notChecked: [CodeAt("chain.links.incomplete", "frame 5")],
            digest: [
                CodeAt("bag.manifest.sha256.missing", frame5),
                CodeAt("bag.manifest.sha512.missing", frame5),
                CodeAt("rial.manifest.file.missing", frame5),
                CodeAt("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
                CodeAt("rial.manifest.capture.mismatch", "rial/manifest.json: capture.frame_files"),
            ]
        ),
        ChainTamperCase(
            name: "3. frame 6 replaced by a copy of frame 5",
            ops: [["copy-content", frame5, frame6]],
            chain: [CodeAt("chain.link.broken", "frame 6")],
            digest: [
                CodeAt("bag.manifest.sha256.mismatch", frame6),
                CodeAt("rial.manifest.file.sha256-mismatch", frame6),
            ]
        ),
        ChainTamperCase(
            name: "4. frames 5 and 6 swapped",
            ops: [["swap", frame5, frame6]],
            chain: [CodeAt("chain.link.broken", "frame 5")],
            digest: [
                CodeAt("bag.manifest.sha256.mismatch", frame5),
                CodeAt("bag.manifest.sha256.mismatch", frame6),
                CodeAt("rial.manifest.file.sha256-mismatch", frame5),
                CodeAt("rial.manifest.file.sha256-mismatch", frame6),
            ]
        ),
        ChainTamperCase(
            name: "5. frames 10–12 cut from the chain and the package",
            ops: [["cut-chain", "9"]],
            chain: summaryMismatch + [
                // The capture's own records still describe 12 frames.
                CodeAt("chain.descriptor.mismatch", "data/capture.json"),
                CodeAt("chain.app.mismatch", "data/capture/hash_chain.json"),
            ],
            passing: [
                CodeAt("chain.structure", "rial/chain.json"), CodeAt("depth.index", "rial/depth.json"),
                CodeAt("chain.material", "rial/chain.json"), CodeAt("chain.links", "frames 1–9"),
            ],
            digest: [
                CodeAt("bag.manifest.sha256.missing", "data/frames/frame_000010.raw"),
                CodeAt("bag.manifest.sha256.missing", "data/frames/frame_000012.raw"),
                CodeAt("bag.manifest.sha256.missing", "data/depth/depth_000010.f32"),
                CodeAt("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                CodeAt("bag.tagmanifest.sha256.mismatch", "rial/depth.json"),
                CodeAt("rial.manifest.file.missing", "data/frames/frame_000011.raw"),
                CodeAt("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
                CodeAt("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        ChainTamperCase(
            name: "5b. frames 10–12 cut everywhere, the capture's own records too: only the manifest's chain summary is left",
            ops: [["cut-chain", "9"], ["cut-capture", "9"]],
            chain: summaryMismatch,
            passing: [
                CodeAt("chain.structure", "rial/chain.json"), CodeAt("depth.index", "rial/depth.json"),
                CodeAt("chain.material", "rial/chain.json"), CodeAt("chain.links", "frames 1–9"),
                CodeAt("chain.descriptor", "data/capture.json"), CodeAt("chain.app", "data/capture/hash_chain.json"),
            ],
            digest: [
                CodeAt("bag.manifest.sha256.mismatch", "data/capture.json"),
                CodeAt("bag.manifest.sha256.mismatch", "data/capture/hash_chain.json"),
                CodeAt("bag.manifest.sha256.missing", "data/frames/frame_000010.raw"),
                CodeAt("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "6a. the checkpoint hash at frame 6 edited",
            ops: [["json-set", "rial/chain.json", "/checkpoints/1/hash", "\"\(String(repeating: "ab", count: 32))\""]],
            chain: [
                CodeAt("chain.checkpoint.hash-mismatch", "checkpoint at frame 6"),
                CodeAt("chain.summary.mismatch", "rial/manifest.json: chain.checkpoint_hashes[1]"),
                CodeAt("chain.app.mismatch", "checkpoint at frame 6"),
            ],
            passing: [CodeAt("chain.links", "frames 1–12")],
            digest: [
                CodeAt("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                CodeAt("bag.tagmanifest.sha512.mismatch", "rial/chain.json"),
                CodeAt("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "6b. the checkpoint at frame 6 removed",
            ops: [["json-delete", "rial/chain.json", "/checkpoints/1"]],
            chain: [
                CodeAt("chain.checkpoint.missing", "checkpoint at frame 6"),
                // The remaining checkpoints are numbered 0, 2, 3.
                CodeAt("chain.checkpoint.index", "checkpoint at frame 9"),
                CodeAt("chain.summary.mismatch", "rial/manifest.json: chain.checkpoint_hashes[1]"),
                CodeAt("chain.app.mismatch", "checkpoint at frame 6"),
            ],
            passing: [CodeAt("chain.links", "frames 1–12")],
            digest: [
                CodeAt("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                CodeAt("rial.manifest.file.size-mismatch", "rial/chain.json"),
                CodeAt("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "7. depth keyframes 4 and 7 swapped",
            ops: [["swap", depth4, depth7]],
            chain: [CodeAt("chain.link.broken", "frame 4")],
            passing: [CodeAt("chain.material", "rial/chain.json"), CodeAt("depth.index", "rial/depth.json")],
            digest: [
                CodeAt("bag.manifest.sha256.mismatch", depth4),
                CodeAt("bag.manifest.sha256.mismatch", depth7),
                CodeAt("rial.manifest.file.sha256-mismatch", depth4),
                CodeAt("rial.manifest.file.sha512-mismatch", depth7),
            ]
        ),
        ChainTamperCase(
            name: "8. the timestamp of frame 5 edited in rial/chain.json",
            ops: [["json-set", "rial/chain.json", "/frames/4/timestamp", "1001.35"]],
            chain: [
                CodeAt("chain.link.broken", "frame 5"),
                CodeAt("chain.descriptor.mismatch", "frame 5"),
            ],
            passing: [CodeAt("chain.structure", "rial/chain.json"), CodeAt("chain.summary", "rial/manifest.json: chain")],
            digest: [
                CodeAt("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                CodeAt("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "9. the last 4 bytes of frame 4 moved to the front of its depth keyframe (every hash still matches)",
            ops: [["move-tail", frame4, "4", depth4]],
            chain: [
                CodeAt("chain.frame.size-mismatch", "frame 4: \(frame4)"),
                CodeAt("chain.depth.size-mismatch", "frame 4: \(depth4)"),
            ],
            // F4 ‖ D4 is byte for byte what was chained: no link breaks, only the sizes tell.
            passing: [CodeAt("chain.links", "frames 1–12")],
            digest: [
                CodeAt("bag.manifest.sha256.mismatch", frame4),
                CodeAt("bag.manifest.sha256.mismatch", depth4),
                CodeAt("rial.manifest.file.size-mismatch", frame4),
                CodeAt("rial.manifest.file.size-mismatch", depth4),
            ]
        ),
    ]

    /// What the video itself says of frames cut from the chain (and from the records that count them).
    static let videoFindings: Set<String> = ["media.chain-frames.mismatch", "media.frame-count.mismatch", "media.duration.mismatch"]

    /// Chain-level failures as "code [subject]".
    private static func chainFailures(_ report: VerificationReport) -> Set<String> {
        Set(report.failures.filter { $0.code.rawValue.hasPrefix("chain.") || $0.code.rawValue.hasPrefix("depth.") }.map { "\($0.code) [\($0.subject)]" })
    }

    private static func check(_ tamper: ChainTamperCase, cover: Bool) throws {
        try TemporaryDirectory.with { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, tamper.ops, cover: cover, output: tampered)
            let variant = cover ? "covered" : "plain"

            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail, "\(variant): \(report.failures)")
            // Frames cut from the chain are still in the video, which the verifier reads itself.
            let cut = tamper.ops.contains { $0.first == "cut-chain" }
            #expect(report.has("media.chain-frames.mismatch", subject: "rial/chain.json") == cut, "\(variant): \(report.checks("media.chain-frames.mismatch"))")
            let expected = Set(tamper.chain.map(\.description))
            #expect(Self.chainFailures(report) == expected, "\(variant): chain-level failures differ; all failures: \(report.failures)")
            for finding in tamper.notChecked {
                #expect(
                    report.has(finding.code, subject: finding.subject, status: .notChecked),
                    "\(variant): missing NOT CHECKED \(finding) in \(report.checks.filter { $0.status != .pass })")
            }
            for finding in tamper.passing {
                #expect(
                    report.has(finding.code, subject: finding.subject, status: .pass),
                    "\(variant): \(finding) should still pass: \(report.checks(finding.code))")
            }
            if cover {
                // The tracks are covered: nothing but the chain-level checks may object.
                // The app's metadata states counts and the final hash, which a chain attack
                // contradicts; and the video itself still has every frame the chain lost.
                #expect(
                    report.failures.allSatisfy {
                        $0.code.rawValue.hasPrefix("chain.") || $0.code.rawValue.hasPrefix("depth.") || $0.code.rawValue.hasPrefix("metadata.")
                            || Self.videoFindings.contains($0.code.rawValue)
                    },
                    "covered: a non-chain check still fails, so the cover is incomplete: \(report.failures)")
            } else {
                for finding in tamper.digest {
                    #expect(report.has(finding.code, subject: finding.subject), "plain: missing \(finding) in \(report.failures)")
                }
            }

            // The text report (`rial verify`'s standard output) names every chain-level finding.
            let lines = report.textLines
            #expect(lines.first?.hasPrefix("FAIL") == true, "\(variant): \(lines.prefix(3))")
            for finding in tamper.chain {
                #expect(
                    lines.contains { $0.hasPrefix("FAIL") && $0.contains(" \(finding.code) ") && $0.hasSuffix(finding.subject) },
                    "\(variant): no FAIL line for \(finding)")
            }
        }
    }

    @Test("a chain attack is reported at the frame it starts at (plain: the manifests catch it too)", arguments: cases)
    func plain(_ tamper: ChainTamperCase) throws {
        try Self.check(tamper, cover: false)
    }

    @Test("a chain attack is still reported when manifests, tag manifests and file records are rewritten to match", arguments: cases.filter(\.covers))
    func covered(_ tamper: ChainTamperCase) throws {
        try Self.check(tamper, cover: true)
    }

    @Test("--cover on an untouched package rewrites every file byte for byte, and it still verifies")
    func coverRoundTrip() throws {
        try TemporaryDirectory.with { dir in
            let original = try ChainFixture.package(in: dir)
            let copy = dir.appendingPathComponent("copy.rialpkg")
            try OutsideOracle.tamper(original, ["copy", "--cover"], output: copy)

            let before = try OutsideOracle.untar(original, into: dir.appendingPathComponent("before"))
            let after = try OutsideOracle.untar(copy, into: dir.appendingPathComponent("after"))
            let files = TemporaryDirectory.regularFiles(before)
            #expect(TemporaryDirectory.regularFiles(after) == files)
            for path in files {
                #expect(
                    try Data(contentsOf: before.appendingPathComponent(path)) == Data(contentsOf: after.appendingPathComponent(path)),
                    "--cover rewrote \(path) differently from rial's writer")
            }

            let report = LibraryFixture.verify(copy)
            #expect(report.verdict == .pass)
            #expect(report.checks("rial.manifest.not-canonical").isEmpty)
            #expect(report.checks("chain.not-canonical").isEmpty)
            #expect(report.failures.isEmpty, "\(report.failures)")
        }
    }

    @Test("11. an untouched package: every chain check passes, and an independent recomputation agrees")
    func untouched() throws {
        try TemporaryDirectory.with { dir in
            let package = try ChainFixture.package(in: dir)
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .pass)
            for (code, subject) in [
                ("chain.structure", "rial/chain.json"), ("chain.summary", "rial/manifest.json: chain"),
                ("depth.index", "rial/depth.json"), ("chain.material", "rial/chain.json"),
                ("chain.links", "frames 1–12"), ("chain.descriptor", "data/capture.json"),
                ("chain.app", "data/capture/hash_chain.json"),
            ] {
                #expect(report.has(code, subject: subject, status: .pass), "\(code) [\(subject)]: \(report.checks(code))")
            }
            #expect(
                report.checks.filter { ($0.code.rawValue.hasPrefix("chain") || $0.code.rawValue.hasPrefix("depth")) && $0.status != .pass }.isEmpty,
                "\(report.checks)")
            let links = try #require(report.checks("chain.links").first)
            #expect(links.message.contains("all 12 links recomputed"), "\(links.message)")

            // The formula, recomputed outside rial, gives every stated hash.
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            let stated = try ChainFixture.statedHashes(bag: bag)
            let recomputed = try ChainFixture.recompute(bag: bag)
            #expect(stated.count == 12)
            #expect(recomputed.links == stated)
            #expect(recomputed.chained == stated)
        }
    }

    @Test("a broken link shows the chained hash as expected and the recomputed one as actual")
    func brokenLinkValues() throws {
        try TemporaryDirectory.with { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["flip-byte", Self.frame5, "17"]], cover: true, output: tampered)
            let bag = try OutsideOracle.untar(tampered, into: dir.appendingPathComponent("bag"))
            let stated = try ChainFixture.statedHashes(bag: bag)
            let recomputed = try ChainFixture.recompute(bag: bag)
            // Only frame 5's own link changes: frame 6 is chained to the *stated* hash of frame 5.
            #expect(zip(recomputed.links, stated).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 } == [5])

            let report = LibraryFixture.verify(tampered)
            let broken = try #require(report.checks("chain.link.broken").first)
            #expect(broken.subject == "frame 5")
            #expect(broken.expected == stated[4])
            #expect(broken.actual == recomputed.links[4])
            #expect(broken.expected != broken.actual)
        }
    }

    @Test("swapped frames break at the first of them, and the report says how many more break")
    func swapCountsTheRest() throws {
        try TemporaryDirectory.with { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["swap", Self.frame5, Self.frame6]], cover: true, output: tampered)
            let report = LibraryFixture.verify(tampered)
            let broken = report.checks("chain.link.broken")
            #expect(broken.count == 1, "one finding, at the first broken frame: \(broken)")
            #expect(broken.first?.subject == "frame 5")
            #expect(broken.first?.message.contains("1 more frame") == true, "\(broken)")
        }
    }

    @Test("a removed frame that carries a depth keyframe: missing, and its link not checked because its frame file is gone")
    func depthFrameRemoved() throws {
        try TemporaryDirectory.with { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["remove", Self.frame4]], cover: true, output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail, "\(report.failures)")
            #expect(Self.chainFailures(report) == ["chain.frame.missing [frame 4: \(Self.frame4)]"], "\(report.failures)")
            #expect(report.has("chain.links.incomplete", subject: "frame 4", status: .notChecked), "\(report.checks)")
            let incomplete = try #require(report.checks("chain.links.incomplete").first)
            #expect(incomplete.message.contains("its frame file is not in the package"), "\(incomplete.message)")
            #expect(report.has("chain.links", subject: "frames 1–12", status: .notChecked), "a partly recomputed chain is not a PASS")
        }
    }

    @Test("10. a package without frame material: links NOT CHECKED, said in plain words; every other chain check passes")
    func withoutFrameMaterial() throws {
        try TemporaryDirectory.with { dir in
            let package = try ChainFixture.package(in: dir, frames: false)
            #expect(try !OutsideOracle.tarList(package).contains { $0.contains("/data/frames/") })
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .pass)
            #expect(report.has("chain.links", subject: "frames 1–12", status: .notChecked), "\(report.checks("chain.links"))")
            #expect(report.checks("chain.links").count == 1)
            for (code, subject) in [
                ("chain.structure", "rial/chain.json"), ("chain.summary", "rial/manifest.json: chain"),
                ("depth.index", "rial/depth.json"), ("chain.material", "rial/chain.json"),
                ("chain.descriptor", "data/capture.json"), ("chain.app", "data/capture/hash_chain.json"),
            ] {
                #expect(report.has(code, subject: subject, status: .pass), "\(code) [\(subject)]: \(report.checks(code))")
            }
            #expect(report.count(.notChecked) >= 1)

            let text = TextReportRenderer.render(report)
            #expect(text.hasPrefix("PASS"), "\(text)")
            // The headline block (up to the first blank line) says what was not checked.
            let head = text.components(separatedBy: "\n\n").first ?? ""
            let notChecked = head.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("Not checked:") }
            #expect(notChecked?.contains("frame material") == true, "headline: \(head)")
            #expect(text.split(separator: "\n").contains { $0.hasPrefix("NOT CHECKED") && $0.contains(" chain.links ") })
        }
    }

    @Test("a package without frame material, chain.json's timestamp edited and covered: still caught by the capture descriptor")
    func withoutFrameMaterialTimestampEdited() throws {
        try TemporaryDirectory.with { dir in
            let original = try ChainFixture.package(in: dir, frames: false)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["json-set", "rial/chain.json", "/frames/4/timestamp", "1001.35"]], cover: true, output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail, "\(report.failures)")
            #expect(Self.chainFailures(report) == ["chain.descriptor.mismatch [frame 5]"], "\(report.failures)")
            #expect(report.has("chain.links", subject: "frames 1–12", status: .notChecked))
        }
    }
}
