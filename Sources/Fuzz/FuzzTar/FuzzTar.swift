// libFuzzer target for the strict streaming tar reader (TarReader over bytes in memory).
//
// Built with `-DFUZZING` (see scripts/fuzz.sh) this is a libFuzzer target; otherwise it is a
// replayer that runs every file of the directories it is given (by default the seed corpus and
// the saved crashers) through the same function, which is what `make test` does.
//
// The input is the archive. It is read twice, in 1 MiB chunks and in 100-byte chunks (so that
// headers and pax records straddle chunk boundaries), each time entry by entry with every
// entry's data streamed, every error caught.
//
// Asserts: nothing crashes; whether an archive is read to its end does not depend on the
// chunking, nor do the entries read or their data; an archive read to its end keeps the
// profile: one top-level directory, every name below it a valid strict bag path, no two
// names equal after NFC and case folding, no file where another entry needs a directory,
// directories without data, no more data than input, each entry's data as long as its header says.
import Foundation
import FuzzSupport
import RialArchive
import RialFormat

func fuzzOne(_ bytes: [UInt8]) {
    let large = read(bytes, chunkSize: 1 << 20)
    let small = read(bytes, chunkSize: 100)
    if verbose { print("  \(describe(large))") }
    guard large.complete == small.complete else {
        violation("read in 1 MiB chunks the archive \(describe(large)); in 100-byte chunks it \(describe(small))")
    }
    guard large.complete else { return }
    guard large.entries == small.entries else { violation("the entries read depend on the chunk size") }
    checkProfile(large.entries, inputSize: bytes.count)
}

private struct Entry: Equatable {
    let header: EntryHeader
    let delivered: UInt64
    let checksum: UInt64
}

private struct Outcome {
    var entries: [Entry] = []
    /// Read to the end-of-archive marker without an error.
    var complete = false
    var error: String?
}

private func read(_ bytes: [UInt8], chunkSize: Int) -> Outcome {
    var outcome = Outcome()
    do {
        let reader = try TarReader(bytes: bytes, chunkSize: chunkSize)
        while let header = try reader.nextEntry() {
            var checksum: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the data
            let delivered = try reader.readData { chunk in
                for byte in chunk { checksum = (checksum ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            }
            guard delivered == header.size else { violation("\(header.path): readData delivered \(delivered) bytes, the header says \(header.size)") }
            outcome.entries.append(Entry(header: header, delivered: delivered, checksum: checksum))
        }
        outcome.complete = true
    } catch let error as ArchiveError {
        outcome.error = "\(error.code): \(error.reason)"
    } catch {
        outcome.error = "\(error)"
    }
    return outcome
}

private func describe(_ outcome: Outcome) -> String {
    outcome.complete
        ? "was read to its end (\(outcome.entries.count) entries)"
        : "failed after \(outcome.entries.count) entries with \(outcome.error ?? "?")"
}

private func checkProfile(_ entries: [Entry], inputSize: Int) {
    var root: String?
    var folded: Set<String> = []
    var files: Set<String> = []
    var parents: Set<String> = []
    var total: UInt64 = 0
    for entry in entries {
        let header = entry.header
        total += header.size
        var name = header.path
        if header.kind == .directory {
            guard header.size == 0 else { violation("directory \(name.debugDescription) has \(header.size) bytes of data") }
            if name.hasSuffix("/") { name.removeLast() }
        }
        let parts = name.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 1, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        for part in parts {
            if let problem = BagPath.problem(with: part) { violation("accepted entry \(name.debugDescription): \(part.debugDescription) \(problem)") }
        }
        if root == nil { root = parts[0] }
        guard parts[0] == root else { violation("accepted entries under two top-level directories: \(root ?? "") and \(parts[0])") }
        guard parts.count == 2 || header.kind == .directory else { violation("accepted a file beside the top-level directory: \(name.debugDescription)") }
        let key = fold(name)
        guard folded.insert(key).inserted else { violation("accepted two entries equal after NFC and case folding: \(name.debugDescription)") }
        if header.kind != .directory { files.insert(key) }
        let components = name.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        for count in components.indices.dropLast() {
            parents.insert(fold(components[...count].joined(separator: "/")))
        }
    }
    if let clash = files.intersection(parents).first { violation("accepted \(clash.debugDescription) as a file while other entries lie inside it") }
    guard total <= UInt64(inputSize) else { violation("accepted \(total) bytes of data from \(inputSize) bytes of input") }
}

/// NFC, case folding, NFC: names a file system could merge fold to the same key.
private func fold(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
}

// MARK: - Harness (Sources/Fuzz/FuzzSupport)

var verbose: Bool { FuzzHarness.verbose }

/// A property does not hold: stop with a trap, so libFuzzer saves the input as a crasher.
func violation(_ message: String) -> Never {
    FuzzHarness.violation("FuzzTar", message)
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main
enum Replay {
    static func main() {
        FuzzHarness.replay("FuzzTar", fuzzOne)
    }
}
#endif
