import Foundation
import Testing
import RialFormat
import RialCrypto

/// The sample bundle in `examples/authentication-bundle/` (seed 004): read by shape, and its
/// `device_signature` recomputed by rial's formula equals the one its README recomputes with
/// `openssl dgst`.
@Suite("The authentication bundle")
struct AppAuthenticationBundleTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/authentication-bundle/authentication_bundle.json")

    static func read() throws -> (JSONValue, AppAuthenticationBundle) {
        let json = try StrictJSONParser.parse(Array(Data(contentsOf: example)))
        return (json, try AppAuthenticationBundle(json: json, source: "authentication_bundle.json"))
    }

    @Test("the example is recognised by shape and its device_signature is the app's formula")
    func example() throws {
        let (json, bundle) = try Self.read()
        #expect(AppFileKind.shaped(json) == .authenticationBundle)
        #expect(AppFileKind.named("recording_1.authentication_bundle.json") == .authenticationBundle)
        #expect(try bundle.sealedBox.get().count == 92)
        #expect(bundle.indexProblem == nil)
        #expect(bundle.gpsHash == nil && bundle.unreadKeys.isEmpty)
        let expected = try bundle.expectedDeviceSignature { try StreamingDigest.digest(.sha256, of: $0) }
        #expect(expected == bundle.deviceSignature)
        #expect(expected == "PFI0x2wAsri+wcfBMnqSUrkyeQTBq4p7DdnmK1AG+MA=")
    }

    @Test("edges: indices at the range's ends pass, one past fails; 91 and 93 bytes are not the sealed box; differing ids give no formula")
    func edges() throws {
        func with(_ key: String, _ value: Any) throws -> AppAuthenticationBundle {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.example)) as? [String: Any])
            object[key] = value
            let json = try StrictJSONParser.parse(Array(JSONSerialization.data(withJSONObject: object)))
            return try AppAuthenticationBundle(json: json, source: "b.json")
        }
        func ints(_ values: [Int]) -> [Int] { values }
        #expect(try with("table_references", ints([2499, 2499, 2499])).indexProblem == nil)
        #expect(try with("table_references", ints([2500, 2500, 2500])).indexProblem?.contains("2500") == true)
        #expect(try with("key_indices", ints([999, 999, 999])).indexProblem == nil)
        #expect(try with("key_indices", ints([-1, 0, 0])).indexProblem != nil)
        #expect(try with("key_indices", ints([1, 1])).indexProblem != nil)
        #expect(try with("key_indices", ints([1, 2, 3])).signatureInput == nil)
        for count in [91, 93, 64] {
            let token = Data(repeating: 7, count: count).base64EncodedString()
            #expect((try? with("encrypted_nuc_token", token).sealedBox.get()) == nil, "\(count)")
        }
        #expect(throws: FormatError.self) { try with("timestamp", 1.5) }
        #expect(throws: FormatError.self) { try with("gps_hash", "abc") }
    }
}
