internal import CRialIPTC
import RialMedia

/// Reads IPTC-IIM records with libiptcdata, where a file keeps them: a JPEG's APP13 segment
/// (`Photoshop 3.0`, resource 0x0404) and EXIF's `IPTC-NAA` entry (IFD0 tag 0x83BB, exiftool's
/// `IPTC2` group). Each dataset becomes a tag (scope `IPTC`, named as libiptcdata names it:
/// `City`, `Sub-location`, `Byline`, `CopyrightNotice`, `DateCreated`, `TimeCreated`, …), so
/// that the privacy audit sees what exiftool sees there. The only importer of `CRialIPTC`.
struct IPTCReader {
    let limits: MediaProbeLimits

    /// The most datasets read from one segment; the rest make the segment a place not read.
    static let maxDataSets = 512

    /// Adds the APP13 segment's datasets to `tags`; a segment libiptcdata cannot read, or with
    /// more than ``maxDataSets``, is marked as a place not read.
    func read(_ segment: [UInt8], into tags: inout TagList) {
        var length: UInt32 = 0
        let offset = segment.withUnsafeBufferPointer { iptc_jpeg_ps3_find_iptc($0.baseAddress, UInt32($0.count), &length) }
        guard offset >= 0 else {
            tags.markUnread("the JPEG's APP13 segment (\(segment.count) bytes): libiptcdata cannot read its Photoshop resources")
            return
        }
        // No IPTC resource (0x0404) among them: nothing of IPTC to read.
        guard offset > 0, length > 0, Int(offset) + Int(length) <= segment.count else { return }
        read(records: segment[Int(offset)..<(Int(offset) + Int(length))], place: "the JPEG's IPTC-IIM block", into: &tags)
    }

    /// Adds the datasets of `records` (IIM: each dataset `0x1C`, record, tag, length, value) to
    /// `tags`; records libiptcdata cannot read, or more than ``maxDataSets`` of them, make
    /// `place` a place not read.
    func read(records: ArraySlice<UInt8>, place: String, into tags: inout TagList) {
        guard let data = records.withUnsafeBufferPointer({ iptc_data_new_from_data($0.baseAddress, UInt32(clamping: $0.count)) }) else {
            tags.markUnread("\(place) (\(records.count) bytes): libiptcdata cannot read it")
            return
        }
        defer { iptc_data_unref(data) }
        // libiptcdata stops at the first dataset it cannot frame, without saying so; what it
        // read, written back, must be every byte but the padding, or the rest was not read.
        let meaningful = records.count - records.reversed().prefix { $0 == 0 }.count
        var saved: UnsafeMutablePointer<UInt8>?
        var savedCount: UInt32 = 0
        if iptc_data_save(data, &saved, &savedCount) < 0 { savedCount = 0 }
        if let saved { iptc_data_free_buf(data, saved) }
        if Int(savedCount) < meaningful {
            tags.markUnread("\(place): libiptcdata reads \(savedCount) of its \(meaningful) bytes, the rest is not read")
        }
        let count = Int(data.pointee.count)
        if count > Self.maxDataSets { tags.markUnread("\(place): \(count - Self.maxDataSets) datasets beyond the first \(Self.maxDataSets)") }
        var buffer = [CChar](repeating: 0, count: limits.maxTagValueBytes + 1)
        for index in 0..<min(count, Self.maxDataSets) {
            guard let dataset = data.pointee.datasets?[index] else { continue }
            let record = dataset.pointee.record
            let tag = dataset.pointee.tag
            let name = iptc_tag_get_name(record, tag).map { String(cString: $0) } ?? "\(record.rawValue):\(tag.rawValue)"
            let value = buffer.withUnsafeMutableBufferPointer { pointer -> String in
                guard let text = iptc_dataset_get_as_str(dataset, pointer.baseAddress, UInt32(pointer.count)) else { return "" }
                return String(cString: text)
            }
            tags.add(name: name, key: "\(record.rawValue):\(tag.rawValue)", scope: "IPTC", bytes: Array(value.utf8))
        }
    }
}
