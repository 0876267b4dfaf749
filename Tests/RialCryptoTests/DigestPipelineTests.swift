import Testing
@testable import RialCrypto

@Suite("Digest pipeline: each digest on its own thread, chunks in order")
struct DigestPipelineTests {
    /// The pipeline hands each digest every byte in order, however the reader cuts the stream
    /// and however far the digests lag; the bytes `alongside` sees are the stream itself.
    @Test(arguments: [2, 3, 8])
    func pipelineDigestsEqualTheSequentialOnes(depth: Int) throws {
        let data = (0..<(5 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let expected256 = hex(try StreamingDigest.digest(.sha256, of: data))
        let expected512 = hex(try StreamingDigest.digest(.sha512, of: data))
        let set = try DigestSet([.sha256, .sha512])
        let extra = try StreamingDigest(.sha256)
        var offset = 0, calls = 0
        var seen: [UInt8] = []
        try set.update(
            reading: { buffer in
                // Short reads too: 1 byte, a few KiB, a whole buffer.
                calls += 1
                let want = [1, 4093, buffer.count, 70_001][calls % 4]
                let count = min(want, buffer.count, data.count - offset)
                data.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
                offset += count
                return count
            }, also: extra, pipeline: DigestPipeline(chunkSize: 1 << 16, depth: depth)
        ) { chunk in
            seen.append(contentsOf: chunk)
        }
        #expect(seen == data)
        #expect(set.byteCount == UInt64(data.count))
        let digests = try set.finishHex()
        #expect(digests[.sha256] == expected256)
        #expect(digests[.sha512] == expected512)
        #expect(hex(try extra.finish()) == expected256)
    }

    struct Stop: Error, Equatable { let at: Int }

    /// A failing reader or writer stops the stream with its own error, after every digest has
    /// let go of the buffers (the pipeline returns, nothing is left running).
    @Test func pipelineStopsAtTheFirstError() throws {
        let chunk = [UInt8](repeating: 0xA5, count: 1 << 16)
        for failing in ["fill", "alongside"] {
            let set = try DigestSet([.sha256, .sha512])
            var calls = 0
            #expect(throws: Stop(at: 5)) {
                try set.update(
                    reading: { buffer in
                        calls += 1
                        if failing == "fill", calls == 5 { throw Stop(at: calls) }
                        chunk.withUnsafeBytes { buffer.copyMemory(from: $0) }
                        return chunk.count
                    }, also: nil, pipeline: DigestPipeline(chunkSize: chunk.count, depth: 3)
                ) { _ in
                    if failing == "alongside", calls == 5 { throw Stop(at: calls) }
                }
            }
        }
    }

    /// One pipeline serves many streams, one after another, each digest right.
    @Test func onePipelineForManyStreams() throws {
        let pipeline = DigestPipeline(chunkSize: 4096, depth: 2)
        for length in [0, 1, 4095, 4096, 4097, 100_000] {
            let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            let set = try DigestSet([.sha256, .sha512])
            var offset = 0
            try set.update(
                reading: { buffer in
                    let count = min(buffer.count, data.count - offset)
                    data.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
                    offset += count
                    return count
                }, also: nil, pipeline: pipeline
            ) { _ in }
            let alone = try DigestSet([.sha256, .sha512])
            try alone.update(data)
            #expect(try set.finishHex() == alone.finishHex(), "\(length) bytes")
        }
    }

    /// A second stream through a pipeline that is running stops the program: it would refill
    /// buffers the digests are still reading.
    @Test func aPipelineRunsOneStreamAtATime() async {
        await #expect(processExitsWith: .failure) {
            let pipeline = DigestPipeline(chunkSize: 4096, depth: 2)
            let digest = try StreamingDigest(.sha256)
            var sent = false
            try pipeline.run(
                [digest],
                fill: { buffer in
                    defer { sent = true }
                    return sent ? 0 : buffer.count
                }
            ) { _ in
                try pipeline.run([digest], fill: { _ in 0 }) { _ in }
            }
        }
    }
}
