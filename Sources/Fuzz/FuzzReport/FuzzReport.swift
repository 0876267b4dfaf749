// libFuzzer target for the report renderers (text, custody timeline, JSON).
//
// Built with `-DFUZZING` (see scripts/fuzz.sh) this is a libFuzzer target; otherwise it is a
// replayer that runs every file of the directories it is given (by default the seed corpus and
// the saved crashers) through the same function, which is what `make test` does.
//
// The input is cut at every 0xFF byte (never part of UTF-8). The first piece steers: which
// fields are present, how many checks and warnings, each check's status, the times. The
// other pieces, decoded as UTF-8 (invalid sequences become U+FFFD), are the strings a package
// can put in a report, in this order: subject path, package id, error code, error reason,
// error cause, then per check its code, subject, message, expected and actual, then the
// warnings. A missing piece is "".
//
// Asserts: the text reports and the JSON report hold no C0 or C1 control character other than
// "\n", no bidirectional override, isolate or mark (U+202A–202E, U+2066–2069, U+200E, U+200F,
// U+061C), no line or paragraph separator (U+2028, U+2029) and no BOM (U+FEFF); the JSON report
// parses with StrictJSONParser to the value the renderer built.
import Foundation
import FuzzSupport
import RialFormat
import RialVerifier
import RialReport

func fuzzOne(_ bytes: [UInt8]) {
    var input = ReportInput(bytes)
    let report = input.report()
    if verbose { print(TextReportRenderer.render(report), terminator: "") }

    for (name, text) in [("text", TextReportRenderer.render(report)), ("custody timeline", CustodyTimelineRenderer.render(report))] {
        if let scalar = text.unicodeScalars.first(where: isForbidden) {
            violation("the \(name) report holds U+\(String(scalar.value, radix: 16, uppercase: true)): \(text.debugDescription)")
        }
    }

    let json = JSONReportRenderer.bytes(report)
    if let scalar = String(decoding: json, as: UTF8.self).unicodeScalars.first(where: isForbidden) {
        violation("the JSON report holds U+\(String(scalar.value, radix: 16, uppercase: true)) unescaped")
    }
    let parsed: JSONValue
    do {
        parsed = try StrictJSONParser.parse(json)
    } catch {
        violation("the JSON report does not parse: \(error.reason)")
    }
    guard parsed == JSONReportRenderer.jsonValue(report) else { violation("the JSON report parses to a different value") }
}

/// What a report must never hold: a terminal control, a bidirectional control, a line or
/// paragraph separator, a BOM. Spelled out here rather than taken from the code under test.
private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x0A { return false }
    return value < 0x20 || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || value == 0x200E || value == 0x200F || value == 0x061C
        || value == 0x2028 || value == 0x2029 || value == 0xFEFF
}

/// Reads a report out of the fuzz input (see the top of the file for the layout).
private struct ReportInput {
    private let control: [UInt8]
    private var controlIndex = 0
    private let pieces: [[UInt8]]
    private var pieceIndex = 0

    init(_ bytes: [UInt8]) {
        let split = bytes.split(separator: 0xFF, omittingEmptySubsequences: false).map(Array.init)
        control = split.first ?? []
        pieces = Array(split.dropFirst())
    }

    mutating func byte() -> UInt8 {
        defer { controlIndex += 1 }
        return controlIndex < control.count ? control[controlIndex] : 0
    }

    mutating func string() -> String {
        defer { pieceIndex += 1 }
        return pieceIndex < pieces.count ? String(decoding: pieces[pieceIndex], as: UTF8.self) : ""
    }

    mutating func integer() -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return Int64(bitPattern: value)
    }

    mutating func timestamp() -> Timestamp {
        // Any instant within about ±68,000 years; whole seconds or a fraction.
        let seconds = Int64(Int32(truncatingIfNeeded: integer())) * 1000 + Int64(byte())
        return Timestamp(seconds: seconds, nanoseconds: Int32(byte()) * 3_906_250)
    }

    mutating func report() -> VerificationReport {
        let flags = byte()
        let checkCount = Int(byte() % 9)
        let warningCount = Int(byte() % 5)
        let verifiedAt = timestamp()
        let kind: VerificationReport.SubjectKind = flags & 1 == 0 ? .package : .bag
        let subjectPath = string()
        let packageID = flags & 2 != 0 ? string() : nil
        let manifestSHA256 = flags & 4 != 0 ? Hex.encode((0..<32).map { _ in byte() }) : nil
        if flags & 8 != 0 {
            let code = VerifierError.Code(string())
            let reason = string()
            let cause = flags & 16 != 0 ? FormatError(.invalidField, string()) : nil
            return .error(VerifierError(code, reason, cause: cause), subjectPath: subjectPath, subjectKind: kind, verifiedAt: verifiedAt)
        }
        var checks: [CheckResult] = []
        for _ in 0..<checkCount {
            let shape = byte()
            let status = CheckStatus.allCases[Int(shape & 3)]
            // A seq comes from a 6-digit custody file name or from JSON, which holds integers
            // to ±(2^53 - 1) only.
            let seq = shape & 16 != 0 ? integer() % (1 << 53) : nil
            let code = string(), subject = string(), message = string()
            let expected = shape & 4 != 0 ? string() : nil
            let actual = shape & 8 != 0 ? string() : nil
            checks.append(
                CheckResult(code: CheckResult.Code(code), status: status, subject: subject, message: message, expected: expected, actual: actual, seq: seq))
        }
        let warnings = (0..<warningCount).map { _ in string() }
        return VerificationReport(
            subjectPath: subjectPath, subjectKind: kind, verifiedAt: verifiedAt, packageID: packageID,
            manifestSHA256: manifestSHA256, checks: checks, warnings: warnings)
    }
}

// MARK: - Harness (Sources/Fuzz/FuzzSupport)

var verbose: Bool { FuzzHarness.verbose }

/// A property does not hold: stop with a trap, so libFuzzer saves the input as a crasher.
func violation(_ message: String) -> Never {
    FuzzHarness.violation("FuzzReport", message)
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
        FuzzHarness.replay("FuzzReport", fuzzOne)
    }
}
#endif
