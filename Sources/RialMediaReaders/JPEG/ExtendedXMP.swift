import RialMedia

/// A JPEG's extended XMP: a packet too large for one APP1 segment, split over several, each
/// chunk after a 32-character GUID, the whole packet's length and the chunk's offset (XMP
/// Specification Part 3, 1.1.3.1). The chunks are put back together and parsed as one packet;
/// one that is incomplete, overlapping or larger than the limit is a place not read.
struct ExtendedXMP {
    /// The most bytes of one reassembled packet.
    let maxBytes: Int

    private struct Packet {
        var length: Int
        var chunks: [(offset: Int, bytes: [UInt8])] = []
    }

    private var packets: [String: Packet] = [:]
    private var order: [String] = []
    private var problems: [String] = []

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// One APP1 segment's payload after the extension's identifier.
    mutating func add<Bytes: Collection>(_ segment: Bytes) where Bytes.Element == UInt8 {
        let bytes = Array(segment)
        guard bytes.count >= 40 else {
            problems.append("an extended XMP segment of \(bytes.count) bytes, too short for its header")
            return
        }
        let guid = MediaText.decode(bytes[0..<32], maxBytes: 32).text
        let length = bytes[32..<36].reduce(0) { $0 << 8 | Int($1) }
        let offset = bytes[36..<40].reduce(0) { $0 << 8 | Int($1) }
        if packets[guid] == nil {
            guard packets.count < 16 else {
                problems.append("more than 16 extended XMP packets")
                return
            }
            packets[guid] = Packet(length: length)
            order.append(guid)
        }
        guard packets[guid]?.length == length, length <= maxBytes else {
            problems.append("extended XMP \(guid): a length of \(length) bytes, changing or over the limit of \(maxBytes)")
            return
        }
        packets[guid]?.chunks.append((offset, Array(bytes[40...])))
    }

    /// Each complete packet parsed into `tags`; each incomplete one, and each problem, said as
    /// a place not read.
    func read(into tags: inout TagList) {
        for place in problems { tags.markUnread("the JPEG's \(place): not read") }
        for guid in order {
            guard let packet = packets[guid] else { continue }
            var whole = [UInt8]()
            whole.reserveCapacity(packet.length)
            for chunk in packet.chunks.sorted(by: { $0.offset < $1.offset }) where chunk.offset == whole.count {
                whole += chunk.bytes
            }
            guard whole.count == packet.length else {
                tags.markUnread("the JPEG's extended XMP \(guid): its chunks do not make up its \(packet.length) bytes, so it is not read")
                continue
            }
            XMPReader(limits: tags.limits).read(whole, key: "APP1 extended XMP", scope: "JPEG", into: &tags)
        }
    }
}
