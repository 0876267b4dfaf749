// libFuzzer target for the BagIt text files: bagit.txt, bag-info.txt, manifests, bag paths.
//
// Built with `-DFUZZING` (see scripts/fuzz.sh) this is a libFuzzer target; otherwise it is a
// replayer that runs every file of the directories it is given (by default the seed corpus and
// the saved crashers) through the same function, which is what `make test` does.
//
// Asserts: no parser crashes on any bytes; what a parser accepts its writer writes back to
// bytes that parse to the same thing (bagit.txt, manifests, bag-info.txt fields as the packer
// appends them, Payload-Oxum); the first 64 lines of the input judged by
// `BagPath.problem(with:)`: a path the strict rules accept the BagIt rules accept too, an
// accepted path is relative, at most 1024 bytes and has no empty, `.` or `..` component, a
// strictly accepted one has no control character or backslash, and a manifest's path encoding
// reads back the path it wrote.
import Foundation
import FuzzSupport
import RialFormat

func fuzzOne(_ bytes: [UInt8]) {
    if verbose {
        let accepted = [
            ("bagit.txt", (try? BagDeclaration.parse(bytes)) != nil), ("bag-info.txt", (try? BagInfo.parse(bytes)) != nil),
            ("manifest-sha256.txt", (try? BagManifest.parse(bytes, algorithm: "sha256", digestByteCount: 32, fileName: "m")) != nil),
            ("manifest-sha512.txt", (try? BagManifest.parse(bytes, algorithm: "sha512", digestByteCount: 64, fileName: "m")) != nil),
        ]
        print("  parses as: \(accepted.filter(\.1).map(\.0).joined(separator: ", "))")
    }
    checkDeclaration(bytes)
    checkInfo(bytes)
    checkManifest(bytes, algorithm: "sha256", digestByteCount: 32)
    checkManifest(bytes, algorithm: "sha512", digestByteCount: 64)
    checkPaths(bytes)
}

private func checkDeclaration(_ bytes: [UInt8]) {
    guard let declaration = try? BagDeclaration.parse(bytes) else { return }
    guard let again = try? BagDeclaration.parse(declaration.bytes()) else { violation("bagit.txt written from a parsed declaration does not parse") }
    guard scalarsEqual(again.version, declaration.version), scalarsEqual(again.encoding, declaration.encoding) else {
        violation("bagit.txt reads back differently: \(declaration) -> \(again)")
    }
}

private func checkInfo(_ bytes: [UInt8]) {
    guard let info = try? BagInfo.parse(bytes) else { return }
    _ = info.values("Payload-Oxum")
    var rebuilt = BagInfo()
    for field in info.fields {
        if let oxum = PayloadOxum(field.value) {
            guard PayloadOxum(oxum.description) == oxum else { violation("Payload-Oxum \(oxum) does not read back") }
        }
        rebuilt.append(field.label, field.value)
    }
    // What the packer writes (fields added with `append`) must read back field for field.
    guard let again = try? BagInfo.parse(rebuilt.bytes()) else { violation("bag-info.txt written from parsed fields does not parse") }
    guard again.fields.count == rebuilt.fields.count else {
        violation("bag-info.txt with \(rebuilt.fields.count) fields reads back with \(again.fields.count)")
    }
    for (written, read) in zip(rebuilt.fields, again.fields) {
        guard scalarsEqual(written.label, read.label), scalarsEqual(written.value, read.value) else {
            violation("bag-info.txt field \(debug(written.label)): \(debug(written.value)) reads back as \(debug(read.label)): \(debug(read.value))")
        }
    }
}

private func checkManifest(_ bytes: [UInt8], algorithm: String, digestByteCount: Int) {
    let fileName = "manifest-\(algorithm).txt"
    guard let manifest = try? BagManifest.parse(bytes, algorithm: algorithm, digestByteCount: digestByteCount, fileName: fileName) else { return }
    for entry in manifest.entries {
        guard Hex.isDigest(entry.digest, byteCount: digestByteCount) else { violation("\(fileName) entry digest \(debug(entry.digest)) is not lowercase hex") }
        guard !entry.path.isEmpty else { violation("\(fileName) entry with an empty path") }
    }
    guard let again = try? BagManifest.parse(manifest.bytes(), algorithm: algorithm, digestByteCount: digestByteCount, fileName: fileName) else {
        violation("\(fileName) written from parsed entries does not parse")
    }
    let before = sortedEntries(manifest.entries)
    let after = sortedEntries(again.entries)
    guard before.count == after.count else { violation("\(fileName) with \(before.count) entries reads back with \(after.count)") }
    for (written, read) in zip(before, after) {
        guard scalarsEqual(written.path, read.path), written.digest == read.digest else {
            violation("\(fileName) entry \(debug(written.path)) reads back as \(debug(read.path))")
        }
    }
}

private func checkPaths(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    // The first 64 lines: more would only repeat the same checks at a higher cost per input.
    for line in text.unicodeScalars.split(separator: "\n", maxSplits: 64, omittingEmptySubsequences: false).prefix(64)
        .map({ String(String.UnicodeScalarView($0)) })
    {
        let strict = BagPath.problem(with: line)
        let bagit = BagPath.problem(with: line, rules: .bagit)
        if strict == nil, let bagit { violation("\(debug(line)) passes the strict rules but not the BagIt rules: \(bagit)") }
        if bagit == nil {
            let components = line.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard !line.hasPrefix("/"), components.allSatisfy({ !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8) }),
                line.utf8.count <= BagPath.maxBytes
            else {
                violation("\(debug(line)) is accepted but is absolute, too long or has an empty, '.' or '..' component")
            }
            guard BagPath.components(of: line).count == components.count else { violation("BagPath.components(of:) splits \(debug(line)) differently") }
        }
        if strict == nil {
            guard line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != "\\" }) else {
                violation("\(debug(line)) is accepted by the strict rules but has a control character or a backslash")
            }
        }
        if bagit == nil {
            let decoded = ManifestPathEncoding.decode(ManifestPathEncoding.encode(line))
            guard scalarsEqual(decoded, line) else {
                violation("manifest path encoding does not read back \(debug(line)): \(debug(ManifestPathEncoding.encode(line))) -> \(debug(decoded))")
            }
        }
    }
}

private func sortedEntries(_ entries: [BagManifest.Entry]) -> [BagManifest.Entry] {
    entries.sorted { UTF8Order.precedes($0.path, $1.path) || ($0.path.utf8.elementsEqual($1.path.utf8) && $0.digest < $1.digest) }
}

/// Scalar for scalar: `==` on strings treats canonically equivalent spellings as equal.
private func scalarsEqual(_ lhs: String, _ rhs: String) -> Bool { lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars) }

private func debug(_ text: String) -> String { text.debugDescription }

// MARK: - Harness (Sources/Fuzz/FuzzSupport)

var verbose: Bool { FuzzHarness.verbose }

/// A property does not hold: stop with a trap, so libFuzzer saves the input as a crasher.
func violation(_ message: String) -> Never {
    FuzzHarness.violation("FuzzBagText", message)
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
        FuzzHarness.replay("FuzzBagText", fuzzOne)
    }
}
#endif
