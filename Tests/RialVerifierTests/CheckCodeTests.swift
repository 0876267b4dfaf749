import Foundation
import Testing
import RialCrypto
import RialArchive
import RialFormat
@testable import RialVerifier

/// The check codes the verifier declares (``CheckResult/Code/all``) are exactly those of
/// `schema/SPEC.md` §8.6, and the verifier makes codes nowhere else.
@Suite("Check codes")
struct CheckCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The codes of §8.6's first table (check results; the second lists refusals), with *a*
    /// written out for each algorithm BagIt names.
    static func specCodes() throws -> Set<String> {
        let spec = try String(contentsOf: root.appendingPathComponent("schema/SPEC.md"), encoding: .utf8)
        let start = try #require(spec.range(of: "\n### 8.6 "))
        let end = try #require(spec.range(of: "\n### 8.7 ", range: start.upperBound..<spec.endIndex))
        var codes: Set<String> = []
        var inChecks = false
        for line in spec[start.upperBound..<end.lowerBound].split(separator: "\n") {
            if line.hasPrefix("| Code | Status |") { inChecks = true; continue }
            if line.hasPrefix("| Code | Meaning |") { break }
            guard inChecks, line.hasPrefix("| `"), let close = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let code = String(line[line.index(line.startIndex, offsetBy: 3)..<close])
            if code.contains(".a.") || code.hasSuffix(".a") {
                for algorithm in DigestAlgorithm.allCases {
                    codes.insert(
                        code.replacingOccurrences(of: ".a.", with: ".\(algorithm.rawValue).")
                            .replacingOccurrences(of: #"\.a$"#, with: ".\(algorithm.rawValue)", options: .regularExpression))
                }
            } else {
                codes.insert(code)
            }
        }
        return codes
    }

    /// The codes of §8.6's second table: what a report with verdict `error` carries (the
    /// table ends at the first empty line; the commands' own codes follow it).
    static func specErrorCodes() throws -> Set<String> {
        let spec = try String(contentsOf: root.appendingPathComponent("schema/SPEC.md"), encoding: .utf8)
        let start = try #require(spec.range(of: "\n### 8.6 "))
        let end = try #require(spec.range(of: "\n### 8.7 ", range: start.upperBound..<spec.endIndex))
        let section = spec[start.upperBound..<end.lowerBound]
        let table = try #require(section.range(of: "| Code | Meaning |"))
        let rows = section[table.upperBound...]
        let tableEnd = rows.range(of: "\n\n")?.lowerBound ?? rows.endIndex
        return Set(rows[..<tableEnd].matches(of: /\n\| `([a-z0-9.-]+)`/).map { String($0.output.1) })
    }

    @Test("every refusal the scanner can turn an archive error into is an error code of SPEC §8.6, and every one listed is reachable")
    func refusalCodesMatchTheSpec() throws {
        let listed = try Self.specErrorCodes()
        #expect(listed.count > 20, "the error table was not found whole: \(listed.count) codes")
        let reachable = Set(ArchiveError.Code.all.map { PackageScanner.refusal(ArchiveError($0, "x"), path: "p").code.rawValue })
            .union([VerifierError.Code.notAPackage, .unreadable, .unsupportedVersion, .timeBeforePackage].map(\.rawValue))
        #expect(reachable.subtracting(listed).sorted() == [], "refusals SPEC §8.6 does not list")
        #expect(listed.subtracting(reachable).sorted() == [], "listed in SPEC §8.6 but never reported")
    }

    @Test("every declared code is in SPEC §8.6, and every code of §8.6 is declared")
    func declaredCodesMatchTheSpec() throws {
        let spec = try Self.specCodes()
        let declared = CheckResult.Code.all.map(\.rawValue)
        #expect(spec.count > 250, "the table was not found whole: \(spec.count) codes")
        #expect(Set(declared).count == declared.count, "declared twice: \(Dictionary(grouping: declared, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
        #expect(Set(declared).subtracting(spec).sorted() == [], "declared but not in SPEC §8.6")
        #expect(spec.subtracting(declared).sorted() == [], "in SPEC §8.6 but not declared")
    }

    @Test("each CheckResult.Code+<Area> file makes its codes from its list's cases, one constant per case of the same name, and every list is in all")
    func codesComeFromTheLists() throws {
        let codes = Self.root.appendingPathComponent("Sources/RialVerifier/Report/Codes")
        var listed: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: codes.path) where file.hasPrefix("CheckResult.Code+") {
            let text = try String(contentsOf: codes.appendingPathComponent(file), encoding: .utf8)
            let strings = text.split(separator: "\n").filter { $0.contains("Self(\"") && !$0.contains("manifest.\" + algorithm.rawValue") }
            #expect(strings == [], "\(file) makes a code from a string, not from its list")
            let lists = text.matches(of: /enum (\w+): String, CodeList/).map { String($0.output.1) }
            #expect(lists.count <= 1, "\(file) declares \(lists.count) lists")
            guard let list = lists.first else { continue }
            listed.append(list)
            let constants = text.matches(of: /static let (\w+) = Self\((\w+)\.(\w+)\)/).map { ($0.output.1, $0.output.2, $0.output.3) }
            let cases = text.matches(of: /\n        case (\w+) = "/).map { String($0.output.1) }
            #expect(constants.allSatisfy { $0.1 == list && $0.0 == $0.2 }, "\(file): a constant made from another list's case, or another name's")
            #expect(constants.map { String($0.0) }.sorted() == cases.sorted(), "\(file): a case without its constant, or the reverse")
        }
        #expect(listed.count > 10)
        #expect(
            listed.sorted() == CheckResult.Code.lists.map { String(describing: $0).split(separator: ".").last.map(String.init) ?? "" }.sorted(),
            "a list all does not take")
    }

    @Test("the verifier makes codes only in the CheckResult.Code+<Area> files, and passes no string as a code")
    func codesAreMadeInOnePlace() throws {
        let sources = Self.root.appendingPathComponent("Sources/RialVerifier")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var offenders: [String] = []
        for file in files where !file.hasPrefix("Report/Codes/") && !file.hasSuffix("CheckResult+Code.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            // Over the whole text, so a string moved to the next line by the formatter is still seen.
            for match in text.matches(of: /(Code\(|\.(pass|fail|notPresent|notChecked)\()\s*"/) {
                let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                offenders.append("\(file):\(line)")
            }
        }
        #expect(offenders == [], "codes made from strings")
    }

    /// Every code `RialFormat`'s `PrivacyAudit` makes, read from its source as the test above
    /// reads the verifier's: each maps to the declared constant of the same spelling, so the
    /// fallback is never taken; an unknown code falls back to `privacy` rather than failing.
    @Test("every code PrivacyAudit makes maps to its declared constant; an unknown one to privacy")
    func privacyAuditCodesMap() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/RialFormat/Metadata/PrivacyAudit.swift"), encoding: .utf8)
        let made = Set(source.matches(of: /Finding\(\s*code: "([^"]+)"/).map { String($0.1) })
        #expect(made.count == 7, "PrivacyAudit's codes were not all found: \(made.sorted())")
        for code in made {
            #expect(CheckResult.Code.privacyAudit(code).rawValue == code)
            #expect(CheckResult.Code.all.contains(CheckResult.Code.privacyAudit(code)))
        }
        #expect(Set(CheckResult.Code.privacyAuditCodes.keys) == made, "a mapping PrivacyAudit does not use, or one it lacks")
        #expect(CheckResult.Code.privacyAudit("privacy.something.new") == .privacy)
        #expect(CheckResult.Code.privacyAudit("") == .privacy)
    }

    @Test("every dimension PrivacyLevels can exceed maps to its leak code; an unknown one to privacy")
    func privacyLeakCodesMap() {
        let withheld = PrivacyLevels(location: .none, timestamp: .none, device: .none)
        let dimensions = Set(withheld.excess(of: .full).map(\.dimension))
        #expect(dimensions == ["location", "timestamp", "device"])
        for dimension in dimensions {
            #expect(CheckResult.Code.privacyLeak(dimension).rawValue == "privacy.\(dimension).leak")
        }
        #expect(CheckResult.Code.privacyLeak("altitude") == .privacy)
    }

    @Test("the seal's and custody's signature codes are the declared ones of their area")
    func signatureCodes() {
        for (codes, area, fileArea) in [(CheckResult.Code.SignatureCodes.seal, "seal", "seal"), (.custody, "custody", "custody.signature-file")] {
            let file = [codes.fileMalformed, codes.fileEmpty, codes.fileStructure, codes.fileAlgorithm]
            #expect(file.map(\.rawValue) == ["malformed", "empty", "structure", "algorithm"].map { "\(fileArea).\($0)" })
            let rest = [
                codes.signature, codes.signatureEmpty, codes.signaturePlaceholder, codes.signatureHighS, codes.signatureInvalid,
                codes.contentMismatch, codes.certificateExpired, codes.certificateNotYetValid, codes.certificateInvalid,
                codes.trust, codes.signerUntrusted,
            ]
            #expect(
                rest.map(\.rawValue)
                    == [
                        "signature", "signature.empty", "signature.placeholder", "signature.high-s", "signature.invalid",
                        "content.mismatch", "certificate.expired", "certificate.not-yet-valid", "certificate.invalid",
                        "trust", "signer.untrusted",
                    ].map { "\(area).\($0)" })
            #expect((file + rest).allSatisfy(CheckResult.Code.all.contains))
        }
    }
}
