/// An RFC 4998 Evidence Record over one data object: archive timestamps whose hash links
/// carry the proof of a timestamp past its TSA certificate's life or its hash's strength.
///
/// ```
/// EvidenceRecord ::= SEQUENCE { version INTEGER (1), digestAlgorithms SEQUENCE OF
///     AlgorithmIdentifier, cryptoInfos [0] OPTIONAL, encryptionInfo [1] OPTIONAL,
///     archiveTimeStampSequence SEQUENCE OF ArchiveTimeStampChain }
/// ArchiveTimeStampChain ::= SEQUENCE OF ArchiveTimeStamp
/// ArchiveTimeStamp ::= SEQUENCE { digestAlgorithm [0] AlgorithmIdentifier OPTIONAL,
///     attributes [1] OPTIONAL, reducedHashtree [2] SEQUENCE OF PartialHashtree OPTIONAL,
///     timeStamp ContentInfo }
/// ```
/// (IMPLICIT tags, RFC 4998 §4.) rial writes one data object, so no reduced hash tree: the
/// archive timestamp's imprint is the hash itself (§4.2). The hash rules (§5.2, §5.3) are in
/// ``expectedImprint(chain:index:dataObject:)``; what a verdict makes of them is the verifier's.
package struct EvidenceRecord: Sendable, Equatable {
    /// One archive timestamp.
    package struct ArchiveTimeStamp: Sendable, Equatable {
        /// The stated digest algorithm, when the record names one (else the token's imprint's).
        package var algorithm: DigestAlgorithm?
        /// Whether it carries a reduced hash tree (rial writes none and does not read one).
        package var hasReducedHashtree: Bool
        /// The `timeStamp` field: the DER TimeStampToken (CMS ContentInfo), as stored.
        package var token: [UInt8]
        /// The ArchiveTimeStamp's own DER as read, when read: a later chain's hash covers the
        /// sequence exactly as stored (another writer may encode, say, NULL parameters).
        package var storedDER: [UInt8]?

        /// - Parameters:
        ///   - algorithm: the chain's digest algorithm, stated in the record.
        ///   - token: the DER TimeStampToken.
        package init(algorithm: DigestAlgorithm?, token: [UInt8], hasReducedHashtree: Bool = false, storedDER: [UInt8]? = nil) {
            self.algorithm = algorithm
            self.token = token
            self.hasReducedHashtree = hasReducedHashtree
            self.storedDER = storedDER
        }
    }

    /// The most chains and archive timestamps per chain read: far beyond centuries of renewals.
    package static let maxChains = 256
    package static let maxTimestampsPerChain = 4096

    /// The ArchiveTimeStampSequence, oldest chain first, each chain oldest first.
    package var chains: [[ArchiveTimeStamp]]

    /// - Parameter chains: the archive timestamp chains.
    package init(chains: [[ArchiveTimeStamp]] = []) {
        self.chains = chains
    }

    /// The algorithms rial hashes with in a record, and their DER OBJECT IDENTIFIER contents.
    package static func oid(_ algorithm: DigestAlgorithm) -> [UInt8]? {
        switch algorithm {
        case .sha256: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
        case .sha384: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02]
        case .sha512: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03]
        case .md5, .sha1, .sha224: nil
        }
    }

    private static func algorithmIdentifier(_ algorithm: DigestAlgorithm, tag: UInt8 = DERElement.sequence) -> DERElement {
        DERElement(tag: tag, children: [DERElement(tag: DERElement.objectIdentifier, contents: oid(algorithm) ?? [])])
    }

    /// The algorithm an AlgorithmIdentifier names (parameters absent or NULL), or `nil`.
    private static func algorithm(of identifier: DERElement) throws(CryptoError) -> DigestAlgorithm {
        let parts = try identifier.children(limit: 2)
        guard let object = parts.first, object.tag == DERElement.objectIdentifier,
            parts.count == 1 || parts[1] == DERElement(tag: DERElement.null, contents: [])
        else {
            throw CryptoError(.malformed, "an AlgorithmIdentifier is not an OID with absent or NULL parameters")
        }
        guard let found = [DigestAlgorithm.sha256, .sha384, .sha512].first(where: { oid($0) == object.contents }) else {
            throw CryptoError(.unsupportedAlgorithm, "a digest algorithm other than SHA-256, SHA-384 or SHA-512")
        }
        return found
    }

    /// The digest algorithms of the chains, in first use order: the record's `digestAlgorithms`.
    package var digestAlgorithms: [DigestAlgorithm] {
        var seen: [DigestAlgorithm] = []
        for chain in chains {
            if let algorithm = chain.first?.algorithm, !seen.contains(algorithm) { seen.append(algorithm) }
        }
        return seen
    }

    /// The DER `ArchiveTimeStampSequence` of the first `count` chains.
    package func sequenceDER(chains count: Int) -> [UInt8] {
        DERElement(
            tag: DERElement.sequence,
            children: chains.prefix(count).map { chain in
                DERElement(tag: DERElement.sequence, children: chain.map(Self.element))
            }
        ).encoded
    }

    private static func element(_ stamp: ArchiveTimeStamp) -> DERElement {
        if let stored = stamp.storedDER, let element = try? DERElement(der: stored) { return element }
        var parts: [DERElement] = []
        if let algorithm = stamp.algorithm { parts.append(algorithmIdentifier(algorithm, tag: 0xA0)) }
        // The token is a DER element already; it is stored byte for byte.
        return DERElement(tag: DERElement.sequence, contents: parts.flatMap(\.encoded) + stamp.token)
    }

    /// The DER EvidenceRecord.
    package var der: [UInt8] {
        let sequence = sequenceDER(chains: chains.count)
        let head = DERElement(
            tag: DERElement.sequence,
            children: [
                DERElement(tag: DERElement.integer, contents: [1]),
                DERElement(tag: DERElement.sequence, children: digestAlgorithms.map { Self.algorithmIdentifier($0) }),
            ])
        return DERElement(tag: DERElement.sequence, contents: head.contents + sequence).encoded
    }

    /// Reads a record from hostile bytes.
    /// - Throws: ``CryptoError`` `.malformed` (not RFC 4998 DER, a version other than 1, encryption
    ///   information, an empty chain, too many chains or timestamps) or `.unsupportedAlgorithm`.
    package init(der bytes: [UInt8]) throws(CryptoError) {
        let record = try DERElement(der: bytes)
        guard record.tag == DERElement.sequence else { throw CryptoError(.malformed, "an EvidenceRecord is a SEQUENCE") }
        let fields = try record.children(limit: 5)
        guard fields.count >= 3, fields[0] == DERElement(tag: DERElement.integer, contents: [1]) else {
            throw CryptoError(.malformed, "an EvidenceRecord starts with version 1 and its digestAlgorithms")
        }
        guard fields[1].tag == DERElement.sequence else { throw CryptoError(.malformed, "digestAlgorithms is not a SEQUENCE") }
        let declared = try fields[1].children(limit: 16).map { (identifier) throws(CryptoError) in try Self.algorithm(of: identifier) }
        var rest = fields.dropFirst(2)
        if rest.first?.tag == 0xA0 { rest = rest.dropFirst() }
        if rest.first?.tag == 0xA1 {
            throw CryptoError(.malformed, "the record carries encryptionInfo: it is for an encrypted data object, which rial does not keep")
        }
        guard rest.count == 1, let sequence = rest.first, sequence.tag == DERElement.sequence else {
            throw CryptoError(.malformed, "an EvidenceRecord ends with one ArchiveTimeStampSequence")
        }
        var chains: [[ArchiveTimeStamp]] = []
        for chain in try sequence.children(limit: Self.maxChains) {
            guard chain.tag == DERElement.sequence else { throw CryptoError(.malformed, "an ArchiveTimeStampChain is not a SEQUENCE") }
            let stamps = try chain.children(limit: Self.maxTimestampsPerChain)
            guard !stamps.isEmpty else { throw CryptoError(.malformed, "an ArchiveTimeStampChain is empty") }
            chains.append(try stamps.map { (stamp) throws(CryptoError) in try Self.archiveTimeStamp(stamp) })
        }
        guard !chains.isEmpty else { throw CryptoError(.malformed, "the ArchiveTimeStampSequence is empty") }
        self.chains = chains
        for algorithm in digestAlgorithms where !declared.contains(algorithm) {
            throw CryptoError(.malformed, "digestAlgorithms does not list \(algorithm.displayName), which a chain uses")
        }
    }

    private static func archiveTimeStamp(_ element: DERElement) throws(CryptoError) -> ArchiveTimeStamp {
        guard element.tag == DERElement.sequence else { throw CryptoError(.malformed, "an ArchiveTimeStamp is not a SEQUENCE") }
        var parts = try element.children(limit: 4)[...]
        var algorithm: DigestAlgorithm?
        var hasTree = false
        if parts.first?.tag == 0xA0, let first = parts.first {
            algorithm = try Self.algorithm(of: first)
            parts = parts.dropFirst()
        }
        if parts.first?.tag == 0xA1 { parts = parts.dropFirst() }
        if parts.first?.tag == 0xA2 {
            hasTree = true
            parts = parts.dropFirst()
        }
        guard parts.count == 1, let token = parts.first, token.tag == DERElement.sequence else {
            throw CryptoError(.malformed, "an ArchiveTimeStamp ends with one timeStamp (a ContentInfo)")
        }
        return ArchiveTimeStamp(algorithm: algorithm, token: token.encoded, hasReducedHashtree: hasTree, storedDER: element.encoded)
    }

    /// The imprint the archive timestamp at `index` of chain `chain` must carry, under
    /// `algorithm` (the chain's):
    /// - the first of the first chain: the hash of the data object (§4.2, one object);
    /// - a later one in a chain: the hash of the previous archive timestamp's `timeStamp` (§5.2);
    /// - the first of a later chain: `H(H(data object) ‖ H(ArchiveTimeStampSequence of the chains
    ///   before it))` (§5.3, hash-tree renewal, one object).
    /// - Throws: ``CryptoError`` when OpenSSL cannot hash, or the position is outside the record.
    package func expectedImprint(chain: Int, index: Int, algorithm: DigestAlgorithm, dataObject: [UInt8]) throws -> [UInt8] {
        guard chains.indices.contains(chain), index >= 0, index <= chains[chain].count else {
            throw CryptoError(.malformed, "no archive timestamp at chain \(chain), index \(index)")
        }
        if index > 0 { return try StreamingDigest.digest(algorithm, of: chains[chain][index - 1].token) }
        let objectHash = try StreamingDigest.digest(algorithm, of: dataObject)
        if chain == 0 { return objectHash }
        let sequenceHash = try StreamingDigest.digest(algorithm, of: sequenceDER(chains: chain))
        return try StreamingDigest.digest(algorithm, of: objectHash + sequenceHash)
    }

    /// Where the next archive timestamp goes under `algorithm`, and the imprint it must carry:
    /// the last chain when it uses the same algorithm (timestamp renewal), else a new chain
    /// (hash-tree renewal).
    /// - Returns: whether it starts a chain, and its imprint.
    package func nextImprint(algorithm: DigestAlgorithm, dataObject: [UInt8]) throws -> (startsChain: Bool, imprint: [UInt8]) {
        guard let last = chains.last, let used = last.first?.algorithm, used == algorithm else {
            var extended = self
            extended.chains.append([])
            return (true, try extended.expectedImprint(chain: extended.chains.count - 1, index: 0, algorithm: algorithm, dataObject: dataObject))
        }
        return (false, try expectedImprint(chain: chains.count - 1, index: last.count, algorithm: algorithm, dataObject: dataObject))
    }

    /// The record with `token` appended where ``nextImprint(algorithm:dataObject:)`` says.
    package func appending(token: [UInt8], algorithm: DigestAlgorithm) -> EvidenceRecord {
        var record = self
        let stamp = ArchiveTimeStamp(algorithm: algorithm, token: token)
        if let used = record.chains.last?.first?.algorithm, used == algorithm, !record.chains.isEmpty {
            record.chains[record.chains.count - 1].append(stamp)
        } else {
            record.chains.append([stamp])
        }
        return record
    }
}
