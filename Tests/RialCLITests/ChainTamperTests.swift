import Foundation
import Testing

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
    let name: String
    /// tamper.py ops, applied one after the other (`--cover` is added to the last one).
    let ops: [[String]]
    /// Chain-level failures (codes `chain.*`, `depth.*`): exactly these, in both variants.
    let chain: [Finding]
    /// Findings that must be NOT CHECKED, in both variants.
    var notChecked: [Finding] = []
    /// Chain-level checks that must still pass, in both variants.
    var passing: [Finding] = []
    /// BagIt and rial.manifest failures the plain variant must also produce.
    let digest: [Finding]
    /// Whether the covering variant makes sense for this attack.
    var covers = true
    var testDescription: String { name }
}

enum ChainFixture {
    /// 12 frames of 8×4 BGRA; depth keyframes on frames 1, 4, 7, 10; checkpoints at 3, 6, 9, 12.
    static let options = ["--seconds", "1", "--fps", "12", "--width", "8", "--height", "4", "--checkpoint-interval", "3"]

    /// A small chained capture packed into `dir/case.rialpkg`.
    static func package(in dir: URL, frames: Bool = true) throws -> URL {
        let sample = CLI.rial(["sample", "--out", "capture", "--seed", "1"] + options + (frames ? [] : ["--no-frames"]), cwd: dir)
        try #require(sample.status == 0, "rial sample failed: \(sample)")
        return try Fixture.pack(dir.appendingPathComponent("capture"), in: dir)
    }

    /// Applies `ops` in turn to `package`; with `cover`, the last op also covers its tracks.
    static func tamper(_ package: URL, _ ops: [[String]], cover: Bool, output: URL) throws {
        var source = package
        for (number, op) in ops.enumerated() {
            let last = number == ops.count - 1
            let target = last ? output : output.deletingLastPathComponent().appendingPathComponent("step-\(number).rialpkg")
            // Covering rewrites rial/manifest.json, so the custody log is re-linked to it too.
            try Oracle.tamper(source, op + (last && cover ? ["--cover", "--relink"] : []), output: target)
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
        let result = CLI.run([try Oracle.python(), "-c", script, bag.path], cwd: bag)
        try #require(result.status == 0, "recomputing the chain failed: \(result)")
        struct Out: Decodable { let links: [String]; let chained: [String] }
        let out = try JSONDecoder().decode(Out.self, from: Data(result.stdout.utf8))
        return (out.links, out.chained)
    }

    /// The frames' stated hashes in rial/chain.json of an unpacked bag.
    static func statedHashes(bag: URL) throws -> [String] {
        struct Chain: Decodable { struct Frame: Decodable { let hash: String }; let frames: [Frame] }
        return try JSONDecoder().decode(Chain.self, from: Fixture.read(bag.appendingPathComponent("rial/chain.json"))).frames.map(\.hash)
    }
}

@Suite("Frame chain tampering is caught")
struct ChainTamperTests {
    static let frame4 = "data/frames/frame_000004.raw"
    static let frame5 = "data/frames/frame_000005.raw"
    static let frame6 = "data/frames/frame_000006.raw"
    static let depth4 = "data/depth/depth_000004.f32"
    static let depth7 = "data/depth/depth_000007.f32"

    /// The chain-level findings of cutting frames 10–12 off rial/chain.json (the manifest's
    /// summary still says 12 frames).
    static let summaryMismatch = [
        Finding("chain.summary.mismatch", "rial/manifest.json: chain.frame_count"),
        Finding("chain.summary.mismatch", "rial/manifest.json: chain.final_hash"),
        // The first checkpoint that differs: the chain now ends before the fourth.
        Finding("chain.summary.mismatch", "rial/manifest.json: chain.checkpoint_hashes[3]"),
    ]

    static let cases: [ChainTamperCase] = [
        ChainTamperCase(
            name: "1. a byte of frame 5 altered",
            ops: [["flip-byte", frame5, "0"]],
            chain: [Finding("chain.link.broken", "frame 5")],
            passing: [Finding("chain.material", "rial/chain.json"), Finding("chain.structure", "rial/chain.json")],
            digest: [
                Finding("bag.manifest.sha256.mismatch", frame5),
                Finding("bag.manifest.sha512.mismatch", frame5),
                Finding("rial.manifest.file.sha256-mismatch", frame5),
                Finding("rial.manifest.file.sha512-mismatch", frame5),
            ]
        ),
        ChainTamperCase(
            name: "2. frame 5 removed",
            ops: [["remove", frame5]],
            chain: [Finding("chain.frame.missing", "frame 5: \(frame5)")],
            notChecked: [Finding("chain.links.incomplete", "frame 5")],
            digest: [
                Finding("bag.manifest.sha256.missing", frame5),
                Finding("bag.manifest.sha512.missing", frame5),
                Finding("rial.manifest.file.missing", frame5),
                Finding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
                Finding("rial.manifest.capture.mismatch", "rial/manifest.json: capture.frame_files"),
            ]
        ),
        ChainTamperCase(
            name: "3. frame 6 replaced by a copy of frame 5",
            ops: [["copy-content", frame5, frame6]],
            chain: [Finding("chain.link.broken", "frame 6")],
            digest: [
                Finding("bag.manifest.sha256.mismatch", frame6),
                Finding("rial.manifest.file.sha256-mismatch", frame6),
            ]
        ),
        ChainTamperCase(
            name: "4. frames 5 and 6 swapped",
            ops: [["swap", frame5, frame6]],
            chain: [Finding("chain.link.broken", "frame 5")],
            digest: [
                Finding("bag.manifest.sha256.mismatch", frame5),
                Finding("bag.manifest.sha256.mismatch", frame6),
                Finding("rial.manifest.file.sha256-mismatch", frame5),
                Finding("rial.manifest.file.sha256-mismatch", frame6),
            ]
        ),
        ChainTamperCase(
            name: "5. frames 10–12 cut from the chain and the package",
            ops: [["cut-chain", "9"]],
            chain: summaryMismatch + [
                // The capture's own records still describe 12 frames.
                Finding("chain.descriptor.mismatch", "data/capture.json"),
                Finding("chain.app.mismatch", "data/capture/hash_chain.json"),
            ],
            passing: [
                Finding("chain.structure", "rial/chain.json"), Finding("depth.index", "rial/depth.json"),
                Finding("chain.material", "rial/chain.json"), Finding("chain.links", "frames 1–9"),
            ],
            digest: [
                Finding("bag.manifest.sha256.missing", "data/frames/frame_000010.raw"),
                Finding("bag.manifest.sha256.missing", "data/frames/frame_000012.raw"),
                Finding("bag.manifest.sha256.missing", "data/depth/depth_000010.f32"),
                Finding("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                Finding("bag.tagmanifest.sha256.mismatch", "rial/depth.json"),
                Finding("rial.manifest.file.missing", "data/frames/frame_000011.raw"),
                Finding("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
                Finding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        ChainTamperCase(
            name: "5b. frames 10–12 cut everywhere, the capture's own records too: only the manifest's chain summary is left",
            ops: [["cut-chain", "9"], ["cut-capture", "9"]],
            chain: summaryMismatch,
            passing: [
                Finding("chain.structure", "rial/chain.json"), Finding("depth.index", "rial/depth.json"),
                Finding("chain.material", "rial/chain.json"), Finding("chain.links", "frames 1–9"),
                Finding("chain.descriptor", "data/capture.json"), Finding("chain.app", "data/capture/hash_chain.json"),
            ],
            digest: [
                Finding("bag.manifest.sha256.mismatch", "data/capture.json"),
                Finding("bag.manifest.sha256.mismatch", "data/capture/hash_chain.json"),
                Finding("bag.manifest.sha256.missing", "data/frames/frame_000010.raw"),
                Finding("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "6a. the checkpoint hash at frame 6 edited",
            ops: [["json-set", "rial/chain.json", "/checkpoints/1/hash", "\"\(String(repeating: "ab", count: 32))\""]],
            chain: [
                Finding("chain.checkpoint.hash-mismatch", "checkpoint at frame 6"),
                Finding("chain.summary.mismatch", "rial/manifest.json: chain.checkpoint_hashes[1]"),
                Finding("chain.app.mismatch", "checkpoint at frame 6"),
            ],
            passing: [Finding("chain.links", "frames 1–12")],
            digest: [
                Finding("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                Finding("bag.tagmanifest.sha512.mismatch", "rial/chain.json"),
                Finding("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "6b. the checkpoint at frame 6 removed",
            ops: [["json-delete", "rial/chain.json", "/checkpoints/1"]],
            chain: [
                Finding("chain.checkpoint.missing", "checkpoint at frame 6"),
                // The remaining checkpoints are numbered 0, 2, 3.
                Finding("chain.checkpoint.index", "checkpoint at frame 9"),
                Finding("chain.summary.mismatch", "rial/manifest.json: chain.checkpoint_hashes[1]"),
                Finding("chain.app.mismatch", "checkpoint at frame 6"),
            ],
            passing: [Finding("chain.links", "frames 1–12")],
            digest: [
                Finding("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                Finding("rial.manifest.file.size-mismatch", "rial/chain.json"),
                Finding("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "7. depth keyframes 4 and 7 swapped",
            ops: [["swap", depth4, depth7]],
            chain: [Finding("chain.link.broken", "frame 4")],
            passing: [Finding("chain.material", "rial/chain.json"), Finding("depth.index", "rial/depth.json")],
            digest: [
                Finding("bag.manifest.sha256.mismatch", depth4),
                Finding("bag.manifest.sha256.mismatch", depth7),
                Finding("rial.manifest.file.sha256-mismatch", depth4),
                Finding("rial.manifest.file.sha512-mismatch", depth7),
            ]
        ),
        ChainTamperCase(
            name: "8. the timestamp of frame 5 edited in rial/chain.json",
            ops: [["json-set", "rial/chain.json", "/frames/4/timestamp", "1001.35"]],
            chain: [
                Finding("chain.link.broken", "frame 5"),
                Finding("chain.descriptor.mismatch", "frame 5"),
            ],
            passing: [Finding("chain.structure", "rial/chain.json"), Finding("chain.summary", "rial/manifest.json: chain")],
            digest: [
                Finding("bag.tagmanifest.sha256.mismatch", "rial/chain.json"),
                Finding("rial.manifest.file.sha256-mismatch", "rial/chain.json"),
            ]
        ),
        ChainTamperCase(
            name: "9. the last 4 bytes of frame 4 moved to the front of its depth keyframe (every hash still matches)",
            ops: [["move-tail", frame4, "4", depth4]],
            chain: [
                Finding("chain.frame.size-mismatch", "frame 4: \(frame4)"),
                Finding("chain.depth.size-mismatch", "frame 4: \(depth4)"),
            ],
            // F4 ‖ D4 is byte for byte what was chained: no link breaks, only the sizes tell.
            passing: [Finding("chain.links", "frames 1–12")],
            digest: [
                Finding("bag.manifest.sha256.mismatch", frame4),
                Finding("bag.manifest.sha256.mismatch", depth4),
                Finding("rial.manifest.file.size-mismatch", frame4),
                Finding("rial.manifest.file.size-mismatch", depth4),
            ]
        ),
    ]

    /// What the video itself says of frames cut from the chain (and from the records that count them).
    static let videoFindings: Set<String> = ["media.chain-frames.mismatch", "media.frame-count.mismatch", "media.duration.mismatch"]

    /// Chain-level failures as "code [subject]".
    private static func chainFailures(_ report: Report) -> Set<String> {
        Set(report.failures.filter { $0.code.hasPrefix("chain.") || $0.code.hasPrefix("depth.") }.map { "\($0.code) [\($0.subject)]" })
    }

    private static func check(_ tamper: ChainTamperCase, cover: Bool) throws {
        try withTemporaryDirectory { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, tamper.ops, cover: cover, output: tampered)
            let variant = cover ? "covered" : "plain"

            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1, "\(variant): \(result)")
            #expect(report.verdict == "fail", "\(variant)")
            // Frames cut from the chain are still in the video, which the verifier reads itself.
            let cut = tamper.ops.contains { $0.first == "cut-chain" }
            #expect(report.has("media.chain-frames.mismatch", subject: "rial/chain.json") == cut, "\(variant): \(report.checks("media.chain-frames.mismatch"))")
            let expected = Set(tamper.chain.map(\.description))
            #expect(Self.chainFailures(report) == expected, "\(variant): chain-level failures differ; all failures: \(report.failures)")
            for finding in tamper.notChecked {
                #expect(report.has(finding.code, subject: finding.subject, status: "not_checked"),
                        "\(variant): missing NOT CHECKED \(finding) in \(report.checks.filter { $0.status != "pass" })")
            }
            for finding in tamper.passing {
                #expect(report.has(finding.code, subject: finding.subject, status: "pass"),
                        "\(variant): \(finding) should still pass: \(report.checks(finding.code))")
            }
            if cover {
                // The tracks are covered: nothing but the chain-level checks may object.
                // The app's metadata states counts and the final hash, which a chain attack
                // contradicts; and the video itself still has every frame the chain lost.
                #expect(report.failures.allSatisfy { $0.code.hasPrefix("chain.") || $0.code.hasPrefix("depth.") || $0.code.hasPrefix("metadata.") || Self.videoFindings.contains($0.code) },
                        "covered: a non-chain check still fails, so the cover is incomplete: \(report.failures)")
            } else {
                for finding in tamper.digest {
                    #expect(report.has(finding.code, subject: finding.subject), "plain: missing \(finding) in \(report.failures)")
                }
            }

            let text = CLI.rial(["verify", tampered.path, "--quiet"], cwd: dir)
            #expect(text.status == 1, "\(variant): \(text)")
            #expect(text.firstLine.hasPrefix("FAIL"), "\(variant): \(text)")
            let lines = text.stdout.split(separator: "\n")
            for finding in tamper.chain {
                #expect(lines.contains { $0.hasPrefix("FAIL") && $0.contains(" \(finding.code) ") && $0.hasSuffix(finding.subject) },
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
        try withTemporaryDirectory { dir in
            let original = try ChainFixture.package(in: dir)
            let copy = dir.appendingPathComponent("copy.rialpkg")
            try Oracle.tamper(original, ["copy", "--cover"], output: copy)

            let before = try Fixture.untar(original, into: dir.appendingPathComponent("before"))
            let after = try Fixture.untar(copy, into: dir.appendingPathComponent("after"))
            let files = Fixture.regularFiles(before)
            #expect(Fixture.regularFiles(after) == files)
            for path in files {
                #expect(try Fixture.read(before.appendingPathComponent(path)) == Fixture.read(after.appendingPathComponent(path)),
                        "--cover rewrote \(path) differently from rial's writer")
            }

            let (result, report) = try Fixture.verifyJSON(copy.path, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(report.verdict == "pass")
            #expect(report.checks("rial.manifest.not-canonical").isEmpty)
            #expect(report.checks("chain.not-canonical").isEmpty)
            #expect(report.failures.isEmpty, "\(report.failures)")
        }
    }

    @Test("11. an untouched package: every chain check passes, and an independent recomputation agrees")
    func untouched() throws {
        try withTemporaryDirectory { dir in
            let package = try ChainFixture.package(in: dir)
            let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(report.verdict == "pass")
            for (code, subject) in [
                ("chain.structure", "rial/chain.json"), ("chain.summary", "rial/manifest.json: chain"),
                ("depth.index", "rial/depth.json"), ("chain.material", "rial/chain.json"),
                ("chain.links", "frames 1–12"), ("chain.descriptor", "data/capture.json"),
                ("chain.app", "data/capture/hash_chain.json"),
            ] {
                #expect(report.has(code, subject: subject, status: "pass"), "\(code) [\(subject)]: \(report.checks(code))")
            }
            #expect(report.checks.filter { ($0.code.hasPrefix("chain") || $0.code.hasPrefix("depth")) && $0.status != "pass" }.isEmpty,
                    "\(report.checks)")
            let links = try #require(report.checks("chain.links").first)
            #expect(links.message.contains("all 12 links recomputed"), "\(links.message)")

            // The formula, recomputed outside rial, gives every stated hash.
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            let stated = try ChainFixture.statedHashes(bag: bag)
            let recomputed = try ChainFixture.recompute(bag: bag)
            #expect(stated.count == 12)
            #expect(recomputed.links == stated)
            #expect(recomputed.chained == stated)
        }
    }

    @Test("a broken link shows the chained hash as expected and the recomputed one as actual")
    func brokenLinkValues() throws {
        try withTemporaryDirectory { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["flip-byte", Self.frame5, "17"]], cover: true, output: tampered)
            let bag = try Fixture.untar(tampered, into: dir.appendingPathComponent("bag"))
            let stated = try ChainFixture.statedHashes(bag: bag)
            let recomputed = try ChainFixture.recompute(bag: bag)
            // Only frame 5's own link changes: frame 6 is chained to the *stated* hash of frame 5.
            #expect(zip(recomputed.links, stated).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 } == [5])

            let (_, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            let broken = try #require(report.checks("chain.link.broken").first)
            #expect(broken.subject == "frame 5")
            #expect(broken.expected == stated[4])
            #expect(broken.actual == recomputed.links[4])
            #expect(broken.expected != broken.actual)
        }
    }

    @Test("swapped frames break at the first of them, and the report says how many more break")
    func swapCountsTheRest() throws {
        try withTemporaryDirectory { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["swap", Self.frame5, Self.frame6]], cover: true, output: tampered)
            let (_, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            let broken = report.checks("chain.link.broken")
            #expect(broken.count == 1, "one finding, at the first broken frame: \(broken)")
            #expect(broken.first?.subject == "frame 5")
            #expect(broken.first?.message.contains("1 more frame") == true, "\(broken)")
        }
    }

    @Test("a removed frame that carries a depth keyframe: missing, and its link not checked because its frame file is gone")
    func depthFrameRemoved() throws {
        try withTemporaryDirectory { dir in
            let original = try ChainFixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["remove", Self.frame4]], cover: true, output: tampered)
            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(Self.chainFailures(report) == ["chain.frame.missing [frame 4: \(Self.frame4)]"], "\(report.failures)")
            #expect(report.has("chain.links.incomplete", subject: "frame 4", status: "not_checked"), "\(report.checks)")
            let incomplete = try #require(report.checks("chain.links.incomplete").first)
            #expect(incomplete.message.contains("its frame file is not in the package"), "\(incomplete.message)")
            #expect(report.has("chain.links", subject: "frames 1–12", status: "not_checked"), "a partly recomputed chain is not a PASS")
        }
    }

    @Test("10. a package without frame material: links NOT CHECKED, said in plain words; every other chain check passes")
    func withoutFrameMaterial() throws {
        try withTemporaryDirectory { dir in
            let package = try ChainFixture.package(in: dir, frames: false)
            #expect(try !Fixture.tarList(package).contains { $0.contains("/data/frames/") })
            let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(report.verdict == "pass")
            #expect(report.has("chain.links", subject: "frames 1–12", status: "not_checked"), "\(report.checks("chain.links"))")
            #expect(report.checks("chain.links").count == 1)
            for (code, subject) in [
                ("chain.structure", "rial/chain.json"), ("chain.summary", "rial/manifest.json: chain"),
                ("depth.index", "rial/depth.json"), ("chain.material", "rial/chain.json"),
                ("chain.descriptor", "data/capture.json"), ("chain.app", "data/capture/hash_chain.json"),
            ] {
                #expect(report.has(code, subject: subject, status: "pass"), "\(code) [\(subject)]: \(report.checks(code))")
            }
            #expect(report.summary.notChecked >= 1)

            let text = CLI.rial(["verify", package.path, "--quiet"], cwd: dir)
            #expect(text.status == 0, "\(text)")
            #expect(text.firstLine.hasPrefix("PASS"), "\(text)")
            // The headline block (up to the first blank line) says what was not checked.
            let head = text.stdout.components(separatedBy: "\n\n").first ?? ""
            let notChecked = head.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("Not checked:") }
            #expect(notChecked?.contains("frame material") == true, "headline: \(head)")
            #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("NOT CHECKED") && $0.contains(" chain.links ") })
        }
    }

    @Test("a package without frame material, chain.json's timestamp edited and covered: still caught by the capture descriptor")
    func withoutFrameMaterialTimestampEdited() throws {
        try withTemporaryDirectory { dir in
            let original = try ChainFixture.package(in: dir, frames: false)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try ChainFixture.tamper(original, [["json-set", "rial/chain.json", "/frames/4/timestamp", "1001.35"]], cover: true, output: tampered)
            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(Self.chainFailures(report) == ["chain.descriptor.mismatch [frame 5]"], "\(report.failures)")
            #expect(report.has("chain.links", subject: "frames 1–12", status: "not_checked"))
        }
    }
}
