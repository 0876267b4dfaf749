import RialFormat
import RialArchive

/// A depth keyframe shrunk for a report: the mean depth of each cell of a grid at most
/// ``maxCells`` wide, computed while the keyframe streams past (memory stays flat).
package struct DepthThumbnail: Sendable {
    package static let maxCells = 32

    package let frameNumber: Int64
    package let path: String
    package let columns: Int
    package let rows: Int
    /// Mean depth per cell, row by row; `nil` where no sample was valid (NaN, infinite, ≤ 0).
    package let cells: [Float?]

    /// Reads up to `count` keyframes, spread evenly over the capture, from the archive at
    /// `path`. Entries are named by the (verified) depth index; any read problem gives no
    /// thumbnails rather than an error: they illustrate, they do not prove.
    static func read(archive path: String, root: String, index: DepthIndex, count: Int, limits: ArchiveLimits) -> [DepthThumbnail] {
        let format = index.format
        guard count > 0, format.width > 0, format.height > 0, format.width <= 1 << 14, format.height <= 1 << 14, !index.keyframes.isEmpty else { return [] }
        let step = max(1, index.keyframes.count / count)
        let chosen = stride(from: 0, to: index.keyframes.count, by: step).prefix(count).map { index.keyframes[$0] }
        var wanted: [String: DepthIndex.Keyframe] = [:]
        for keyframe in chosen { wanted[root + "/" + keyframe.path] = keyframe }
        let width = Int(format.width)
        let height = Int(format.height)
        let columns = min(maxCells, width)
        let rows = max(1, min(height * columns / width, maxCells))
        var out: [DepthThumbnail] = []
        do {
            let reader = try TarReader(path: path, limits: limits)
            while let header = try reader.nextEntry(), out.count < chosen.count {
                guard let keyframe = wanted[header.path], header.size == UInt64(format.keyframeBytes) else { continue }
                var sums = [Double](repeating: 0, count: columns * rows)
                var counts = [Int](repeating: 0, count: columns * rows)
                var sample = 0
                var carry: [UInt8] = []
                try reader.readData { chunk in
                    var bytes = chunk[...]
                    // A float may straddle two chunks.
                    if !carry.isEmpty {
                        let need = 4 - carry.count
                        carry += bytes.prefix(need)
                        bytes = bytes.dropFirst(need)
                        if carry.count == 4 {
                            add(carry, sample)
                            sample += 1
                            carry = []
                        }
                    }
                    while bytes.count >= 4 {
                        add(Array(bytes.prefix(4)), sample)
                        sample += 1
                        bytes = bytes.dropFirst(4)
                    }
                    carry += bytes
                }
                func add(_ four: [UInt8], _ sample: Int) {
                    let bits = UInt32(four[0]) | UInt32(four[1]) << 8 | UInt32(four[2]) << 16 | UInt32(four[3]) << 24
                    let value = Float(bitPattern: bits)
                    guard value.isFinite, value > 0 else { return }
                    let cell = (sample / width * rows / height) * columns + (sample % width * columns / width)
                    sums[cell] += Double(value)
                    counts[cell] += 1
                }
                let cells = zip(sums, counts).map { sum, count in count > 0 ? Float(sum / Double(count)) : nil }
                out.append(DepthThumbnail(frameNumber: keyframe.frameNumber, path: keyframe.path, columns: columns, rows: rows, cells: cells))
            }
        } catch {
            return []
        }
        return out.sorted { $0.frameNumber < $1.frameNumber }
    }
}
