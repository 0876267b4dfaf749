import Foundation
import Testing
import RialFormat
import RialMedia
@testable import RialVerifier

/// The media's creation time in each stored form (`schema/SPEC.md` §8.5 check 15a), and a
/// photo's `captured_at` held against its EXIF time two seconds either side.
@Suite("Media creation time")
struct MediaCreationTimeTests {
    private static func photo(_ created: String?, tag: String = "DateTimeOriginal", offset: String? = "+02:00") -> MediaFacts {
        MediaFacts(
            container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
            image: MediaImage(codec: "mjpeg", codedSize: MediaImageSize(width: 64, height: 48), displaySize: MediaImageSize(width: 64, height: 48)),
            creationTime: created.map { MediaTagValue($0, tag: tag) },
            tags: offset.map { [MediaTag(name: "OffsetTimeOriginal", key: "OffsetTimeOriginal", scope: "EXIF EXIF", value: $0)] } ?? [])
    }

    private static func instant(_ facts: MediaFacts) -> String? {
        guard case .success(let time)? = MediaCreationTime.read(facts) else { return nil }
        return time.rfc3339
    }

    @Test("RFC 3339, Apple's creationdate without the offset's colon, EXIF local time with OffsetTimeOriginal")
    func forms() throws {
        #expect(Self.instant(Self.photo("2023-09-22T16:34:05.000000Z", tag: "creation_time")) == "2023-09-22T16:34:05Z")
        #expect(Self.instant(Self.photo("2023-09-22T18:34:05+0200", tag: "com.apple.quicktime.creationdate")) == "2023-09-22T16:34:05Z")
        #expect(Self.instant(Self.photo("2023-09-22T18:34:05-0130", tag: "com.apple.quicktime.creationdate")) == "2023-09-22T20:04:05Z")
        #expect(Self.instant(Self.photo("2023:09:22 18:34:05")) == "2023-09-22T16:34:05Z")
        // Local time with no offset is no instant: not guessed.
        guard case .failure(let why)? = MediaCreationTime.read(Self.photo("2023:09:22 18:34:05", offset: nil)) else {
            Issue.record("read without an offset"); return
        }
        #expect(why.reason.contains("OffsetTimeOriginal"))
        guard case .failure? = MediaCreationTime.read(Self.photo("yesterday")) else { Issue.record("read garbage"); return }
        #expect(MediaCreationTime.read(Self.photo(nil)) == nil)
    }

    @Test("a photo's captured_at within its EXIF time ± 2 s passes, beyond fails, no offset is NOT CHECKED naming captured_at")
    func photoCapturedAt() throws {
        let claims = MetadataClaims(
            app: try AppMetadata(json: StrictJSONParser.parse(Array(#"{"type": "photo", "captured_at": "2023-09-22T16:34:07.000Z"}"#.utf8))),
            source: "data/capture/metadata.json")
        func result(_ facts: MediaFacts) -> CheckResult? {
            MediaClaimRules(facts: facts, path: "data/media/p.jpg", claims: claims).results().first {
                [.mediaStartTime, .mediaStartTimeMismatch].contains($0.code)
            }
        }
        #expect(result(Self.photo("2023:09:22 18:34:05"))?.status == .pass)
        #expect(result(Self.photo("2023:09:22 18:34:09"))?.status == .pass)
        let early = try #require(result(Self.photo("2023:09:22 18:34:04")))
        #expect(early.code == .mediaStartTimeMismatch && early.actual == "2023-09-22T16:34:04Z" && early.subject == "data/capture/metadata.json")
        #expect(result(Self.photo("2023:09:22 18:34:10"))?.code == .mediaStartTimeMismatch)
        let local = try #require(result(Self.photo("2023:09:22 18:34:07", offset: nil)))
        #expect(local.status == .notChecked && local.message.contains("captured_at"))
        let none = try #require(result(Self.photo(nil)))
        #expect(none.status == .notChecked && none.message.contains("captured_at"))
    }
}
