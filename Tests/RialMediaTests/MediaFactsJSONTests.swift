import Testing
import RialFormat
import RialMedia

/// The probe's reply as the parent reads it: every fact survives the trip, and anything of
/// another shape, or beyond the limits, is refused.
@Suite("MediaFacts JSON and MediaProbeReply")
struct MediaFactsJSONTests {
    static let facts = MediaFacts(
        container: MediaContainer(kind: .isoMovie, formatName: "mov,mp4,m4a,3gp,3g2,mj2", majorBrand: "qt  ", compatibleBrands: ["qt  "]),
        streams: [MediaStream(index: 0, type: "video", codec: "hevc"), MediaStream(index: 1, type: "audio", codec: "aac")],
        video: MediaVideo(
            streamIndex: 0, codec: "hevc", codecTag: "hvc1", codedWidth: 1920, codedHeight: 1080, displayWidth: 1080,
            displayHeight: 1920, rotation: 270, duration: MediaDuration(ticks: 3003, timeBase: MediaRational(1, 600)!),
            frameCount: 150, frameCountSource: .header, averageFrameRate: MediaRational(30000, 1001)),
        duration: MediaDuration(ticks: 5_005_000, timeBase: MediaRational(1, 1_000_000)!),
        creationTime: MediaTagValue("2024-05-01T10:00:00+0200", tag: "com.apple.quicktime.creationdate"),
        location: MediaLocation(
            latitude: -33.8688, longitude: 151.2093, altitude: 12.5, tag: "com.apple.quicktime.location.ISO6709",
            text: "-33.8688+151.2093+012.500/"),
        make: MediaTagValue("Apple", tag: "com.apple.quicktime.make"),
        model: MediaTagValue("iPhone 15 Pro", tag: "com.apple.quicktime.model"),
        software: MediaTagValue("17.4.1", tag: "com.apple.quicktime.software"),
        tags: [
            MediaTag(name: "©xyz/loci", key: "location", scope: "container", value: "+48.8584+002.2945/"),
            MediaTag(
                name: "com.apple.quicktime.comment", key: "com.apple.quicktime.comment", scope: "container",
                value: "\u{202E}\u{0}\n", isValueTruncated: true),
        ],
        omittedTagCount: 3
    )

    static let photo = MediaFacts(
        container: MediaContainer(kind: .heif, formatName: "heif", majorBrand: "heic", compatibleBrands: ["mif1", "heic"]),
        image: MediaImage(
            codec: "hevc", codedSize: MediaImageSize(width: 4032, height: 3024),
            displaySize: MediaImageSize(width: 3024, height: 4032), rotation: nil,
            depthSize: MediaImageSize(width: 768, height: 576), imageCount: 2)
    )

    private func roundTrip(_ reply: MediaProbeReply, limits: MediaProbeLimits = .standard) throws -> MediaProbeReply {
        try MediaProbeReply(bytes: reply.bytes(), limits: limits)
    }

    @Test func everyFactSurvivesTheTrip() throws {
        for reply in [
            MediaProbeReply.facts(Self.facts), .facts(Self.photo), .unsupported(container: "zip"),
            .unreadable(reason: "moov atom not found"), .tooMuchMemory(reason: "ENOMEM"),
        ] {
            #expect(try roundTrip(reply) == reply)
        }
    }

    /// Changes one member of the facts' JSON and returns the reply's bytes.
    private func bytes(changing path: [String], to value: JSONValue?) -> [UInt8] {
        func change(_ json: JSONValue, _ path: ArraySlice<String>) -> JSONValue {
            guard let key = path.first, case .object(var object) = json else { return json }
            if path.count == 1 {
                object[key] = value
            } else if let inner = object[key] {
                object[key] = change(inner, path.dropFirst())
            }
            return .object(object)
        }
        return JSONWriter.bytes(change(MediaProbeReply.facts(Self.facts).json(), ["facts"] + path[...]))
    }

    @Test(
        arguments: [
            (["extra"], JSONValue.integer(1)),
            (["video", "rotation"], .number(360)),
            (["video", "rotation"], .number(-1)),
            (["video", "coded_width"], .integer(-1)),
            (["video", "coded_width"], .integer(1 << 30)),
            (["video", "frame_count_source"], nil),
            (["video", "frame_count_source"], .string("guess")),
            (["video", "duration", "time_base"], .object(["num": .integer(1), "den": .integer(0)])),
            (["location", "latitude"], .number(91)),
            (["location", "longitude"], .string("east")),
            (["container", "kind"], .string("zip")),
            (["container"], nil),
            (["tags"], .array([.object(["name": .string("x")])])),
            (["omitted_tag_count"], .integer(-1)),
            (["make", "text"], .string(String(repeating: "m", count: 2000))),
        ] as [([String], JSONValue?)])
    func aReplyOfAnotherShapeIsRefused(_ path: [String], _ value: JSONValue?) {
        #expect(throws: FormatError.self) { try MediaProbeReply(bytes: bytes(changing: path, to: value), limits: .standard) }
    }

    @Test func aReplyBeyondTheLimitsIsRefused() throws {
        let manyTags = MediaFacts(
            container: Self.facts.container,
            tags: (0..<20).map { MediaTag(name: "t\($0)", key: "t\($0)", scope: "container", value: "v") })
        #expect(throws: FormatError.self) { try roundTrip(.facts(manyTags), limits: MediaProbeLimits(maxTags: 10)) }
        let longValue = MediaFacts(
            container: Self.facts.container,
            tags: [MediaTag(name: "t", key: "t", scope: "container", value: String(repeating: "v", count: 100))])
        #expect(throws: FormatError.self) { try roundTrip(.facts(longValue), limits: MediaProbeLimits(maxTagValueBytes: 50)) }
        let manyStreams = MediaFacts(container: Self.facts.container, streams: (0..<20).map { MediaStream(index: $0, type: "data", codec: "none") })
        #expect(throws: FormatError.self) { try roundTrip(.facts(manyStreams), limits: MediaProbeLimits(maxStreams: 16)) }
    }

    @Test func aReplyIsOneDocument() {
        let reply = MediaProbeReply.unsupported(container: "zip").bytes()
        #expect(throws: FormatError.self) { try MediaProbeReply(bytes: reply + reply, limits: .standard) }
        #expect(throws: FormatError.self) { try MediaProbeReply(bytes: [], limits: .standard) }
    }

    @Test func durationsAndRatesKeepTheirIntegers() throws {
        let duration = try #require(MediaDuration(ticks: 3003, timeBase: MediaRational(1, 600)!))
        #expect(duration.milliseconds == 5005)
        #expect(abs(duration.seconds - 5.005) < 1e-12)
        #expect(MediaRational(30000, 1001)?.description == "30000/1001")
        #expect(MediaRational(1, 0) == nil)
        #expect(MediaDuration(ticks: -1, timeBase: MediaRational(1, 1)!) == nil)
        #expect(MediaDuration(ticks: .max, timeBase: MediaRational(2, 1)!)?.milliseconds == nil)
    }
}
