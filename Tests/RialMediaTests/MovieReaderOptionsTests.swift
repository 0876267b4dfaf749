import Foundation
import Testing
import RialMedia
@testable import RialMediaReaders

/// The demuxer options that make FFmpeg export every user-data atom and the XMP packet: one the
/// demuxer does not take is left in the options dictionary by `avformat_open_input`, and the
/// reader names it and calls the movie unreadable (the privacy audit would otherwise miss atoms
/// without a word).
@Suite("MovieReader: demuxer options")
struct MovieReaderOptionsTests {
    private func read(_ options: [(key: String, value: String)]) throws -> MediaProbeReply {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bytes = [UInt8](try Data(contentsOf: try MediaMaker.movie(.h264, container: "mp4", in: scratch)))
        let range = ByteRange(bytes: bytes)
        guard case .isoMovie(let fileType) = ContainerSniffer.route(range) else {
            Issue.record("ffmpeg's mp4 is not routed to the movie reader")
            return .unsupported(container: "unknown")
        }
        return MovieReader(range: range, fileType: fileType, limits: .standard, options: options).read()
    }

    @Test(MediaTools.needs("ffmpeg"))
    func theOptionsUsedAreAllTaken() throws {
        guard case .facts = try read(MovieReader.demuxerOptions) else {
            Issue.record("the movie was not read with the reader's own options")
            return
        }
    }

    @Test(MediaTools.needs("ffmpeg"))
    func anOptionTheDemuxerDoesNotTakeIsNamedNotDropped() throws {
        let reply = try read(MovieReader.demuxerOptions + [(key: "rial_no_such_option", value: "1")])
        guard case .unreadable(let reason) = reply else {
            Issue.record("a leftover option went unsaid: \(reply)")
            return
        }
        #expect(reason.contains("does not take the option(s) rial_no_such_option"), "\(reason)")
        #expect(!reason.contains("export_all"), "only the leftover is named: \(reason)")
    }
}
