import Foundation
import Testing

/// docs/architecture.md is the contract of the module graph: its table's "May import" column is
/// exactly what Package.swift declares, every `import` in a module's sources is one of those (or
/// a system module), each C module has exactly one Swift importer, and its layer listing is what
/// the declared graph gives. A newcomer's stray import fails here, not in review.
@Suite("Architecture")
struct ArchitectureTests {
    /// Modules any source may import: the toolchain's and the system's.
    static let systemModules: Set<String> = ["Foundation", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest"]

    /// The declared dependencies of each target in Package.swift, tests, their support and fuzzers left out.
    /// Read from the manifest's text (each target's `name:` and the names in its `dependencies:`
    /// list, `.product(name:)` included): `swift package dump-package` would wait for the lock
    /// `swift test` holds on the build directory.
    static func declared() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: CLI.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let body = try #require(manifest.range(of: "targets: [")).upperBound
        let declarations = try NSRegularExpression(pattern: #"\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([^"]+)""#)
        let text = String(manifest[body...])
        let matches = declarations.matches(in: text, range: NSRange(text.startIndex..., in: text))
        var graph: [String: Set<String>] = [:]
        for (index, match) in matches.enumerated() {
            guard let kind = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
                let name = Range(match.range(at: 2), in: text).map({ String(text[$0]) }),
                let start = Range(match.range, in: text)?.upperBound
            else { continue }
            let end = index + 1 < matches.count ? Range(matches[index + 1].range, in: text)?.lowerBound ?? text.endIndex : text.endIndex
            let declaration = text[start..<end]
            // Tests, fuzzers and the tests' own support (a target under Tests/) are not modules of rial.
            guard kind != "testTarget", !name.hasPrefix("Fuzz"), !declaration.contains("path: \"Tests/") else { continue }
            var dependencies = Set<String>()
            if let list = declaration.range(of: "dependencies: [") {
                var depth = 1
                var cursor = list.upperBound
                while cursor < declaration.endIndex, depth > 0 {
                    if declaration[cursor] == "[" { depth += 1 } else if declaration[cursor] == "]" { depth -= 1 }
                    cursor = declaration.index(after: cursor)
                }
                let items = String(declaration[list.upperBound..<cursor])
                // A `.product(…)` is matched whole, so its `package:` string is not taken for a module.
                let names = try NSRegularExpression(pattern: #"\.product\(name:\s*"([^"]+)"[^)]*\)|"([^"]+)""#)
                for item in names.matches(in: items, range: NSRange(items.startIndex..., in: items)) {
                    if let range = Range(item.range(at: 1), in: items) ?? Range(item.range(at: 2), in: items) {
                        dependencies.insert(String(items[range]))
                    }
                }
            }
            graph[name] = dependencies
        }
        return graph
    }

    /// The table of docs/architecture.md: module → may import.
    static func documented() throws -> [String: Set<String>] {
        let page = try String(contentsOf: CLI.repoRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            table[name] = Set(cells[3].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }.filter { !$0.isEmpty })
        }
        return table
    }

    /// Every module a Swift file under Sources/NAME imports.
    static func imports(of module: String) throws -> [String: Set<String>] {
        let root = CLI.repoRoot.appendingPathComponent("Sources").appendingPathComponent(module)
        var found: [String: Set<String>] = [:]
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        let pattern = try NSRegularExpression(
            pattern:
                #"^(?:@_exported\s+|@testable\s+)?(?:public\s+|package\s+|internal\s+|private\s+|fileprivate\s+)?import\s+(?:struct\s+|class\s+|enum\s+|func\s+)?([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.anchorsMatchLines])
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                found[String(text[range]), default: []].insert(file)
            }
        }
        return found
    }

    @Test("the page's table is the graph Package.swift declares, module for module")
    func tableIsTheDeclaredGraph() throws {
        let declared = try Self.declared().filter { !$0.key.hasPrefix("CRial") }
        let documented = try Self.documented()
        #expect(Set(documented.keys) == Set(declared.keys), "modules on the page vs in Package.swift")
        for (module, dependencies) in declared {
            #expect(
                documented[module] == dependencies, "\(module): the page says \(documented[module]?.sorted() ?? []), Package.swift \(dependencies.sorted())")
        }
    }

    @Test("every import in a module's sources is a declared dependency or a system module (the explicit import check)")
    func importsAreDeclared() throws {
        for (module, dependencies) in try Self.declared() where !module.hasPrefix("CRial") {
            for (imported, files) in try Self.imports(of: module) where !Self.systemModules.contains(imported) {
                #expect(
                    dependencies.contains(imported), "\(module) imports \(imported) (\(files.sorted().prefix(3).joined(separator: ", "))) without declaring it")
            }
        }
    }

    @Test("each C module has exactly one Swift importer; the verifier imports neither the packager, the amender nor the ledger")
    func layering() throws {
        let declared = try Self.declared()
        var importers: [String: [String]] = [:]
        for module in declared.keys where !module.hasPrefix("CRial") {
            for imported in try Self.imports(of: module).keys where imported.hasPrefix("CRial") { importers[imported, default: []].append(module) }
        }
        for module in declared.keys where module.hasPrefix("CRial") {
            #expect(importers[module]?.count == 1, "\(module) is imported by \(importers[module]?.sorted() ?? [])")
        }
        let verifierImports = Set(try Self.imports(of: "RialVerifier").keys)
        #expect(verifierImports.isDisjoint(with: ["RialPackager", "RialAmender", "RialLedger"]), "\(verifierImports.sorted())")
    }

    @Test("the page's layers are what the declared graph gives: one more than the highest layer imported")
    func layers() throws {
        let declared = try Self.declared()
        var layer: [String: Int] = [:]
        func depth(_ module: String) -> Int {
            if let known = layer[module] { return known }
            let value = (declared[module] ?? []).filter { declared[$0] != nil }.map { depth($0) + 1 }.max() ?? 0
            layer[module] = value
            return value
        }
        let page = try String(contentsOf: CLI.repoRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var listed: [String: Int] = [:]
        var current: Int?
        for line in page.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words.first == "layer", words.count > 1, let number = Int(words[1]) { current = number } else if !line.hasPrefix("   ") { current = nil }
            guard let current else { continue }
            for word in words where declared[word] != nil { listed[word] = current }
        }
        #expect(Set(listed.keys) == Set(declared.keys), "every module and C module on a layer line")
        for (module, at) in listed { #expect(depth(module) == at, "\(module) is on layer \(at); its imports put it on \(depth(module))") }
    }
}
