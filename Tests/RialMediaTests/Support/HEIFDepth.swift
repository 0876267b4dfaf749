import Foundation

/// Turns the second image of a two-image HEIF (as `heif-enc main.png depth.png` writes it) into
/// the first one's depth map, as a phone writes one: an `auxC` property of type
/// `urn:mpeg:hevc:2015:auxid:2` on the second image and an `auxl` reference from it to the
/// primary image. heif-enc 1.15 cannot write depth images itself.
///
/// The `meta` box grows, so `mdat` moves and the `iloc` offsets into the file move with it.
enum HEIFDepth {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct Box {
        let type: String
        let bytes: [UInt8]
        var payload: ArraySlice<UInt8> { bytes[8...] }
    }

    static func addDepth(to file: [UInt8]) throws -> [UInt8] {
        let top = try boxes(file[...])
        guard let meta = top.first(where: { $0.type == "meta" }) else { throw Failure(description: "no meta box") }
        let metaFlags = Array(meta.payload.prefix(4))
        var children = try boxes(meta.payload.dropFirst(4))
        func child(_ type: String) throws -> Box {
            guard let box = children.first(where: { $0.type == type }) else { throw Failure(description: "no \(type) box") }
            return box
        }
        let primary = int(try child("pitm").payload.dropFirst(4).prefix(2))
        let infos = try boxes(try child("iinf").payload.dropFirst(6))
        let images = infos.map { (id: int($0.payload.dropFirst(4).prefix(2)), type: String(decoding: $0.payload.dropFirst(8).prefix(4), as: UTF8.self)) }
            .filter { ["hvc1", "grid"].contains($0.type) }
        guard let depth = images.map(\.id).filter({ $0 > primary }).max() else { throw Failure(description: "no second image") }

        // The property, and its association with the depth image.
        var properties = try boxes(try child("iprp").payload[...])
        let ipcoIndex = try index(of: "ipco", in: properties)
        let ipco = properties[ipcoIndex]
        let propertyIndex = try boxes(ipco.payload[...]).count + 1
        let auxC = box("auxC", [0, 0, 0, 0] + Array("urn:mpeg:hevc:2015:auxid:2".utf8) + [0])
        properties[ipcoIndex] = Box(type: "ipco", bytes: box("ipco", Array(ipco.payload) + auxC))
        let ipmaIndex = try index(of: "ipma", in: properties)
        properties[ipmaIndex] = Box(
            type: "ipma",
            bytes: box(
                "ipma",
                try associate(
                    Array(properties[ipmaIndex].payload),
                    item: depth, property: propertyIndex)))
        replace("iprp", with: box("iprp", properties.flatMap(\.bytes)), in: &children)

        let auxl = box("auxl", be16(depth) + be16(1) + be16(primary))
        if let iref = children.first(where: { $0.type == "iref" }) {
            replace("iref", with: box("iref", Array(iref.payload) + auxl), in: &children)
        } else {
            children.append(Box(type: "iref", bytes: box("iref", [0, 0, 0, 0] + auxl)))
        }
        var newMeta = box("meta", metaFlags + children.flatMap(\.bytes))
        try shiftLocations(in: &newMeta, by: newMeta.count - meta.bytes.count)
        return top.flatMap { $0.type == "meta" ? newMeta : $0.bytes }
    }

    /// The `ipma` payload with `property` associated with `item`.
    private static func associate(_ payload: [UInt8], item: Int, property: Int) throws -> [UInt8] {
        let version = payload[0]
        let wide = payload[3] & 1 == 1
        var out = Array(payload[0..<8])
        var position = 8
        for _ in 0..<int(payload[4..<8]) {
            let idSize = version < 1 ? 2 : 4
            let id = int(payload[position..<(position + idSize)])
            let count = Int(payload[position + idSize])
            let size = wide ? 2 : 1
            var associations = Array(payload[(position + idSize + 1)..<(position + idSize + 1 + count * size)])
            position += idSize + 1 + count * size
            var newCount = count
            if id == item {
                associations += wide ? be16(property) : [UInt8(property)]
                newCount += 1
            }
            out += Array(payload[(position - count * size - 1 - idSize)..<(position - count * size - 1)]) + [UInt8(newCount)] + associations
        }
        return out
    }

    /// Adds `delta` to every file offset in the `iloc` inside `meta` (construction method 0).
    private static func shiftLocations(in meta: inout [UInt8], by delta: Int) throws {
        var position = 12
        while position < meta.count {
            let size = int(meta[position..<(position + 4)])
            guard String(decoding: meta[(position + 4)..<(position + 8)], as: UTF8.self) == "iloc" else { position += size; continue }
            var p = position + 8
            let version = meta[p]
            p += 4
            let offsetSize = Int(meta[p] >> 4), lengthSize = Int(meta[p] & 15)
            let baseSize = Int(meta[p + 1] >> 4), indexSize = Int(meta[p + 1] & 15)
            p += 2
            let countSize = version < 2 ? 2 : 4
            let items = int(meta[p..<(p + countSize)])
            p += countSize
            for _ in 0..<items {
                p += version < 2 ? 2 : 4
                var method = 0
                if version == 1 || version == 2 { method = int(meta[p..<(p + 2)]) & 15; p += 2 }
                p += 2
                if baseSize > 0, method == 0 { add(delta, at: p, size: baseSize, in: &meta) }
                p += baseSize
                let extents = int(meta[p..<(p + 2)])
                p += 2
                for _ in 0..<extents {
                    if (version == 1 || version == 2), indexSize > 0 { p += indexSize }
                    if baseSize == 0, method == 0, offsetSize > 0 { add(delta, at: p, size: offsetSize, in: &meta) }
                    p += offsetSize + lengthSize
                }
            }
            return
        }
        throw Failure(description: "no iloc box")
    }

    private static func add(_ delta: Int, at position: Int, size: Int, in bytes: inout [UInt8]) {
        let value = int(bytes[position..<(position + size)]) + delta
        for index in 0..<size { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))) }
    }

    private static func boxes(_ bytes: ArraySlice<UInt8>) throws -> [Box] {
        var result: [Box] = []
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let size = int(bytes[position..<(position + 4)])
            guard size >= 8, position + size <= bytes.endIndex else { throw Failure(description: "bad box at \(position)") }
            result.append(
                Box(
                    type: String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self),
                    bytes: Array(bytes[position..<(position + size)])))
            position += size
        }
        return result
    }

    private static func index(of type: String, in boxes: [Box]) throws -> Int {
        guard let index = boxes.firstIndex(where: { $0.type == type }) else { throw Failure(description: "no \(type) box") }
        return index
    }

    private static func replace(_ type: String, with bytes: [UInt8], in boxes: inout [Box]) {
        if let index = boxes.firstIndex(where: { $0.type == type }) { boxes[index] = Box(type: type, bytes: bytes) }
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { HostileMedia.box(type, payload) }
    private static func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    private static func int<Bytes: Collection>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8 { bytes.reduce(0) { $0 << 8 | Int($1) } }
}
