import Foundation
import RialTestSupport
import Testing

/// Amending where the package lives (issue 35): through a symbolic link the target is amended
/// and the link stays; a read-only package or one with other hard links is refused unless
/// `--force` (and keeps its mode); as root the owner is kept; a full disk is named.
@Suite("Amending in place")
struct AmendInPlaceTests {
    private static let event = ["--action", "NOTE", "--actor-name", "Jane Roe", "--details", "checked in place", "--quiet"]

    private func custodyCount(_ package: URL, in dir: URL) throws -> Int {
        let (_, report) = try Fixture.verifyJSON(package.path, cwd: dir)
        return try #require(report.custody).eventCount
    }

    /// A package of the unprivileged user ``Unprivileged`` runs rial as (uid 65534), of `group`
    /// and `mode`, in `dir`, which that user may write (only root can make it).
    private func unprivilegedPackage(group: gid_t, mode: mode_t, in dir: URL) throws -> URL {
        let package = try Fixture.package(in: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        try #require(chown(package.path, 65_534, group) == 0 && chmod(package.path, mode) == 0)
        return package
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func throughASymbolicLinkTheTargetIsAmendedAndTheLinkStays() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let before = try custodyCount(package, in: dir)
            let link = dir.appendingPathComponent("link.rialpkg")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: package)
            let result = CLI.rial(["custody", "append", link.path] + Self.event, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == package.path, "the link was replaced")
            #expect(try custodyCount(package, in: dir) == before + 1)
        }
    }

    @Test func aReadOnlyPackageIsRefusedUnlessForceAndStaysReadOnly() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: package.path)
            let original = try Data(contentsOf: package)
            let refused = CLI.rial(["custody", "append", package.path] + Self.event, cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains("is read-only (mode 444)") && refused.stderr.contains("[amend.protected]"), "\(refused)")
            #expect(try Data(contentsOf: package) == original)
            let sealRefused = CLI.rial(["seal", package.path, "--quiet"] + (try TestPKI.make(in: dir).signing()), cwd: dir)
            #expect(sealRefused.status == 2 && sealRefused.stderr.contains("[amend.protected]"), "\(sealRefused)")
            let forced = CLI.rial(["custody", "append", package.path, "--force"] + Self.event, cwd: dir)
            #expect(forced.status == 0, "\(forced)")
            #expect(try Data(contentsOf: package) != original)
            #expect(try mode(package) == 0o444)
        }
    }

    @Test func aPackageWithAnotherHardLinkIsRefusedUnlessForce() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let other = dir.appendingPathComponent("other-name.rialpkg")
            try FileManager.default.linkItem(at: package, to: other)
            let original = try Data(contentsOf: package)
            let refused = CLI.rial(["custody", "append", package.path] + Self.event, cwd: dir)
            #expect(
                refused.status == 2 && refused.stderr.contains("has 1 other name (hard links)") && refused.stderr.contains("[amend.protected]"), "\(refused)")
            #expect(try Data(contentsOf: package) == original)
            let forced = CLI.rial(["custody", "append", package.path, "--force"] + Self.event, cwd: dir)
            #expect(forced.status == 0, "\(forced)")
            // This name has the event; the other keeps the old version, as the refusal said.
            #expect(try Data(contentsOf: package) != original)
            #expect(try Data(contentsOf: other) == original)
        }
    }

    @Test(
        "a package of a group the user is not in is refused, even with --force: replacing it would drop the group and give its group bits to the user's",
        .enabled(if: getuid() == 0, "only root can give a package a group its owner is not in"))
    func aPackageOfAnotherGroupIsRefused() throws {
        try withTemporaryDirectory { dir in
            // Owned by the unprivileged user, group root (0), which that user is not in.
            let package = try unprivilegedPackage(group: 0, mode: 0o640, in: dir)
            let original = try Data(contentsOf: package)
            for extra in [[], ["--force"]] {
                let refused = Unprivileged.rial(["custody", "append", package.path] + Self.event + extra, cwd: dir)
                #expect(
                    refused.status == 2 && refused.stderr.contains("belongs to group 0, which you are not in") && refused.stderr.contains("[amend.protected]"),
                    "\(refused)")
            }
            #expect(try Data(contentsOf: package) == original)
            #expect(try FileManager.default.attributesOfItem(atPath: package.path)[.groupOwnerAccountID] as? Int == 0)
        }
    }

    /// Linux checks a file's mode before it sets a `user.` attribute: copied after the
    /// original's read-only mode, it was refused (`--force` could not amend such a package).
    @Test(
        "a read-only package with an extended attribute, amended with --force by its (unprivileged) owner, keeps the attribute and its mode",
        .enabled(if: getuid() == 0, "only root can give a package to the unprivileged user this runs as"))
    func aReadOnlyPackageKeepsItsAttributes() throws {
        try withTemporaryDirectory { dir in
            let package = try unprivilegedPackage(group: 65_534, mode: 0o444, in: dir)
            let python = try Oracle.python()
            let set = CLI.run([python, "-c", "import os, sys; os.setxattr(sys.argv[1], 'user.evidence', b'case-7')", package.path], cwd: dir)
            try #require(set.status == 0, "\(set)")
            let forced = Unprivileged.rial(["custody", "append", package.path, "--force"] + Self.event, cwd: dir)
            #expect(forced.status == 0, "\(forced)")
            let got = CLI.run([python, "-c", "import os, sys; print(os.getxattr(sys.argv[1], 'user.evidence').decode())", package.path], cwd: dir)
            #expect(got.stdout == "case-7\n", "\(got)")
            #expect(try mode(package) == 0o444)
        }
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a package another owner to test this"))
    func asRootThePackageKeepsItsOwnerAndMode() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            #expect(chown(package.path, 1234, 1234) == 0 && chmod(package.path, 0o640) == 0)
            let result = CLI.rial(["custody", "append", package.path] + Self.event, cwd: dir)
            #expect(result.status == 0, "\(result)")
            let attributes = try FileManager.default.attributesOfItem(atPath: package.path)
            #expect(attributes[.ownerAccountID] as? Int == 1234 && attributes[.groupOwnerAccountID] as? Int == 1234)
            #expect(try mode(package) == 0o640)
        }
    }

    /// What `kill -9` during an amendment leaves (the run cannot remove its temporary file):
    /// `verify --recursive` names it without taking it for a package, and the next amendment
    /// removes it, but not one written in the last seconds nor another package's.
    @Test func leftoversOfAnInterruptedWriteAreNamedThenRemoved() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let old = dir.appendingPathComponent(".case.rialpkg.tmp-Ab12Cd")
            let fresh = dir.appendingPathComponent(".case.rialpkg.tmp-Ef34Gh")
            let others = dir.appendingPathComponent(".other.rialpkg.tmp-Ij56Kl")
            for file in [old, fresh, others] { try Data(repeating: 7, count: 1000).write(to: file) }
            for file in [old, others] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
            }
            let listed = CLI.rial(["verify", "--recursive", dir.path, "--format", "jsonl", "--no-examine-media"], cwd: dir)
            #expect(listed.status == 0 && listed.stdout.contains(#""total": 1"#), "\(listed)")
            #expect(listed.stderr.contains("note: \(old.path) (1000 bytes) is a temporary file an interrupted write of case.rialpkg left"), "\(listed.stderr)")
            let appended = CLI.rial(["custody", "append", package.path] + Self.event, cwd: dir)
            #expect(appended.status == 0 && appended.stderr.contains("note: removed \(old.path) (1000 bytes)"), "\(appended)")
            #expect(!FileManager.default.fileExists(atPath: old.path))
            #expect(FileManager.default.fileExists(atPath: fresh.path) && FileManager.default.fileExists(atPath: others.path))
        }
    }

    /// A small tmpfs in a user and mount namespace of the test's own, where the kernel allows one.
    private static let canMountTmpfs: Bool = {
        let probe = CLI.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /tmp"], cwd: URL(fileURLWithPath: "/"))
        return probe.status == 0
    }()

    @Test(.enabled(if: canMountTmpfs, "needs `unshare -rm` and a tmpfs mount (user namespaces refused here)"))
    func aFullDiskIsNamed() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let small = dir.appendingPathComponent("small")
            try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
            let script = #"mount -t tmpfs -o size=300k tmpfs "$0" && exec "$@""#
            let result = CLI.run(
                [
                    "unshare", "-rm", "sh", "-c", script, small.path, CLI.rialPath, "pack", capture.path,
                    "-o", small.appendingPathComponent("case.rialpkg").path, "--quiet",
                ], cwd: dir)
            #expect(result.status != 0 && result.stderr.contains("No space left on device") && result.stderr.contains("[pack.write-failed]"), "\(result)")
        }
    }

    @Test(.enabled(if: canMountTmpfs, "needs `unshare -rm` and a tmpfs mount (user namespaces refused here)"))
    func aFullDiskLeavesThePackageAsItWas() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: package.path)[.size] as? Int)
            let small = dir.appendingPathComponent("small")
            try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
            // Room for the package and a little more, not for a second copy of it.
            let script =
                #"mount -t tmpfs -o size="$1" tmpfs "$0" && cp "$2" "$0/case.rialpkg" && "$3" custody append "$0/case.rialpkg" "${@:4}"; status=$?; cmp -s "$2" "$0/case.rialpkg" && echo UNCHANGED; exit $status"#
            let result = CLI.run(
                ["unshare", "-rm", "bash", "-c", script, small.path, "\(size + 64 * 1024)", package.path, CLI.rialPath] + Self.event, cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(
                result.stderr.contains("No space left on device") && result.stderr.contains("nothing was changed: \(small.path)/case.rialpkg is as it was"),
                "\(result)")
            #expect(result.stdout.contains("UNCHANGED"), "\(result)")
        }
    }
}
