import Foundation
import Testing
import RialFormat
import RialMedia
@testable import RialVerifier

/// The app metadata's `location` and `device_model` against the media's own GPS and model
/// (`schema/SPEC.md` §8.5 check 15a), over fabricated facts at the tolerance's edges.
@Suite("Media origin rules")
struct MediaOriginRulesTests {
    private static let subject = "data/capture/metadata.json"

    private static func facts(latitude: Double? = 48.8584, longitude: Double = 2.2945, model: String? = "iPhone 15 Pro") -> MediaFacts {
        MediaFacts(
            container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
            image: MediaImage(codec: "mjpeg", codedSize: MediaImageSize(width: 64, height: 48), displaySize: MediaImageSize(width: 64, height: 48)),
            location: latitude.map { MediaLocation(latitude: $0, longitude: longitude, tag: "GPSLatitude", text: "\($0), \(longitude)") },
            model: model.map { MediaTagValue($0, tag: "Model") })
    }

    private static func rules(_ facts: Result<MediaFacts, MediaOriginRules.Unexamined>, lat: Double? = nil, lng: Double = 2.2945, model: String? = nil)
        -> [CheckResult]
    {
        let app = try? AppMetadata(
            json: StrictJSONParser.parse(
                Array(
                    ("{\"type\": \"photo\"" + (lat.map { ", \"location\": {\"lat\": \($0), \"lng\": \(lng)}" } ?? "")
                        + (model.map { ", \"device_model\": \"\($0)\"" } ?? "") + "}").utf8)))
        return MediaOriginRules(facts: facts, path: "data/media/p.jpg", subject: subject, location: app?.location, deviceModel: app?.deviceModel).results()
    }

    @Test("location: within 0.0005° of each axis passes, beyond fails with the media's position expected")
    func location() throws {
        let media = Self.facts()
        #expect(Self.rules(.success(media), lat: 48.8584).map(\.code) == [.mediaLocation])
        #expect(Self.rules(.success(media), lat: 48.8589, lng: 2.2950).first?.status == .pass)
        #expect(Self.rules(.success(media), lat: 48.8579, lng: 2.2940).first?.status == .pass)
        let north = try #require(Self.rules(.success(media), lat: 48.8590).first)
        #expect(north.code == .mediaLocationMismatch && north.status == .fail && north.subject == Self.subject)
        #expect(north.expected == "48.858400, 2.294500" && north.actual == "48.859000, 2.294500")
        #expect(Self.rules(.success(media), lat: 48.8584, lng: 2.2951).first?.code == .mediaLocationMismatch)
        #expect(Self.rules(.success(media), lat: 48.8584, lng: 2.2939).first?.code == .mediaLocationMismatch)
        // The shorter way round the antimeridian.
        let east = Self.facts(latitude: 0, longitude: 179.9998)
        #expect(Self.rules(.success(east), lat: 0, lng: -179.9999).first?.status == .pass)
        #expect(Self.rules(.success(east), lat: 0, lng: -179.9990).first?.code == .mediaLocationMismatch)
    }

    @Test("location: no embedded position, or the media not examined, is NOT CHECKED naming the key")
    func locationNotChecked() throws {
        let none = try #require(Self.rules(.success(Self.facts(latitude: nil)), lat: 48.8584).first)
        #expect(none.code == .mediaLocation && none.status == .notChecked && none.message.contains("location") && none.message.contains("no embedded position"))
        let skipped = try #require(Self.rules(.failure(.init(reason: "the media was not examined (--no-examine-media)")), lat: 48.8584).first)
        #expect(skipped.code == .mediaLocation && skipped.status == .notChecked && skipped.message.contains("--no-examine-media"))
        #expect(Self.rules(.success(Self.facts())).isEmpty, "no location stated: no result")
    }

    @Test("device_model: equal trimmed and case ignored passes, another fails, none named is NOT CHECKED")
    func model() throws {
        #expect(Self.rules(.success(Self.facts()), model: "iPhone 15 Pro").map { "\($0.code.rawValue) \($0.status.rawValue)" } == ["media.device-model pass"])
        #expect(Self.rules(.success(Self.facts(model: " IPHONE 15 PRO\n")), model: "iphone 15 pro").first?.status == .pass)
        let other = try #require(Self.rules(.success(Self.facts()), model: "iPhone 15").first)
        #expect(other.code == .mediaDeviceModelMismatch && other.expected == "iPhone 15 Pro" && other.actual == "iPhone 15" && other.subject == Self.subject)
        let none = try #require(Self.rules(.success(Self.facts(model: nil)), model: "iPhone 15 Pro").first)
        #expect(none.code == .mediaDeviceModel && none.status == .notChecked && none.message.contains("device_model"))
        let blank = try #require(Self.rules(.success(Self.facts(model: "  ")), model: "iPhone 15 Pro").first)
        #expect(blank.status == .notChecked)
        let skipped = try #require(Self.rules(.failure(.init(reason: "not read")), model: "iPhone 15 Pro").first)
        #expect(skipped.code == .mediaDeviceModel && skipped.status == .notChecked && skipped.message.contains("device_model"))
        // A hardware identifier against a product name: two schemes, not comparable, never a FAIL;
        // two identifiers that differ still fail.
        let schemes = try #require(Self.rules(.success(Self.facts()), model: "iPhone16,1").first)
        #expect(schemes.code == .mediaDeviceModel && schemes.status == .notChecked && schemes.message.contains("naming schemes"))
        let identifiers = try #require(Self.rules(.success(Self.facts(model: "iPhone16,1")), model: "iPhone15,2").first)
        #expect(identifiers.code == .mediaDeviceModelMismatch)
    }
}
