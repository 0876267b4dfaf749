import Testing
import RialErrors

/// The shared error shape, on an error type declared here as a module would declare its own.
@Suite("RialError")
struct RialErrorTests {
    struct SampleError: RialError {
        struct Code: RialErrorCode {
            let rawValue: String
            init(_ rawValue: String) { self.rawValue = rawValue }
            static let broken = Code("sample.broken")
            static let other = Code("sample.other")
        }
        let code: Code
        let reason: String
        let cause: (any Error)?
        let location: String?
        let file: String
        let line: Int

        init(
            _ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
            file: String = #fileID, line: Int = #line
        ) {
            self.code = code
            self.reason = reason
            self.cause = cause
            self.location = location
            self.file = file
            self.line = line
        }
    }

    struct PlainError: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    @Test func descriptionIsReasonAndCode() {
        #expect(SampleError(.broken, "the thing broke").description == "the thing broke [sample.broken]")
    }

    @Test func descriptionPutsLocationFirst() {
        let error = SampleError(.broken, "bad header", location: "header at byte 512")
        #expect(error.description == "header at byte 512: bad header [sample.broken]")
    }

    @Test func descriptionAddsTheCause() {
        let error = SampleError(.broken, "cannot write out.tar", cause: PlainError())
        #expect(error.description == "cannot write out.tar: disk full [sample.broken]")
    }

    @Test func descriptionWithLocationAndCause() {
        let error = SampleError(.broken, "cannot read", cause: PlainError(), location: "a/b.txt")
        #expect(error.description == "a/b.txt: cannot read: disk full [sample.broken]")
    }

    @Test func nestedCausesKeepTheirCodes() {
        let inner = SampleError(.other, "inner")
        let outer = SampleError(.broken, "outer", cause: inner)
        #expect(outer.description == "outer: inner [sample.other] [sample.broken]")
        #expect(outer.causes.count == 1)
        #expect((outer.causes.first as? SampleError)?.code == .other)
    }

    @Test func causeChainIsWalked() {
        let error = SampleError(.broken, "top", cause: SampleError(.other, "middle", cause: PlainError()))
        #expect(error.causes.count == 2)
        #expect(error.causes.last is PlainError)
    }

    @Test func codesCompareByRawValue() {
        #expect(SampleError.Code("sample.broken") == .broken)
        #expect(SampleError.Code.broken != .other)
        #expect(SampleError.Code.broken.description == "sample.broken")
        #expect(Set([SampleError.Code.broken, SampleError.Code("sample.broken")]).count == 1)
    }

    @Test func sourceLocationIsTheThrowers() {
        let error = SampleError(.broken, "x"); let line = #line
        #expect(error.line == line)
        #expect(error.file.hasSuffix("RialErrorTests.swift"))
    }

    @Test func locatedKeepsEverythingElse() {
        let error = SampleError(.broken, "bad", cause: PlainError()).located(at: "entry.txt")
        #expect(error.location == "entry.txt")
        #expect(error.code == .broken)
        #expect(error.reason == "bad")
        #expect(error.cause is PlainError)
    }

    // MARK: conciseDescription: the cause chain without repeats, for the terminal

    struct TextError: Error, CustomStringConvertible {
        let description: String
    }

    @Test func conciseDropsTheSubjectACauseNamesAgain() {
        let error = SampleError(
            .broken, "cannot read the capture directory nosuch",
            cause: SampleError(.other, "cannot read directory nosuch: No such file or directory"))
        #expect(error.conciseDescription == "cannot read the capture directory nosuch: No such file or directory [sample.broken]")
        #expect(error.description.contains("nosuch: cannot read directory nosuch"), "description keeps every word")
    }

    @Test func conciseSaysARepeatedReasonOnce() {
        let crypto = SampleError(
            .other, "jane.pem is not an unencrypted PEM private key",
            cause: TextError(description: "error:1E08010C:DECODER routines::unsupported"))
        let error = SampleError(.broken, crypto.reason, cause: crypto)
        #expect(error.conciseDescription == "jane.pem is not an unencrypted PEM private key: error:1E08010C:DECODER routines::unsupported [sample.broken]")
    }

    @Test func conciseSaysARepeatedClauseOnce() {
        let error = SampleError(.broken, "signing failed", cause: TextError(description: "error:A:x; error:A:x; error:B:y"))
        #expect(error.conciseDescription == "signing failed: error:A:x; error:B:y [sample.broken]")
    }

    @Test func conciseKeepsWhatIsNew() {
        let error = SampleError(
            .broken, "could not write out.rialpkg",
            cause: SampleError(.other, "writing ./.out.rialpkg.tmp-abc: No space left on device"))
        #expect(error.conciseDescription == "could not write out.rialpkg: writing ./.out.rialpkg.tmp-abc: No space left on device [sample.broken]")
    }

    @Test func conciseGivesTheOutermostCodeOnly() {
        let error = SampleError(.broken, "top", cause: SampleError(.other, "middle", cause: PlainError()))
        #expect(error.conciseDescription == "top: middle: disk full [sample.broken]")
    }
}
