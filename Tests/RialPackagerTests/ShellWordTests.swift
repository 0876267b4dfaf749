import Foundation
import RialFormat
import RialTestSupport
import Testing

/// The command lines rial prints for people to paste (README.txt's steps, the court report's
/// "verify it again") quote file names with ``ShellWord``; `sh` is the judge of whether a name
/// comes back as itself and runs nothing.
@Suite("Shell words")
struct ShellWordTests {
    static let names = [
        "plain-name_1.rialpkg", "with space.mp4", "it's.mp4", "'", "''", "$(touch RAN)", "`touch RAN`", "a;touch RAN", "new\nline",
        "back\\slash", "-starts-with-dash", "",
        // A quote followed by a combining mark is one Swift character: a quote written
        // character by character left it bare, and this ran `touch RAN`.
        "x'\u{301}$(touch RAN)'\u{301}.rialpkg", "'\u{301}", "\u{301}'",
    ]

    @Test("sh reads each quoted name back byte for byte, and runs nothing in it", arguments: names)
    func shellReadsItBack(name: String) throws {
        try TemporaryDirectory.with { dir in
            for quoted in [ShellWord.quoted(name), ShellWord.singleQuoted(name)] {
                let run = Subprocess.execute(["/bin/sh", "-c", "printf %s \(quoted)"], cwd: dir)
                #expect(run.status == 0, "\(quoted): \(run)")
                #expect(Array(run.stdout) == Array(name.utf8), "\(quoted.debugDescription) gave \(run.output.debugDescription)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("RAN").path), "a quoted name ran a command")
        }
    }

    @Test("a name of plain characters is left as it is; anything else is quoted")
    func plainStaysPlain() {
        #expect(ShellWord.quoted("case-7/a_b.rialpkg") == "case-7/a_b.rialpkg")
        #expect(ShellWord.quoted("é.mp4") == "'é.mp4'")
        #expect(ShellWord.quoted("") == "''")
    }
}
