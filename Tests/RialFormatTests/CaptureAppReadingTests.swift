import Testing
@testable import RialFormat

/// How packer and verifier recognise and read the capture app's files (`schema/SPEC.md` §2.2).
@Suite("Capture app files: recognition and readings")
struct CaptureAppReadingTests {
    private func json(_ text: String) throws -> JSONValue { try StrictJSONParser.parse(Array(text.utf8)) }

    @Test("a file's name decides first, then a .json file's shape; the rest is not interpreted")
    func recognition() throws {
        let documents: [String: JSONValue] = [
            "data/capture/a.json": try json(#"[{"action": "RECORDING_START"}]"#),
            "data/capture/b.json": try json(#"{"sha256Hash": "x", "fileName": "v.mp4"}"#),
            "data/capture/c.json": try json(#"{"frameHashes": [], "checkpoints": [], "finalHash": ""}"#),
            "data/capture/d.json": try json(#"{"type": "video", "started_at": "2026-01-01T00:00:00Z"}"#),
            "data/capture/e.json": try json(#"{"captureMode": "hash_only"}"#),
            "data/capture/f.json": try json(#"{"depthVariance": 1, "isLikelyRealScene": true}"#),
            "data/capture/g.json": try json(#"{"anything": 1}"#),
            "data/capture/h.json": try json(#"[1, 2]"#),
        ]
        let paths = Array(documents.keys) + ["data/capture/README.txt", "data/capture/x.metadata.json"]
        let files = AppFiles(capturePaths: paths) { documents[$0] }
        #expect(files[.custodyLog] == "data/capture/a.json")
        #expect(files[.forensicManifest] == "data/capture/b.json")
        #expect(files[.hashChain] == "data/capture/c.json")
        #expect(files[.hashOnlyPayload] == "data/capture/e.json")
        #expect(files[.depthAnalysis] == "data/capture/f.json")
        // The name x.metadata.json and the shape of d.json both say metadata: ambiguous.
        #expect(files[.metadata] == nil)
        #expect(files.ambiguous[.metadata] == ["data/capture/d.json", "data/capture/x.metadata.json"])
        #expect(files.uninterpreted == ["data/capture/README.txt", "data/capture/g.json", "data/capture/h.json"])
    }

    @Test("names: rial's layout and the app export's recording_<n>.<kind>.json")
    func names() {
        #expect(AppFileKind.named("custody_log.json") == .custodyLog)
        #expect(AppFileKind.named("recording_1.custody_log.json") == .custodyLog)
        #expect(AppFileKind.named("recording_1.manifest.json") == .forensicManifest)
        #expect(AppFileKind.named("manifest.json") == nil)
        #expect(AppFileKind.named("recording_1.hash_chain.json") == .hashChain)
        #expect(AppFileKind.named("README.txt") == nil)
    }

    @Test("media by its first bytes, never by its name")
    func mediaSignatures() {
        func head(_ box: String, _ brand: String) -> [UInt8] { [0, 0, 0, 24] + Array(box.utf8) + Array(brand.utf8) }
        #expect(MediaSignature.mediaType(of: head("ftyp", "isom")) == "video/mp4")
        #expect(MediaSignature.mediaType(of: head("ftyp", "qt  ")) == "video/quicktime")
        #expect(MediaSignature.mediaType(of: head("ftyp", "heic")) == "image/heic")
        #expect(MediaSignature.mediaType(of: head("moov", "\0\0\0\0")) == "video/quicktime")
        #expect(MediaSignature.mediaType(of: [0xFF, 0xD8, 0xFF, 0xE0]) == "image/jpeg")
        #expect(MediaSignature.mediaType(of: head("ftyp", "zzzz")) == nil)
        #expect(MediaSignature.mediaType(of: Array("PK\u{3}\u{4}zip file....".utf8)) == nil)
        #expect(MediaSignature.mediaType(of: []) == nil)
    }

    @Test("the forensic manifest: every key read by its type, unknown ones listed, a bad one refused naming it")
    func forensicManifest() throws {
        let hex256 = String(repeating: "ab", count: 32), hex512 = String(repeating: "cd", count: 64)
        let good = try AppForensicManifest(
            json: json(
                """
                {"fileName": "r.mp4", "fileSize": 10, "sha256Hash": "\(hex256)", "sha512Hash": "\(hex512)", "createdAt": 786000000.5,
                 "verifiedTimestamp": {"ntpServer": "time.apple.com", "ntpTime": 786000000, "localTime": "2025-11-28T05:20:00Z", "timeDifference": -0.042},
                 "timestampTokens": [{"authority": "https://tsa", "token": "MAM=", "requestedAt": 786000001}], "extra": true}
                """), source: "m.json")
        #expect(good.fileName == "r.mp4" && good.fileSize == 10 && good.sha256 == hex256 && good.sha512 == hex512)
        #expect(good.createdAt?.timestamp.rfc3339 == "2025-11-28T05:20:00.5Z")
        #expect(good.clockCheck?.timeDifference == -0.042)
        #expect(good.tokens.first?.der == [0x30, 0x03])
        #expect(good.unreadKeys == ["extra"])
        let bad: [(String, String)] = [
            (#"{"fileName": "r.mp4", "sha256Hash": "\#(hex256.uppercased())", "sha512Hash": "\#(hex512)"}"#, "sha256Hash"),
            (#"{"fileName": "r.mp4", "sha256Hash": "\#(hex256)"}"#, "sha512Hash"),
            (#"{"fileName": "a/b.mp4", "sha256Hash": "\#(hex256)", "sha512Hash": "\#(hex512)"}"#, "fileName"),
            (#"{"fileName": "r.mp4", "sha256Hash": "\#(hex256)", "sha512Hash": "\#(hex512)", "createdAt": "soon"}"#, "createdAt"),
            (#"{"fileName": "r.mp4", "sha256Hash": "\#(hex256)", "sha512Hash": "\#(hex512)", "timestampTokens": [{"authority": "a"}]}"#, "token"),
        ]
        // A token that is not base64 is that token's problem, not the manifest's: its digests still stand.
        for text in ["!!", "", "MAM=\nMAM="] {
            let manifest = try AppForensicManifest(
                json: .object([
                    "fileName": .string("r.mp4"), "sha256Hash": .string(hex256), "sha512Hash": .string(hex512),
                    "timestampTokens": .array([.object(["authority": .string("a"), "token": .string(text)])]),
                ]),
                source: "m.json")
            #expect(manifest.sha256 == hex256 && manifest.tokens.first?.der == [], "\(text)")
            #expect(
                manifest.tokens.first?.encodingProblem?.hasPrefix("m.json.timestampTokens[0].token is ") == true,
                "\(String(describing: manifest.tokens.first?.encodingProblem))")
        }
        #expect(good.tokens.first?.encodingProblem == nil)
        for (text, key) in bad {
            do {
                _ = try AppForensicManifest(json: json(text), source: "m.json")
                Issue.record("accepted: \(text)")
            } catch let error as FormatError {
                #expect(error.reason.contains(key), "\(error.reason) should name \(key)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("an App Attest assertion's structure: a CBOR map with signature and authenticatorData of at least 37 bytes")
    func assertionStructure() {
        func map(signature: Int, authenticator: Int) -> String {
            func text(_ value: String) -> [UInt8] { [0x60 | UInt8(value.utf8.count)] + Array(value.utf8) }
            let bytes: [UInt8] =
                [0xA2] + text("signature") + [0x58, UInt8(signature)] + Array(repeating: 1, count: signature)
                + text("authenticatorData") + [0x58, UInt8(authenticator)] + Array(repeating: 2, count: authenticator)
            return base64(bytes)
        }
        #expect(AppAttestAssertion.structuralProblem(map(signature: 70, authenticator: 37)) == nil)
        #expect(AppAttestAssertion.structuralProblem(map(signature: 70, authenticator: 36)) != nil)
        #expect(AppAttestAssertion.structuralProblem(map(signature: 0, authenticator: 37)) != nil)
        #expect(AppAttestAssertion.structuralProblem("AAAA") != nil)
        #expect(AppAttestAssertion.structuralProblem("") != nil)
        #expect(AppAttestAssertion.structuralProblem("not base64!") != nil)
        // A map that claims more entries than it has bytes for is refused, not read past its end.
        #expect(AppAttestAssertion.structuralProblem(base64([0xBB, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])) != nil)
        #expect(AppAttestAssertion.structuralProblem(base64([0xA1, 0x61, 0x61, 0x9B] + Array(repeating: 0xFF, count: 8))) != nil)
    }

    @Test("CBOR nesting is counted as JSON's (§16.8, §6.7): the top-level map is level 1; containers to level 16 read, level 17 refused, scalars add none")
    func assertionNestingEdge() {
        func text(_ value: String) -> [UInt8] { [0x60 | UInt8(value.utf8.count)] + Array(value.utf8) }
        /// The sound map plus a key `x` whose value is `arrays` arrays nested in one another,
        /// the innermost holding the integer 0; `tagged` wraps the outermost in a tag instead
        /// of one of the arrays.
        func nested(_ arrays: Int, tagged: Bool = false) -> String {
            var value: [UInt8] = [0x81 /* [ */, 0x00]
            for _ in 1..<(tagged ? arrays - 1 : arrays) { value = [0x81] + value }
            if tagged { value = [0xC1] + value }
            let bytes: [UInt8] =
                [0xA3] + text("signature") + [0x58, 70] + Array(repeating: 1, count: 70)
                + text("authenticatorData") + [0x58, 37] + Array(repeating: 2, count: 37) + text("x") + value
            return base64(bytes)
        }
        #expect(AppAttestAssertion.maxNesting == 16)
        // 15 containers under the top map: levels 2 … 16, the limit exactly.
        #expect(AppAttestAssertion.structuralProblem(nested(15)) == nil)
        #expect(AppAttestAssertion.structuralProblem(nested(15, tagged: true)) == nil)
        // One more: level 17, the limit + 1.
        #expect(AppAttestAssertion.structuralProblem(nested(16))?.contains("cannot be read") == true)
        #expect(AppAttestAssertion.structuralProblem(nested(16, tagged: true))?.contains("cannot be read") == true)
    }

    @Test("an assertion the app did not make (absent, null or empty) is no assertion to judge; any other text is one")
    func assertionMade() {
        #expect(AppAttestAssertion.made(nil) == nil)
        #expect(AppAttestAssertion.made("") == nil)
        #expect(AppAttestAssertion.made("AAAA") == "AAAA")
        #expect(AppAttestAssertion.made(" ") == " ")
    }

    private func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return out
    }
}
