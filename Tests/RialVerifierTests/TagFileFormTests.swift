import Foundation
import Testing
import RialTestSupport
@testable import RialVerifier

/// One byte form (SPEC §5, §8.5 check 7a): in a package the BagIt tag files are judged byte for
/// byte in the form rial writes, so the same content cannot travel in a second byte form with a
/// second fingerprint; each twin below reads as the same entries to a lenient reader (and to
/// bagit-python) and fails `bag.form.not-canonical` naming its file and line.
@Suite("Tag files in one byte form (library)")
struct TagFileFormTests {
    /// Rewrites `path` in the package with `old` replaced by `new` (every occurrence, or only the
    /// first when `once`), and gives both tag manifests that file's new digests, in their own
    /// form, so only the byte form is wrong.
    static func rewrite(_ package: URL, _ path: String, _ old: String, _ new: String, once: Bool = true, output: URL) throws {
        let script = #"""
            import hashlib, io, sys, tarfile
            src, dst, path, old, new, once = sys.argv[1:7]
            with tarfile.open(src, "r:") as a:
                members = a.getmembers()
                data = {m.name: a.extractfile(m).read() for m in members if m.isfile()}
            top = members[0].name.split("/")[0]
            name = f"{top}/{path}"
            before = data[name]
            old, new = old.encode().decode("unicode_escape").encode(), new.encode().decode("unicode_escape").encode()
            assert old in before, (old, path)
            data[name] = before.replace(old, new, 1) if once == "1" else before.replace(old, new)
            for alg in ("sha256", "sha512"):
                tm = f"{top}/tagmanifest-{alg}.txt"
                if tm == name: continue
                data[tm] = data[tm].replace(hashlib.new(alg, before).hexdigest().encode(), hashlib.new(alg, data[name]).hexdigest().encode())
            with tarfile.open(dst, "w", format=tarfile.PAX_FORMAT) as out:
                for m in members:
                    if m.isfile():
                        m.size = len(data[m.name]); out.addfile(m, io.BytesIO(data[m.name]))
                    else:
                        out.addfile(m)
            """#
        let result = Subprocess.execute(
            [try OutsideOracle.python(), "-c", script, package.path, output.path, path, old, new, once ? "1" : "0"], cwd: package.deletingLastPathComponent())
        try #require(result.status == 0, "rewrite failed: \(result)")
    }

    /// The first SHA-512 digest of the tag manifest, and the same with its letters in capitals.
    static func firstDigest(_ package: URL, _ file: String, in dir: URL) throws -> String {
        let root = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x-\(UUID().uuidString)"))
        let text = String(decoding: try Data(contentsOf: root.appendingPathComponent(file)), as: UTF8.self)
        return try #require(text.split(separator: " ").first.map(String.init))
    }

    @Test("a rial package passes bag.form; a plain bag directory is not held to it")
    func intact() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.checks("bag.form").map(\.status) == [.pass], "\(report.checks)")
            let root = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            let bag = LibraryFixture.verify(root)
            #expect(bag.checks("bag.form").isEmpty && bag.checks("bag.form.not-canonical").isEmpty, "a plain bag keeps BagIt's leniency")
        }
    }

    /// Each twin: the file, what is changed, whether every occurrence, the line named.
    static let twins: [(file: String, change: @Sendable (String) -> (String, String), every: Bool, line: Int?)] = [
        ("tagmanifest-sha512.txt", { digest in (digest, digest.uppercased()) }, false, 1),
        ("tagmanifest-sha256.txt", { _ in ("\n", "\r\n") }, false, 1),
        ("manifest-sha256.txt", { digest in (digest, digest.uppercased()) }, false, 1),
        ("manifest-sha512.txt", { digest in (digest + "  ", digest + "\t") }, false, 1),
        ("bag-info.txt", { _ in ("Payload-Oxum: ", "Payload-Oxum:\t") }, false, 1),
        ("bagit.txt", { _ in ("\n", "\r\n") }, true, 1),
    ]

    @Test("a second byte form of the same content fails bag.form.not-canonical at the file and line", arguments: 0..<6)
    func secondByteForm(_ index: Int) throws {
        let twin = Self.twins[index]
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let digest = try Self.firstDigest(package, twin.file, in: dir)
            let (old, new) = twin.change(digest)
            let tampered = dir.appendingPathComponent("twin.rialpkg")
            try Self.rewrite(package, twin.file, old, new, once: !twin.every, output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail, "\(twin.file): \(report.failures)")
            let found = report.checks("bag.form.not-canonical")
            #expect(found.count == 1 && found.first?.subject == twin.file, "\(twin.file): \(report.failures)")
            if let line = twin.line { #expect(found.first?.message.hasSuffix("line \(line) differs") == true, "\(found)") }
            // Nothing else fails: the entries read the same; only the byte form is new. (Every tag
            // file but the tag manifests is also listed in rial/manifest.json, which catches any change
            // to it; a tag manifest is covered by nothing else, so there the form is all that fails.)
            let others = report.failures.map(\.code.rawValue).filter { $0 != "bag.form.not-canonical" && !$0.hasPrefix("rial.manifest.file.") }
            #expect(others == [], "\(twin.file): \(report.failures)")
            if twin.file.hasPrefix("tagmanifest-") { #expect(report.failures.count == 1, "\(twin.file): \(report.failures)") }
            #expect(found.first.map(report.part(of:)) == .integrity)
        }
    }
}
