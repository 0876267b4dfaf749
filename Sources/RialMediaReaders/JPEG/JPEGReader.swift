import RialMedia

/// Reads a JPEG's marker segments up to the first scan: the frame header (SOF) for the
/// picture's size, the APP1 EXIF block for libexif, and every other metadata segment (XMP,
/// APPn, COM) as a tag. This walk is the JPEG format's own framing (marker, 16-bit length),
/// which none of the three libraries reads without decoding; the EXIF inside is libexif's.
struct JPEGReader {
    let range: ByteRange
    let limits: MediaProbeLimits
    /// How many EXIF blocks this JPEG is inside (1 for an EXIF thumbnail).
    var nesting = 0

    /// The most segments read before the scan; real files have a dozen.
    static let maxSegments = 1024
    /// The most fill bytes (0xFF) read before one marker.
    static let maxFillBytes = 4096
    static let xmpIdentifier = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    static let xmpExtensionIdentifier = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]

    func read() -> MediaProbeReply {
        var tags = TagList(limits: limits)
        var exif: EXIFFacts?
        var frameSize: MediaImageSize?
        var position: Int64 = 2
        var segments = 0
        var extendedXMP = ExtendedXMP(maxBytes: limits.maxMetadataBlockBytes)
        walk: while segments < Self.maxSegments {
            segments += 1
            guard let marker = nextMarker(&position) else {
                return .unreadable(reason: "JPEG: the markers end before the first scan (at byte \(position))")
            }
            switch marker {
            case 0xD9, 0xDA: break walk  // EOI, SOS: no more headers
            case 0x01, 0xD0...0xD7: continue  // TEM, RSTn: no length
            default: break
            }
            guard let lengthBytes = range.bytes(at: position, count: 2) else {
                return .unreadable(reason: "JPEG: segment 0xFF\(String(marker, radix: 16, uppercase: true)) at byte \(position - 2) is cut short")
            }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard length >= 2, let payload = range.bytes(at: position + 2, count: length - 2) else {
                return .unreadable(reason: "JPEG: segment at byte \(position - 2) runs past the end")
            }
            position += Int64(length)
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                // Precision, height, width.
                if frameSize == nil, payload.count >= 5 {
                    frameSize = MediaImageSize(width: Int(payload[3]) << 8 | Int(payload[4]), height: Int(payload[1]) << 8 | Int(payload[2]))
                }
            case 0xE1 where payload.starts(with: EXIFReader.header):
                let facts = EXIFReader(limits: limits, nesting: nesting).read(payload, scope: "JPEG", into: &tags)
                if exif == nil { exif = facts }
            case 0xE1 where payload.starts(with: Self.xmpIdentifier):
                XMPReader(limits: limits).read(payload.dropFirst(Self.xmpIdentifier.count), key: "APP1 XMP", scope: "JPEG", into: &tags)
            case 0xE1 where payload.starts(with: Self.xmpExtensionIdentifier):
                extendedXMP.add(payload.dropFirst(Self.xmpExtensionIdentifier.count))
            case 0xE0...0xEF:
                // Other application segments (JFIF, ICC_PROFILE, Photoshop/IPTC, ...): named by
                // their identifier, the text up to the first NUL.
                let name = "APP\(marker - 0xE0)"
                tags.add(name: name, key: name, scope: "JPEG", bytes: payload.prefix { $0 != 0 }.prefix(64))
                // What no reader here parses may hold a city, an owner or a second image's EXIF:
                // said, so that a privacy audit fails closed (schema/SPEC.md §16.6).
                if marker == 0xED {
                    IPTCReader(limits: limits).read(payload, into: &tags)
                } else if marker == 0xE2, payload.starts(with: Array("MPF\u{0}".utf8)) {
                    tags.markUnread("the JPEG's APP2 MPF segment: the further images it indexes, and their metadata, are not read")
                } else if !Self.isPictureOnly(marker: marker, payload) {
                    // A maker's own segment (GoPro's GPMF in APP6, Ricoh's RMETA in APP5, ...)
                    // may carry a serial number or a place: not read, so said.
                    let identifier = MediaText.decode(payload.prefix { $0 != 0 }.prefix(32), maxBytes: 32).text
                    tags.markUnread("the JPEG's \(name) segment \"\(identifier)\", which no reader here parses")
                }
            case 0xFE:
                tags.add(name: "COM", key: "COM", scope: "JPEG", bytes: payload.prefix { $0 != 0 })
            default:
                break
            }
        }
        guard let frameSize else { return .unreadable(reason: "JPEG: no frame header (SOF) before the first scan") }
        extendedXMP.read(into: &tags)
        // The image data runs to the end marker: a file cut short has none, and bytes after it
        // (a motion photo's video, MPF images) are a place whose metadata is not read.
        guard let end = endOfImage(from: position) else {
            return .unreadable(reason: "JPEG: the image data has no end marker (EOI): the file is cut short")
        }
        if end < range.length, !isPadding(from: end) {
            tags.markUnread("\(range.length - end) bytes after the JPEG's end marker (EOI), such as an appended motion-photo video or MPF images: not read")
        }
        let facts = exif ?? EXIFFacts()
        let isQuarterTurn = facts.rotation == 90 || facts.rotation == 270
        let image = MediaImage(
            codec: "jpeg", codedSize: frameSize,
            displaySize: isQuarterTurn ? MediaImageSize(width: frameSize.height, height: frameSize.width) : frameSize,
            rotation: facts.rotation ?? 0)
        return .facts(
            MediaFacts(
                container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
                image: image, creationTime: facts.creationTime, location: facts.location,
                make: facts.make, model: facts.model, software: facts.software,
                tags: tags.tags, omittedTagCount: tags.omittedCount, unread: tags.unread
            ))
    }

    /// The offset just past the end marker (0xFFD9), walking the entropy-coded data from
    /// `start` (just past the first SOS marker): stuffed bytes (0xFF00), restart markers and fill
    /// bytes stay in the scan, any other marker's segment (a progressive image's DHT and SOS) is
    /// skipped by its length. `nil` when the data ends first.
    private func endOfImage(from start: Int64) -> Int64? {
        var position = start
        var window = ByteWindow(range)
        while position < range.length {
            guard let current = window.byte(at: position) else { return nil }
            position += 1
            guard current == 0xFF else { continue }
            guard let marker = window.byte(at: position) else { return nil }
            switch marker {
            case 0x00, 0xD0...0xD7, 0xFF: continue  // stuffing, RSTn, fill
            case 0xD9: return position + 1  // EOI
            default:
                // A segment between scans: its length follows the marker.
                guard let length = window.bytes(at: position + 1, count: 2).map(Array.init) else { return nil }
                position += 1 + Int64(Int(length[0]) << 8 | Int(length[1]))
            }
        }
        return nil
    }

    /// The application segments that describe only the picture (JFIF and JFXX in APP0, an ICC
    /// profile in APP2, Adobe's colour transform in APP14, Photoshop's IRB is read as IPTC):
    /// nothing in them names a place, a time, a device or an owner.
    static func isPictureOnly(marker: UInt8, _ payload: [UInt8]) -> Bool {
        switch marker {
        case 0xE0: return payload.starts(with: Array("JFIF\u{0}".utf8)) || payload.starts(with: Array("JFXX\u{0}".utf8))
        case 0xE2: return payload.starts(with: Array("ICC_PROFILE\u{0}".utf8))
        case 0xEE: return payload.starts(with: Array("Adobe".utf8))
        default: return false
        }
    }

    /// Whether every byte from `start` to the end is 0x00 or 0xFF: padding a writer left after
    /// the end marker (a thumbnail's reserved space), which can carry nothing.
    private func isPadding(from start: Int64) -> Bool {
        var window = ByteWindow(range)
        var position = start
        while position < range.length {
            guard let byte = window.byte(at: position), byte == 0 || byte == 0xFF else { return false }
            position += 1
        }
        return true
    }

    /// The marker at `position` (after 0xFF and any fill bytes); moves past it.
    private func nextMarker(_ position: inout Int64) -> UInt8? {
        guard let first = range.bytes(at: position, count: 1), first[0] == 0xFF else { return nil }
        position += 1
        // Fill bytes (0xFF) may precede a marker; a few, not a file of them.
        for _ in 0..<Self.maxFillBytes {
            guard let byte = range.bytes(at: position, count: 1)?[0] else { return nil }
            position += 1
            if byte != 0xFF { return byte == 0 ? nil : byte }
        }
        return nil
    }
}
