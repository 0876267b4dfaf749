import Foundation
import Testing
@testable import RialCrypto

/// The RFC 4998 record reader and writer: the hash rules of §4.2, §5.2 and §5.3 computed by
/// hand here with StreamingDigest, a round trip, and hostile bytes that must throw, never trap.
@Suite("EvidenceRecord")
struct EvidenceRecordTests {
    /// A stand-in token: any DER SEQUENCE is stored byte for byte (the verifier parses tokens).
    static func token(_ byte: UInt8) -> [UInt8] {
        DERElement(tag: 0x30, children: [DERElement(tag: 0x04, contents: [UInt8](repeating: byte, count: 40))]).encoded
    }

    static let data: [UInt8] = Array("the seal timestamp".utf8)

    static func record() -> EvidenceRecord {
        EvidenceRecord()
            .appending(token: token(1), algorithm: .sha256)
            .appending(token: token(2), algorithm: .sha256)
            .appending(token: token(3), algorithm: .sha512)
    }

    @Test("the imprints are RFC 4998's: H(d), H(previous timeStamp), H(H(d) || H(ATSSeq before))")
    func imprints() throws {
        let record = Self.record()
        #expect(record.chains.count == 2 && record.chains[0].count == 2 && record.chains[1].count == 1)
        #expect(try record.expectedImprint(chain: 0, index: 0, algorithm: .sha256, dataObject: Self.data) == StreamingDigest.digest(.sha256, of: Self.data))
        #expect(try record.expectedImprint(chain: 0, index: 1, algorithm: .sha256, dataObject: Self.data) == StreamingDigest.digest(.sha256, of: Self.token(1)))
        let sequence = record.sequenceDER(chains: 1)
        let expected = try StreamingDigest.digest(.sha512, of: StreamingDigest.digest(.sha512, of: Self.data) + StreamingDigest.digest(.sha512, of: sequence))
        #expect(try record.expectedImprint(chain: 1, index: 0, algorithm: .sha512, dataObject: Self.data) == expected)
        // Timestamp renewal goes on the last chain; another algorithm starts one.
        #expect(try record.nextImprint(algorithm: .sha512, dataObject: Self.data).startsChain == false)
        #expect(try record.nextImprint(algorithm: .sha256, dataObject: Self.data).startsChain == true)
    }

    @Test("written, read back: the same record, version 1, digestAlgorithms in first-use order")
    func roundTrip() throws {
        let der = Self.record().der
        let read = try EvidenceRecord(der: der)
        #expect(read.chains.map { $0.map(\.token) } == Self.record().chains.map { $0.map(\.token) })
        #expect(read.digestAlgorithms == [.sha256, .sha512])
        #expect(read.der == der)
    }

    @Test("every truncation, a trailing byte, a wrong version and an empty sequence throw")
    func hostile() throws {
        let der = Self.record().der
        for length in 0..<der.count {
            #expect(throws: CryptoError.self) { try EvidenceRecord(der: Array(der.prefix(length))) }
        }
        #expect(throws: CryptoError.self) { try EvidenceRecord(der: der + [0]) }
        var version = der
        let index = try #require((0..<(version.count - 2)).first { version[$0] == 0x02 && version[$0 + 1] == 0x01 && version[$0 + 2] == 0x01 })
        version[index + 2] = 2
        #expect(throws: CryptoError.self) { try EvidenceRecord(der: version) }
        let empty = DERElement(
            tag: 0x30, children: [DERElement(tag: 0x02, contents: [1]), DERElement(tag: 0x30, contents: []), DERElement(tag: 0x30, contents: [])]
        ).encoded
        #expect(throws: CryptoError.self) { try EvidenceRecord(der: empty) }
        // A length claiming more than there is, and a long-form length that is not minimal.
        #expect(throws: CryptoError.self) { try DERElement(der: [0x30, 0x84, 0x7F, 0xFF, 0xFF, 0xFF]) }
        #expect(throws: CryptoError.self) { try DERElement(der: [0x30, 0x81, 0x01, 0x00]) }
    }
}
