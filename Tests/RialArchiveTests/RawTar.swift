/// Builds tar archives byte by byte, so tests can make exactly the hostile headers a
/// careful writer never would.
enum RawTar {
    static let posixMagic: [UInt8] = Array("ustar\u{0}00".utf8)

    /// One 512-byte header; `sizeField` and `magic` override the well-formed values.
    static func header(
        _ name: [UInt8], type: Character = "0", size: UInt64 = 0, sizeField: [UInt8]? = nil,
        magic: [UInt8] = posixMagic, checksumDelta: Int = 0
    ) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ bytes: [UInt8], at offset: Int) {
            for (i, byte) in bytes.enumerated() { block[offset + i] = byte }
        }
        put(Array(name.prefix(100)), at: 0)
        put(Array("0000644\u{0}".utf8), at: 100)
        put(Array("0000000\u{0}".utf8), at: 108)
        put(Array("0000000\u{0}".utf8), at: 116)
        put(sizeField ?? octal(size, width: 12), at: 124)
        put(Array("15133542600\u{0}".utf8), at: 136)
        block[156] = type.asciiValue ?? 0
        put(magic, at: 257)
        let sum = block.enumerated().reduce(0) { $0 + ((148..<156).contains($1.offset) ? 32 : Int($1.element)) } + checksumDelta
        put(octal(UInt64(sum), width: 7) + [0x20], at: 148)
        return block
    }

    static func octal(_ value: UInt64, width: Int) -> [UInt8] {
        let digits = String(value, radix: 8)
        return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
    }

    static func padded(_ data: [UInt8]) -> [UInt8] {
        data + [UInt8](repeating: 0, count: (512 - data.count % 512) % 512)
    }

    static func file(_ name: String, _ content: String = "x") -> [UInt8] {
        let data = Array(content.utf8)
        return header(Array(name.utf8), size: UInt64(data.count)) + padded(data)
    }

    static func directory(_ name: String) -> [UInt8] {
        header(Array(name.utf8), type: "5")
    }

    /// A pax extended header with `records` (KEY, VALUE), each spelled `LENGTH KEY=VALUE\n`.
    static func pax(_ records: [(String, [UInt8])], type: Character = "x") -> [UInt8] {
        var data: [UInt8] = []
        for (key, value) in records {
            let body = Array(" \(key)=".utf8) + value + [0x0A]
            var length = body.count + 1
            while String(length).count + body.count != length { length = String(length).count + body.count }
            data += Array(String(length).utf8) + body
        }
        return header(Array("p/PaxHeaders/x".utf8), type: type, size: UInt64(data.count)) + padded(data)
    }

    static let end = [UInt8](repeating: 0, count: 1024)

    /// A root directory `p/`, `entries`, and the end marker.
    static func archive(_ entries: [UInt8]...) -> [UInt8] {
        directory("p/") + entries.flatMap { $0 } + end
    }
}
