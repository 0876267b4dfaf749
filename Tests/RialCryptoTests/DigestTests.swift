import Foundation
import Testing
@testable import RialCrypto

@Suite("Digests over OpenSSL EVP")
struct DigestTests {
    // FIPS 180-2 appendix vectors for "abc".
    @Test func knownAnswers() throws {
        let abc = Array("abc".utf8)
        #expect(hex(try StreamingDigest.digest(.sha256, of: abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(try StreamingDigest.digest(.sha512, of: abc))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        #expect(hex(try StreamingDigest.digest(.sha1, of: abc)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(try StreamingDigest.digest(.md5, of: [])) == "d41d8cd98f00b204e9800998ecf8427e")
    }

    @Test("digestSoFar gives the digest of the bytes fed so far and lets the digest run on (a frame file and its chain link)")
    func digestSoFarLeavesTheDigestRunning() throws {
        for algorithm in [DigestAlgorithm.sha256, .sha512] {
            let running = try StreamingDigest(algorithm)
            try running.update(Array("abc".utf8))
            #expect(try running.digestSoFar() == StreamingDigest.digest(algorithm, of: Array("abc".utf8)))
            try running.update(Array("def".utf8))
            #expect(try running.finish() == StreamingDigest.digest(algorithm, of: Array("abcdef".utf8)))
        }
    }

    @Test("restart begins a new message on the same context: after finish, and in the middle of one")
    func restartBeginsANewMessage() throws {
        let set = try DigestSet([.sha256, .sha512])
        for message in ["abc", "", "a longer message than one block of either algorithm, to be sure of it: " + String(repeating: "x", count: 200)] {
            try set.restart()
            try set.update(Array("something left over".utf8))
            try set.restart()
            try set.update(Array(message.utf8))
            let hex = try set.finishHex()
            for algorithm in [DigestAlgorithm.sha256, .sha512] {
                let expected = try StreamingDigest.digest(algorithm, of: Array(message.utf8)).map { String(format: "%02x", $0) }.joined()
                #expect(hex[algorithm] == expected)
            }
            #expect(set.byteCount == UInt64(message.utf8.count))
        }
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
