import Foundation
import RialTestSupport
import Testing

/// `rial pack --plan` tells the truth (issue 29 item 9, SPEC §2.1): it runs pack's own checks
/// and filters, writes nothing, and exits as pack would.
@Suite("pack --plan")
struct PackPlanTests {
    @Test("an export pack refuses: --plan exits 2 with pack's reason and writes nothing")
    func refusedExport() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let plan = CLI.rial(["pack", exports.appendingPathComponent("two-media").path, "--plan"], cwd: dir)
            #expect(plan.status == 2, "\(plan)")
            #expect(plan.stderr.contains("holds 2 media files") && plan.stderr.contains("pack.invalid-capture"), "\(plan)")
            let pack = CLI.rial(["pack", exports.appendingPathComponent("two-media").path, "-o", dir.appendingPathComponent("x.rialpkg").path], cwd: dir)
            #expect(pack.status == plan.status, "--plan and pack agree: \(pack)")
            #expect(Fixture.listing(dir).allSatisfy { !$0.hasSuffix(".rialpkg") }, "nothing written")
        }
    }

    @Test("--privacy applies in the plan: withheld files are shown as not packaged, the count is what pack writes")
    func privacyApplied() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let rich = exports.appendingPathComponent("rich").path
            let plan = CLI.rial(["pack", rich, "--plan", "--privacy", "location=none"], cwd: dir)
            #expect(plan.status == 0, "\(plan)")
            let lines = plan.stdout.split(separator: "\n").map(String.init)
            #expect(
                lines.contains { $0.contains("recording_1764000000.metadata.json") && $0.contains("-> (not packaged)") && $0.contains("withheld") },
                "\(plan.stdout)")
            #expect(!lines.contains { $0.contains("-> data/capture/recording_1764000000.metadata.json") }, "the metadata is withheld, not packed")
            let planned = try #require(lines.last { $0.hasPrefix("Would pack ") }, "\(plan.stdout)")
            #expect(planned.hasSuffix("nothing was written (--plan)"))
            #expect(Fixture.listing(dir).allSatisfy { !$0.hasSuffix(".rialpkg") })
            // pack itself writes exactly the files the plan counts.
            let output = dir.appendingPathComponent("filtered.rialpkg")
            let pack = CLI.rial(["pack", rich, "-o", output.path, "--privacy", "location=none", "--quiet"], cwd: dir)
            try #require(pack.status == 0, "\(pack)")
            let root = try Fixture.untar(output, into: dir.appendingPathComponent("x"))
            let found = CLI.run(["find", "data", "-type", "f"], cwd: root)
            let payload = found.stdout.split(separator: "\n")
            let count = try #require(planned.split(separator: " ").dropFirst(2).first.flatMap { Int($0) })
            #expect(payload.count == count, "plan said \(count), pack wrote \(payload.count): \(payload)")
        }
    }
}
