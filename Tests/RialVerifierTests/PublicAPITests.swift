import Foundation
import Testing

/// The library products' public API stays documented: every `public` declaration of
/// RialVerifier, RialPackager, RialAmender and RialErrors has a doc comment (house style 9).
/// Everything else is `package` access.
@Suite("Public API")
struct PublicAPITests {
    @Test("every public declaration of the library products has a doc comment")
    func publicDeclarationsAreDocumented() throws {
        var undocumented: [String] = []
        for module in ["RialVerifier", "RialPackager", "RialAmender", "RialErrors"] {
            let folder = CheckCodeTests.root.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files {
                let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.range(of: #"^\s*public (?!import\b)"#, options: .regularExpression) != nil {
                    var before = index - 1
                    while before >= 0, lines[before].trimmingCharacters(in: .whitespaces).hasPrefix("@") { before -= 1 }
                    if before < 0 || !lines[before].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                        undocumented.append("\(module)/\(file):\(index + 1)")
                    }
                }
            }
        }
        #expect(undocumented == [], "public declarations without a doc comment")
    }
}
