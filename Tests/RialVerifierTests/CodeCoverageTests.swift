import Foundation
import Testing
import RialCrypto
@testable import RialVerifier
@testable import RialReport

/// Every check code is produced by at least one test (issue 32). The static proxy: a code counts
/// as produced when a test source under `Tests/` (Swift, or the hostile corpus's Python, whose
/// cases each name the code a test then requires) names it, as its exact string in quotes
/// (`"seal.content.mismatch"`, or followed by a blank and the subject, as a finding compared as
/// one string) or as its Swift constant (`.sealContentMismatch`). The code-list
/// tests themselves (``CheckCodeTests``, this file) do not count. A code no test names must be
/// in ``allowList`` with the reason; an entry that a test comes to name must leave it, so the
/// list only shrinks.
@Suite("Code coverage by tests")
struct CodeCoverageTests {
    static let root = CheckCodeTests.root

    /// Files that list codes without producing them.
    static let excluded: Set<String> = ["CheckCodeTests.swift", "CodeCoverageTests.swift"]

    /// The text of every test source that may name a code it produces.
    static func testSources() throws -> String {
        let tests = root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".py")) && !excluded.contains(($0 as NSString).lastPathComponent) }
        #expect(files.count > 100, "the test sources were not found: \(files.count)")
        return try files.map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    /// Each declared code's Swift constant name, read from the `CheckResult.Code+<Area>` files:
    /// each constant is made from the case of the same name of its file's ``CodeList``
    /// (`case sealContentMismatch = "seal.content.mismatch"`; CheckCodeTests holds the two together).
    static func constantNames() throws -> [String: String] {
        let codes = root.appendingPathComponent("Sources/RialVerifier/Report/Codes")
        var names: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: codes.path) where file.hasPrefix("CheckResult.Code+") {
            let text = try String(contentsOf: codes.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /\n        case (\w+) = "([^"]+)"/) {
                names[String(match.output.2)] = String(match.output.1)
            }
        }
        return names
    }

    /// The manifest codes (`bag.manifest.ALG[.member]`, `bag.tagmanifest.ALG[.member]`) have no
    /// constants: one code path, ``CheckResult/Code/ManifestCodes``, makes them for every
    /// algorithm, so a test of one member under one algorithm covers that member under all.
    /// `nil` for a code that is not a manifest code.
    static func manifestSpellings(_ code: String) -> [String]? {
        for (family, function) in [("bag.manifest.", "payloadManifest"), ("bag.tagmanifest.", "tagManifest")] where code.hasPrefix(family) {
            let parts = code.dropFirst(family.count).split(separator: ".", maxSplits: 1)
            guard let algorithm = parts.first, DigestAlgorithm(rawValue: String(algorithm)) != nil else { return nil }
            let member = parts.count > 1 ? String(parts[1]) : nil
            let words = (member ?? "passed").split(separator: "-")
            let camel = (words.first.map(String.init) ?? "") + words.dropFirst().map(\.capitalized).joined()
            return DigestAlgorithm.allCases.flatMap { other in
                ["\"\(family)\(other.rawValue)\(member.map { "." + $0 } ?? "")\"", "\(function)(.\(other.rawValue)).\(camel)"]
            }
        }
        return nil
    }

    /// Whether a test names `code`.
    static func isNamed(_ code: String, in text: String, names: [String: String]) -> Bool {
        if let spellings = manifestSpellings(code) { return spellings.contains { text.contains($0) } }
        // `"code"`, or `"code subject"` as tests that compare findings as one string spell it.
        if text.contains("\"\(code)\"") || text.contains("\"\(code) ") { return true }
        guard let name = names[code] else { return false }
        return text.range(of: "\\.\(name)\\b", options: .regularExpression) != nil
    }

    /// Codes no test names, each with the reason no test can: empty since every code has a
    /// producing test (issue 32). A code added later without one goes here with its reason, as
    /// `"code": "why no test can make it"`, and leaves once a test makes it.
    static let allowList: [String: String] = [:]

    /// The allow-list's codes with every algorithm spelled out for a manifest member.
    static func allowed(_ code: String) -> Bool {
        if allowList[code] != nil { return true }
        guard code.hasPrefix("bag.manifest.") || code.hasPrefix("bag.tagmanifest.") else { return false }
        let parts = code.split(separator: ".")
        guard parts.count == 4 else { return false }
        return allowList["\(parts[0]).\(parts[1]).sha256.\(parts[3])"] != nil
    }

    @Test("every declared code is named by a test, or is in the allow-list with a reason")
    func everyCodeIsProduced() throws {
        let text = try Self.testSources()
        let names = try Self.constantNames()
        let declared = CheckResult.Code.all.map(\.rawValue)
        #expect(names.count > 300, "the constants were not found: \(names.count)")
        let unnamed = declared.filter { !Self.isNamed($0, in: text, names: names) && !Self.allowed($0) }
        #expect(unnamed.sorted() == [], "codes no test names: produce each in a test, or allow-list it with the reason")
    }

    @Test("every allow-listed code is declared and still named by no test")
    func allowListOnlyShrinks() throws {
        let text = try Self.testSources()
        let names = try Self.constantNames()
        let declared = Set(CheckResult.Code.all.map(\.rawValue))
        #expect(Set(Self.allowList.keys).subtracting(declared).sorted() == [], "allow-listed but not declared")
        let named = Self.allowList.keys.filter { Self.isNamed($0, in: text, names: names) }
        #expect(named.sorted() == [], "a test names these now: take them off the allow-list")
    }

    @Test("the proxy sees a code by its string, its constant or its manifest family, and not a bare prefix")
    func proxyRecognisesSpellings() throws {
        let names = try Self.constantNames()
        #expect(names["seal.content.mismatch"] == "sealContentMismatch")
        #expect(Self.isNamed("seal.content.mismatch", in: "#expect(x == .sealContentMismatch)", names: names))
        #expect(Self.isNamed("seal.content.mismatch", in: "has(\"seal.content.mismatch\")", names: names))
        #expect(Self.isNamed("seal.content.mismatch", in: "[\"seal.content.mismatch rial/seal/manifest.p7s\"]", names: names))
        #expect(!Self.isNamed("seal.content.mismatch", in: "has(\"seal.content.mismatch.x\") .sealContentMismatchFoo", names: names))
        #expect(Self.isNamed("bag.manifest.md5.missing", in: "\"bag.manifest.sha256.missing\"", names: names))
        #expect(Self.isNamed("bag.tagmanifest.sha1.invalid-path", in: "tagManifest(.sha512).invalidPath", names: names))
        #expect(!Self.isNamed("bag.tagmanifest.sha1.missing", in: "\"bag.manifest.sha1.missing\"", names: names))
    }

    @Test("every FailureMeaning entry names declared codes, and families that hold declared codes")
    func failureMeaningsNameDeclaredCodes() {
        let declared = Set(CheckResult.Code.all)
        #expect(FailureMeaning.meanings.count > 15)
        for (index, entry) in FailureMeaning.meanings.enumerated() {
            #expect(!entry.codes.isEmpty || !entry.families.isEmpty, "FailureMeaning entry \(index) covers nothing")
            #expect(entry.codes.subtracting(declared).sorted() == [], "FailureMeaning entry \(index) names undeclared codes")
            for family in entry.families {
                #expect(declared.contains { $0.isIn(family) }, "FailureMeaning entry \(index): \(family) holds no declared code")
            }
        }
        for (name, codes) in [
            ("changed", FailureMeaning.changedFileCodes), ("removed", FailureMeaning.removedFileCodes),
            ("added", FailureMeaning.addedFileCodes),
        ] {
            #expect(!codes.isEmpty && codes.isSubset(of: declared), "FailureMeaning's \(name) file codes: \(codes.subtracting(declared).sorted())")
        }
    }

    @Test("every FailureMeaning entry is reached, by each of its codes and by a code of each of its families")
    func failureMeaningsAreReached() {
        let declared = CheckResult.Code.all
        let fileCodes = FailureMeaning.changedFileCodes.union(FailureMeaning.removedFileCodes).union(FailureMeaning.addedFileCodes)
        for (index, entry) in FailureMeaning.meanings.enumerated() {
            for code in entry.codes {
                #expect(FailureMeaning.of(code) == entry.meaning, "FailureMeaning entry \(index): \(code) is taken by an earlier one")
            }
            for family in entry.families {
                let reached = declared.contains { $0.isIn(family) && !fileCodes.contains($0) && FailureMeaning.of($0) == entry.meaning }
                #expect(reached, "FailureMeaning entry \(index): every code of \(family) is taken by an earlier one")
            }
        }
    }
}
