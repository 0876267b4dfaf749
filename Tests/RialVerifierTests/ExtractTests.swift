import Foundation
import Synchronization
import Testing
import RialTestSupport
import RialArchive
import RialExtractor
@testable import RialVerifier

/// `PackageExtractor` in process, as `rial extract` runs it: verify first, then unpack only a
/// passing package into a new, empty directory. `rial extract`'s exit statuses and what it
/// prints stay end to end (RialCLITests' ExtractTests).
@Suite("Extract (library)")
struct ExtractTests {
    @Test("a passing package is extracted with its verification reports beside it")
    func extracts() throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir)
            let package = try LibraryFixture.pack(capture, in: dir)
            let out = dir.appendingPathComponent("out")
            let result = try PackageExtractor().extract(package: package.path, to: out.path)
            let id = try #require(result.report.packageID)
            #expect(result.extractedRoot == out.appendingPathComponent(id).path)
            #expect(result.reportFiles == ["txt", "json"].map { out.appendingPathComponent("\(id).verification.\($0)").path })
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
                    == [id, "\(id).verification.json", "\(id).verification.txt"])

            // The bag holds exactly what tar lists, byte for byte what was captured.
            let bag = out.appendingPathComponent(id)
            let tarFiles = try OutsideOracle.tarList(package).filter { !$0.hasSuffix("/") }.map { String($0.dropFirst(id.count + 1)) }
            #expect(TemporaryDirectory.regularFiles(bag) == tarFiles.sorted())
            for (source, target) in [
                ("media/capture.mov", "data/media/capture.mov"),
                ("depth/depth_000004.f32", "data/depth/depth_000004.f32"),
                ("app/metadata.json", "data/capture/metadata.json"),
                ("app/custody_log.json", "data/capture/custody_log.json"),
            ] {
                #expect(
                    try Data(contentsOf: capture.appendingPathComponent(source)) == Data(contentsOf: bag.appendingPathComponent(target)), "\(target)")
            }

            let text = String(decoding: try Data(contentsOf: out.appendingPathComponent("\(id).verification.txt")), as: UTF8.self)
            #expect(text.hasPrefix("PASS"), "\(text.prefix(200))")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("\(id).verification.json"))) as? [String: Any]
            #expect(json?["verdict"] as? String == "pass" && json?["package_id"] as? String == id, "\(String(describing: json?.keys))")
        }
    }

    @Test("an existing empty directory is a valid destination")
    func emptyDestination() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
            let result = try PackageExtractor().extract(package: package.path, to: out.path)
            #expect(result.extractedRoot != nil, "\(result.report.failures)")
            #expect(TemporaryDirectory.listing(out).count > 3)
        }
    }

    @Test("a tampered package is not extracted and nothing is written", arguments: ["out-new", "out-empty"])
    func refusesTampered(destination: String) throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let out = dir.appendingPathComponent(destination)
            if destination == "out-empty" { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false) }
            let before = TemporaryDirectory.listing(dir)

            let result = try PackageExtractor().extract(package: tampered.path, to: out.path)
            #expect(result.report.verdict == .fail && result.extractedRoot == nil && result.reportFiles.isEmpty)
            if destination == "out-empty" {
                #expect(TemporaryDirectory.listing(out).isEmpty, "\(TemporaryDirectory.listing(out))")
            } else {
                #expect(!FileManager.default.fileExists(atPath: out.path))
            }
            #expect(TemporaryDirectory.listing(dir) == before)
        }
    }

    @Test("an entry escaping the bag cannot be evaluated (archive.entry.invalid-name) and nothing is written outside the destination")
    func refusesTraversal() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let context = try TamperContext(package: package, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["add-raw", "\(context.top)/../../evil.txt", "evil"], output: tampered)
            let work = dir.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)

            let refusal = #expect(throws: VerifierError.self) {
                try PackageExtractor().extract(package: tampered.path, to: work.appendingPathComponent("out").path)
            }
            #expect(refusal?.code.rawValue == "archive.entry.invalid-name", "\(String(describing: refusal))")
            #expect(TemporaryDirectory.listing(work).isEmpty, "\(TemporaryDirectory.listing(work))")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("evil.txt").path))
        }
    }

    @Test("a non-empty destination is refused (extract.unsafe-destination) and left as it was")
    func refusesNonEmpty() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
            try Data("keep me\n".utf8).write(to: out.appendingPathComponent("existing.txt"))

            let refusal = #expect(throws: ArchiveError.self) { try PackageExtractor().extract(package: package.path, to: out.path) }
            #expect(refusal?.code.rawValue == "extract.unsafe-destination", "\(String(describing: refusal))")
            #expect(TemporaryDirectory.listing(out) == ["existing.txt"])
            #expect(try Data(contentsOf: out.appendingPathComponent("existing.txt")) == Data("keep me\n".utf8))
        }
    }

    @Test("a file as destination is refused (extract.unsafe-destination) and left as it was")
    func refusesFileDestination() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let out = dir.appendingPathComponent("out")
            try Data("x".utf8).write(to: out)
            let refusal = #expect(throws: ArchiveError.self) { try PackageExtractor().extract(package: package.path, to: out.path) }
            #expect(refusal?.code.rawValue == "extract.unsafe-destination", "\(String(describing: refusal))")
            #expect(try Data(contentsOf: out) == Data("x".utf8))
        }
    }

    @Test("something that is not a package cannot be evaluated (input.not-a-package) and no directory is created")
    func refusesNonPackage() throws {
        try TemporaryDirectory.with { dir in
            let notes = dir.appendingPathComponent("notes.txt")
            try Data("not a tar archive\n".utf8).write(to: notes)
            let out = dir.appendingPathComponent("out")
            let refusal = #expect(throws: VerifierError.self) { try PackageExtractor().extract(package: notes.path, to: out.path) }
            #expect(refusal?.code.rawValue == "input.not-a-package", "\(String(describing: refusal))")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("a destination path through .. works like a plain one", arguments: ["absolute", "dotdot"])
    func destinationForms(form: String) throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let work = dir.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
            let destination = form == "absolute" ? dir.appendingPathComponent("out").path : work.path + "/../out"
            let result = try PackageExtractor().extract(package: package.path, to: destination)
            #expect(result.extractedRoot != nil, "\(result.report.failures)")
            #expect(TemporaryDirectory.listing(dir.appendingPathComponent("out")).count > 3)
            #expect(TemporaryDirectory.listing(work).isEmpty)
        }
    }

    /// The writer once made each destination the process's working directory while it wrote:
    /// extractions on several threads of one process wrote into each other's directories
    /// ("Attempt to write to an empty file"), and children other threads started inherited a
    /// directory that was then deleted. It now never changes the working directory.
    @Test("extractions on several threads of one process each write their own complete copy, and the working directory never changes")
    func concurrentExtractions() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let destinations = (0..<6).map { dir.appendingPathComponent("out-\($0)") }
            let failures = Mutex<[String]>([])
            let before = FileManager.default.currentDirectoryPath
            let running = Mutex(true)
            let seen = Mutex<Set<String>>([])
            let watcher = Thread {
                while running.withLock({ $0 }) { seen.withLock { _ = $0.insert(FileManager.default.currentDirectoryPath) } }
            }
            watcher.start()
            DispatchQueue.concurrentPerform(iterations: destinations.count) { index in
                do {
                    let result = try PackageExtractor().extract(package: package.path, to: destinations[index].path)
                    if result.extractedRoot == nil { failures.withLock { $0.append("\(index): not extracted") } }
                } catch {
                    failures.withLock { $0.append("\(index): \(error)") }
                }
            }
            running.withLock { $0 = false }
            while !watcher.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            #expect(seen.withLock { $0 }.subtracting([before]).isEmpty, "the working directory changed: \(seen.withLock { $0 })")
            #expect(failures.withLock { $0 } == [])
            let listings = destinations.map { TemporaryDirectory.listing($0) }
            #expect(listings[0].count > 3 && listings.allSatisfy { $0 == listings[0] }, "\(listings.map(\.count))")
        }
    }
}
