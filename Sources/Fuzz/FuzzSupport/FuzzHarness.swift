import Foundation

/// What every fuzz target shares: the name of the input being run (for messages), the
/// verbose switch, the property-violation trap, and the replayer that runs a corpus through
/// the target's function when it is built without `-DFUZZING` (what `make test` runs).
public enum FuzzHarness {
    /// The input being run: a file when replaying, libFuzzer's own otherwise.
    public nonisolated(unsafe) static var currentInput = "<libFuzzer input>"
    /// FUZZ_VERBOSE=1 with the replayer: name each input as it is replayed.
    public nonisolated(unsafe) static var verbose = false

    /// A property does not hold: stop with a trap, so libFuzzer saves the input as a crasher.
    public static func violation(_ target: String, _ message: String) -> Never {
        fatalError("\(target) property violated (\(currentInput)): \(message)")
    }

    /// Runs every file under the directories given as arguments (default: the target's
    /// corpus and crashers) through `body`, and prints a one-line count.
    public static func replay(_ target: String, _ body: ([UInt8]) -> Void) {
        var roots = Array(CommandLine.arguments.dropFirst())
        if roots.isEmpty { roots = ["Tests/Fuzz/corpus/\(target)", "Tests/Fuzz/crashers/\(target)"] }
        verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil
        var count = 0
        for path in replayFiles(roots) {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(target): cannot read \(path)\n".utf8))
                exit(1)
            }
            if verbose { print("\(target): \(path)") }
            currentInput = path
            body([UInt8](data))
            count += 1
        }
        print("\(target): replayed \(count) input\(count == 1 ? "" : "s") from \(roots.joined(separator: ", ")) without a failure")
    }

    /// Regular files under `roots` (files given directly are taken as they are), sorted; hidden
    /// files and READMEs are skipped. A missing root holds no files.
    static func replayFiles(_ roots: [String]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for root in roots {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else { files.append(root); continue }
            let names = (try? manager.subpathsOfDirectory(atPath: root)) ?? []
            for name in names.sorted() {
                let last = (name as NSString).lastPathComponent
                if last.hasPrefix(".") || last.hasPrefix("README") { continue }
                let path = root + "/" + name
                var nestedIsDirectory: ObjCBool = false
                if manager.fileExists(atPath: path, isDirectory: &nestedIsDirectory), !nestedIsDirectory.boolValue { files.append(path) }
            }
        }
        return files
    }
}
