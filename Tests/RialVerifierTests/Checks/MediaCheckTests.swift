import Testing
import RialFormat
import RialMedia
@testable import RialVerifier

/// ``MediaCheck``: each media file's probe outcome becomes its `media.probe` finding, the type
/// its content shows is held against the manifest's, a container size the stream contradicts
/// fails, and the chain's frame count is held against the video's. The probe's answer is
/// injected (``MediaProbeTask/init(finishedWith:)``); the probe itself is tested against ffprobe
/// and exiftool in RialMediaTests, the claims' rules in MediaRulesTests.
@Suite("MediaCheck")
struct MediaCheckTests {
    private typealias Builder = InventoryBuilder
    private static let path = Builder.mediaPath

    private static func movie(frames: Int64? = nil, containerSize: MediaImageSize? = nil) -> MediaFacts {
        MediaFacts(
            container: MediaContainer(kind: .isoMovie, formatName: "mov,mp4,m4a,3gp,3g2,mj2", majorBrand: "qt  "),
            video: MediaVideo(
                streamIndex: 0, codec: "hevc", codedWidth: 160, codedHeight: 120,
                sizeSource: containerSize == nil ? .container : .parameterSets, containerSize: containerSize,
                displayWidth: 160, displayHeight: 120, frameCount: frames, frameCountSource: frames.map { _ in .header }))
    }

    /// The findings for the minimal package (plus `extra` files) whose media the probe answered with `outcome`.
    private func run(
        _ outcome: Result<MediaProbeOutcome, MediaError>?, extra: [String: [UInt8]] = [:],
        policy: VerificationPolicy = VerificationPolicy()
    ) throws -> [Finding] {
        var inventory = try Builder.package(adding: extra).inventory()
        if let outcome { inventory.mediaProbes[Self.path] = MediaProbeTask(finishedWith: outcome) }
        let context = VerificationContext(inventory: inventory, profile: .package, verificationTime: Builder.verificationTime, policy: policy)
        return MediaCheck().run(context).map(Finding.init)
    }

    @Test("a movie the probe read, of the type the manifest records: media.probe and media.type PASS")
    func read() throws {
        #expect(try run(.success(.facts(Self.movie()))) == [Finding(.mediaProbe, .pass, Self.path), Finding(.mediaType, .pass, Self.path)])
    }

    @Test("a .mov whose content is a JPEG: media.type.mismatch")
    func typeMismatch() throws {
        let jpeg = MediaFacts(
            container: MediaContainer(kind: .jpeg, formatName: "jpeg_pipe"),
            image: MediaImage(codec: "mjpeg", codedSize: MediaImageSize(width: 8, height: 8), displaySize: MediaImageSize(width: 8, height: 8)))
        #expect(try run(.success(.facts(jpeg))) == [Finding(.mediaProbe, .pass, Self.path), Finding(.mediaTypeMismatch, .fail, Self.path)])
    }

    @Test("a container declaring another size than the stream's parameter sets: media.container-size.mismatch")
    func containerSize() throws {
        let edited = Self.movie(containerSize: MediaImageSize(width: 1920, height: 1080))
        #expect(try run(.success(.facts(edited))).contains(Finding(.mediaContainerSizeMismatch, .fail, Self.path)))
    }

    @Test("not a container rial examines: media.unsupported; one its library cannot read: media.unreadable")
    func unsupportedAndUnreadable() throws {
        #expect(try run(.success(.unsupported(container: "zip"))) == [Finding(.mediaUnsupported, .fail, Self.path)])
        #expect(try run(.success(.unreadable(reason: "moov atom not found"))) == [Finding(.mediaUnreadable, .fail, Self.path)])
    }

    @Test("the probe crashed or could not start: NOT CHECKED, never a verdict")
    func notExamined() throws {
        #expect(try run(.success(.crashed(signal: 11))) == [Finding(.mediaProbe, .notChecked, Self.path)])
        #expect(try run(.failure(MediaError(.probeNotStarted, "no probe"))) == [Finding(.mediaProbe, .notChecked, Self.path)])
    }

    @Test("a media file whose place in the input is not known and that no probe answered: NOT CHECKED, not silence")
    func placeNotKnown() throws {
        // The builder's inventory gives no file a location, so without an injected answer the
        // examination has nothing to probe: the file still gets its own row saying why.
        let findings = try run(nil)
        #expect(findings == [Finding(.mediaProbe, .notChecked, Self.path)])
    }

    @Test("--no-examine-media: each media file NOT CHECKED, saying so")
    func notAsked() throws {
        var policy = VerificationPolicy()
        policy.examinesMedia = false
        #expect(try run(.success(.facts(Self.movie())), policy: policy) == [Finding(.mediaProbe, .notChecked, Self.path)])
    }

    @Test("the chain's frame count against the video's: within one frame media.chain-frames, beyond it media.chain-frames.mismatch")
    func chainFrames() throws {
        let chain = try TestChain.make()
        let count = Int64(chain.frames.count)
        let extra = [PackageLayout.chain: chain.bytes()]
        #expect(try run(.success(.facts(Self.movie(frames: count + 1))), extra: extra).contains(Finding(.mediaChainFrames, .pass, PackageLayout.chain)))
        #expect(try run(.success(.facts(Self.movie(frames: count + 2))), extra: extra).contains(Finding(.mediaChainFramesMismatch, .fail, PackageLayout.chain)))
    }
}
