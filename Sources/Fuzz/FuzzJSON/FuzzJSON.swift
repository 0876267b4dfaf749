// libFuzzer target for the strict JSON reader and the writer.
//
// Built with `-DFUZZING` (see scripts/fuzz.sh) this is a libFuzzer target; otherwise it is a
// replayer that runs every file of the directories it is given (by default the seed corpus and
// the saved crashers) through the same function, which is what `make test` does.
//
// Asserts: parsing never crashes, nor do the capture app's readings of what parsed; a parse error is a `json.*` or `text.invalid-utf8` error; a
// document that parses is written by `JSONWriter` to bytes that parse back to an equal value
// and write again to the same bytes; written with `escaping: .invisibles` it holds no control,
// bidi control, line or paragraph separator or BOM (but the "\n" between lines) and reads back
// to the very same strings; tighter limits give the same value or `json.limit-exceeded`.
import Foundation
import FuzzSupport
import RialFormat

private let tightLimits = JSONLimits(maxBytes: 4096, maxDepth: 4, maxStringBytes: 16)

func fuzzOne(_ bytes: [UInt8]) {
    let value: JSONValue
    do {
        value = try StrictJSONParser.parse(bytes)
    } catch {
        guard error.code.rawValue.hasPrefix("json.") || error.code == .invalidUTF8 else { violation("parse threw \(error.code): \(error.reason)") }
        if verbose { print("  \(error.code): \(error.reason)") }
        return
    }
    if verbose { print("  parsed") }
    let written = JSONWriter.bytes(value)
    let reread: JSONValue
    do {
        reread = try StrictJSONParser.parse(written)
    } catch {
        violation("JSONWriter output does not parse: \(error.reason)")
    }
    guard reread == value else { violation("JSONWriter output parses to a different value") }
    guard JSONWriter.bytes(reread) == written else { violation("writing the re-read value gives different bytes") }

    let visible = JSONWriter.bytes(value, escaping: .invisibles)
    if let scalar = String(decoding: visible, as: UTF8.self).unicodeScalars.first(where: isInvisible) {
        violation("JSONWriter with escaping: .invisibles wrote U+\(String(scalar.value, radix: 16, uppercase: true)) as it is")
    }
    let visibleValue: JSONValue
    do {
        visibleValue = try StrictJSONParser.parse(visible)
    } catch {
        violation("JSONWriter output with escaping: .invisibles does not parse: \(error.reason)")
    }
    // Compared through the minimal writing: that compares strings scalar for scalar.
    guard JSONWriter.bytes(visibleValue) == written else { violation("JSONWriter output with escaping: .invisibles reads back to another value") }

    readAsCaptureAppFiles(value)

    do {
        let tight = try StrictJSONParser.parse(bytes, limits: tightLimits)
        guard tight == value else { violation("tighter limits give a different value") }
    } catch {
        guard error.code == .limitExceeded else { violation("tighter limits threw \(error.code), not json.limit-exceeded") }
    }
}

/// The capture app's readings (`schema/SPEC.md` §2.2) face hostile files too: each either reads
/// the value or throws a FormatError, never crashes; so do the date and assertion readers on
/// every string.
private func readAsCaptureAppFiles(_ value: JSONValue) {
    _ = AppFileKind.shaped(value)
    _ = try? AppCustodyLog(json: value)
    _ = try? AppForensicManifest(json: value, source: "fuzz")
    _ = try? AppHashChain(json: value)
    _ = try? AppMetadata(json: value)
    _ = try? AppDate(json: value, path: "fuzz")
    if case .string(let text) = value { _ = AppAttestAssertion.structuralProblem(text) }
    if case .array(let elements) = value {
        for element in elements.prefix(64) {
            _ = try? AppDate(json: element, path: "fuzz")
            if case .string(let text) = element { _ = AppAttestAssertion.structuralProblem(text) }
        }
    }
}

/// What `.invisibles` must escape, spelled out here rather than taken from the code under test.
private func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x0A { return false }
    return value < 0x20 || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || value == 0x200E || value == 0x200F || value == 0x061C
        || value == 0x2028 || value == 0x2029 || value == 0xFEFF
}

// MARK: - Harness (Sources/Fuzz/FuzzSupport)

var verbose: Bool { FuzzHarness.verbose }

/// A property does not hold: stop with a trap, so libFuzzer saves the input as a crasher.
func violation(_ message: String) -> Never {
    FuzzHarness.violation("FuzzJSON", message)
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
        FuzzHarness.replay("FuzzJSON", fuzzOne)
    }
}
#endif
