import Testing
@testable import RialCrypto

@Suite("Digests over OpenSSL EVP")
struct DigestTests {
    // FIPS 180-2 appendix vectors for "abc".
    @Test func knownAnswers() throws {
        let abc = Array("abc".utf8)
        #expect(hex(try StreamingDigest.digest(.sha256, of: abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(try StreamingDigest.digest(.sha512, of: abc)) == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        #expect(hex(try StreamingDigest.digest(.sha1, of: abc)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(try StreamingDigest.digest(.md5, of: [])) == "d41d8cd98f00b204e9800998ecf8427e")
    }

    @Test func chunkingDoesNotChangeTheDigest() throws {
        let data = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let whole = try DigestSet([.sha256, .sha512])
        try whole.update(data)
        let chunked = try DigestSet([.sha256, .sha512])
        var index = 0
        for size in [1, 7, 4096, 65_537] + Array(repeating: 10_000, count: 10) where index < data.count {
            let end = min(index + size, data.count)
            try chunked.update(Array(data[index..<end]))
            index = end
        }
        try chunked.update(Array(data[index...]))
        #expect(chunked.byteCount == UInt64(data.count))
        #expect(try whole.finishHex() == chunked.finishHex())
    }

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
        try set.update(reading: { buffer in
            // Short reads too: 1 byte, a few KiB, a whole buffer.
            calls += 1
            let want = [1, 4093, buffer.count, 70_001][calls % 4]
            let count = min(want, buffer.count, data.count - offset)
            data.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            return count
        }, also: extra, pipeline: DigestPipeline(chunkSize: 1 << 16, depth: depth)) { chunk in
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
                try set.update(reading: { buffer in
                    calls += 1
                    if failing == "fill", calls == 5 { throw Stop(at: calls) }
                    chunk.withUnsafeBytes { buffer.copyMemory(from: $0) }
                    return chunk.count
                }, also: nil, pipeline: DigestPipeline(chunkSize: chunk.count, depth: 3)) { _ in
                    if failing == "alongside", calls == 5 { throw Stop(at: calls) }
                }
            }
        }
    }

    /// Writing alongside hashing: the same digests as hashing alone, the same bytes written.
    @Test func hashingAlongsideAWrite() throws {
        let data = (0..<(1 << 20) + 3).map { UInt8(truncatingIfNeeded: $0 &* 131) }
        let set = try DigestSet([.sha256, .sha512])
        var written: [UInt8] = []
        try data.withUnsafeBytes { bytes in
            try set.update(bytes, also: nil) { written.append(contentsOf: $0) }
        }
        #expect(written == data)
        let alone = try DigestSet([.sha256, .sha512])
        try alone.update(data)
        #expect(try set.finishHex() == alone.finishHex())
    }

    @Test func lengthsAndNames() {
        for algorithm in DigestAlgorithm.allCases {
            #expect(algorithm.byteCount > 0)
        }
        #expect(DigestAlgorithm.sha256.displayName == "SHA-256")
        #expect(!DigestAlgorithm.md5.isCollisionResistant)
    }
}
