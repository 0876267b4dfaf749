import Testing

/// One finding a tampered package must produce: code and subject.
public struct TamperFinding: Sendable, CustomStringConvertible {
    public let code: String
    public let subject: String
    public init(_ code: String, _ subject: String) { self.code = code; self.subject = subject }
    public var description: String { "\(code) [\(subject)]" }
}

/// One way of tampering with a package (an op of Tests/RialCLITests/Fixtures/tamper.py) and what
/// must be found.
///
/// Op arguments and subjects may use placeholders filled in from the untouched package
/// (RialTestSupport's ``TamperContext``): `{top}` (the bag directory name), `{sha256:PATH}`
/// (PATH's digest in manifest-sha256.txt or tagmanifest-sha256.txt), `{sha256x:PATH}` (that
/// digest with one hex digit changed), `{size:PATH}`, `{size+1:PATH}`, `{oxum}` and `{oxum+1}`
/// (Payload-Oxum, octets plus one).
public struct TamperCase: Sendable, CustomTestStringConvertible {
    public let name: String
    public let op: [String]
    public let expected: [TamperFinding]
    /// Failure codes that must not appear (over-reporting is a bug too).
    public var absent: [String] = []
    public var testDescription: String { name }

    public init(name: String, op: [String], expected: [TamperFinding], absent: [String] = []) {
        self.name = name
        self.op = op
        self.expected = expected
        self.absent = absent
    }
}

/// The tamper cases every suite shares: the verifier's in-process TamperTests judge each, and
/// the golden report corpus (RialCLITests' ReportStabilityTests) records `rial verify`'s report of
/// each, by name, in this order.
public enum TamperCatalogue {
    /// Tampering the checks find (exit 1), with the findings each must produce.
    public static let cases: [TamperCase] = [
        TamperCase(
            name: "media byte flipped",
            op: ["flip-byte", "data/media/capture.mov", "100"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/media/capture.mov"),
                TamperFinding("bag.manifest.sha512.mismatch", "data/media/capture.mov"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "data/media/capture.mov"),
                TamperFinding("rial.manifest.file.sha512-mismatch", "data/media/capture.mov"),
            ],
            absent: ["bag.payload-oxum.mismatch", "bag.tagmanifest.sha256.mismatch", "rial.manifest.file.size-mismatch"]
        ),
        TamperCase(
            name: "custody log byte flipped",
            op: ["flip-byte", "data/capture/custody_log.json", "0"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/capture/custody_log.json"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "data/capture/custody_log.json"),
            ]
        ),
        TamperCase(
            name: "depth keyframe truncated",
            op: ["truncate", "data/depth/depth_000004.f32", "1000"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/depth/depth_000004.f32"),
                TamperFinding("rial.manifest.file.size-mismatch", "data/depth/depth_000004.f32"),
                TamperFinding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        TamperCase(
            name: "payload file removed",
            op: ["remove", "data/depth/depth_000007.f32"],
            expected: [
                TamperFinding("bag.manifest.sha256.missing", "data/depth/depth_000007.f32"),
                TamperFinding("bag.manifest.sha512.missing", "data/depth/depth_000007.f32"),
                TamperFinding("rial.manifest.file.missing", "data/depth/depth_000007.f32"),
                TamperFinding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        TamperCase(
            name: "file added under data/",
            op: ["add", "data/media/extra.txt", "planted\n"],
            expected: [
                TamperFinding("bag.manifest.sha256.unlisted", "data/media/extra.txt"),
                TamperFinding("rial.manifest.file.unlisted", "data/media/extra.txt"),
            ]
        ),
        TamperCase(
            name: "tag file added at the bag root",
            op: ["add", "notes.txt", "planted\n"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.unlisted", "notes.txt"),
                TamperFinding("rial.manifest.file.unlisted", "notes.txt"),
            ]
        ),
        TamperCase(
            name: "payload manifest line edited",
            op: ["replace-text", "manifest-sha256.txt", "{sha256:data/media/capture.mov}", "{sha256x:data/media/capture.mov}"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/media/capture.mov"),
                TamperFinding("bag.tagmanifest.sha256.mismatch", "manifest-sha256.txt"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "manifest-sha256.txt"),
            ]
        ),
        TamperCase(
            name: "rial/manifest.json size edited",
            op: ["replace-text", "rial/manifest.json", "\"size\": {size:data/media/capture.mov},", "\"size\": {size+1:data/media/capture.mov},"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.mismatch", "rial/manifest.json"),
                TamperFinding("bag.tagmanifest.sha512.mismatch", "rial/manifest.json"),
                TamperFinding("rial.manifest.file.size-mismatch", "data/media/capture.mov"),
            ]
        ),
        TamperCase(
            name: "rial/manifest.json digest edited",
            op: ["replace-text", "rial/manifest.json", "{sha256:data/depth/depth_000001.f32}", "{sha256x:data/depth/depth_000001.f32}"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.mismatch", "rial/manifest.json"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "data/depth/depth_000001.f32"),
            ],
            absent: ["bag.manifest.sha256.mismatch"]
        ),
        TamperCase(
            name: "Payload-Oxum edited",
            op: ["replace-text", "bag-info.txt", "Payload-Oxum: {oxum}", "Payload-Oxum: {oxum+1}"],
            expected: [
                TamperFinding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
                TamperFinding("bag.tagmanifest.sha256.mismatch", "bag-info.txt"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "bag-info.txt"),
            ]
        ),
        TamperCase(
            name: "bagit.txt edited",
            op: ["replace-text", "bagit.txt", "BagIt-Version: 1.0", "BagIt-Version: 0.97"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.mismatch", "bagit.txt"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "bagit.txt"),
            ]
        ),
        TamperCase(
            name: "tagmanifest line edited",
            op: ["replace-text", "tagmanifest-sha256.txt", "{sha256:README.txt}", "{sha256x:README.txt}"],
            expected: [TamperFinding("bag.tagmanifest.sha256.mismatch", "README.txt")]
        ),
        TamperCase(
            name: "entry renamed",
            op: ["rename", "data/media/capture.mov", "data/media/capture2.mov"],
            expected: [
                TamperFinding("bag.manifest.sha256.missing", "data/media/capture.mov"),
                TamperFinding("bag.manifest.sha256.unlisted", "data/media/capture2.mov"),
                TamperFinding("rial.manifest.file.missing", "data/media/capture.mov"),
                TamperFinding("rial.manifest.file.unlisted", "data/media/capture2.mov"),
            ]
        ),
    ]

    /// Archive-level tampering: the strict reader refuses the archive as unsafe (exit 2) and
    /// says which rule and where; no verdict on its contents is given.
    public static let refusals: [TamperCase] = [
        TamperCase(
            name: "entry duplicated", op: ["duplicate", "data/media/capture.mov"],
            expected: [TamperFinding("archive.entry.duplicate", "{top}/data/media/capture.mov")]),
        TamperCase(
            name: "symbolic link added", op: ["symlink", "data/media/link.mov", "capture.mov"],
            expected: [TamperFinding("archive.entry.unsupported-type", "{top}/data/media/link.mov")]),
        TamperCase(
            name: "entry escaping the bag with ..", op: ["add-raw", "{top}/../evil.txt", "x"],
            expected: [TamperFinding("archive.entry.invalid-name", "{top}/../evil.txt")]),
        TamperCase(
            name: "absolute entry name", op: ["add-raw", "/abs.txt", "x"],
            expected: [TamperFinding("archive.entry.invalid-name", "/abs.txt")]),
        TamperCase(
            name: "second top-level directory", op: ["add-raw", "other/x.txt", "x"],
            expected: [TamperFinding("archive.layout.multiple-roots", "other/x.txt")]),
        TamperCase(
            name: "data hidden after the end of the archive", op: ["append-bytes", String(repeating: "HIDDEN DATA ", count: 100)],
            expected: [TamperFinding("archive.trailing-data", "byte *")]),
    ]
}
