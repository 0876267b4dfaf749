import RialFormat
import RialCrypto

/// The renewal of the seal's timestamp (`rial/seal/renewal/`, RFC 4998, `schema/SPEC.md`
/// §14.12), judged once, when a check first asks (``TimestampProvider``): the last evidence record read, every
/// archive timestamp's hash recomputed and its token verified as the seal's is
/// (``TokenSignatureFacts``, the TSA at its genTime), each made while the TSA certificate
/// before it was valid, the last one's valid at the verification time. ``RenewalCheck`` words it.
struct RenewalFacts {
    /// The judgement of the last record; the first thing wrong, in the order the chain is read.
    enum Outcome {
        /// No seal timestamp and no record: nothing to say.
        case absent
        /// A seal timestamp, never renewed.
        case notRenewed
        case malformed(String, String)
        case hashMismatch(String, String, expected: String, actual: String)
        case tokenInvalid(String, String)
        case notChecked(String, String)
        case gap(String, String, expected: String, actual: String)
        case expired(String, String, expected: String, actual: String)
        /// Valid and trusted: the path, the words, and the first archive timestamp's genTime, the
        /// latest time at which the seal's timestamp is proven to have existed.
        case valid(String, String, provenTime: Int64)
    }

    /// Files under `rial/seal/renewal/` that are not evidence records, or not ones the last extends: path, why.
    private(set) var strays: [(path: String, why: String)] = []
    private(set) var outcome = Outcome.absent

    /// - Parameters:
    ///   - sealTSA: the seal timestamp's TSA certificate, once found: the first archive timestamp
    ///     must be made while it was valid.
    ///   - sealGenTime: the seal timestamp's genTime, when it parsed.
    init(_ context: VerificationContext, sealTSA: Certificate?, sealGenTime: Int64?, crypto: any VerifierCrypto) {
        let directory = PackageLayout.renewalDirectory
        let paths = context.inventory.files.keys.filter { $0.hasPrefix(directory) }.sorted(by: UTF8Order.precedes)
        var numbered: [(number: Int, path: String)] = []
        for path in paths {
            if let number = PackageLayout.renewalNumber(path) {
                numbered.append((number, path))
            } else {
                strays.append((path, "not an evidence record's name (NNNNNN.ers, from 000001)"))
            }
        }
        guard let dataObject = context.bytes(PackageLayout.sealTimestamp) else {
            if let last = numbered.last {
                outcome = .malformed(
                    last.path,
                    "an evidence record renews the seal's timestamp, and the package has none (rial/seal/manifest.tsr was removed, or is too large to read)")
            } else if context.has(PackageLayout.sealTimestamp) {
                outcome = .notRenewed
            }
            return
        }
        guard let last = numbered.max(by: { $0.number < $1.number }) else { outcome = .notRenewed; return }
        let record: EvidenceRecord
        do {
            guard let bytes = context.bytes(last.path) else { throw CryptoError(.malformed, "it is empty or too large to read") }
            record = try EvidenceRecord(der: bytes)
        } catch {
            outcome = .malformed(last.path, "not an RFC 4998 EvidenceRecord in DER: \((error as? CryptoError)?.reason ?? "\(error)")")
            return
        }
        for earlier in numbered where earlier.number != last.number {
            guard let bytes = context.bytes(earlier.path), let parsed = try? EvidenceRecord(der: bytes), Self.extends(record, parsed) else {
                strays.append((earlier.path, "an earlier evidence record that \(last.path) does not extend: it was changed, or is not a record"))
                continue
            }
        }
        outcome = Self.judge(record, path: last.path, dataObject: dataObject, context: context, sealTSA: sealTSA, sealGenTime: sealGenTime, crypto: crypto)
    }

    /// Whether `later` holds `earlier`'s archive timestamps first, each the same bytes.
    static func extends(_ later: EvidenceRecord, _ earlier: EvidenceRecord) -> Bool {
        guard earlier.chains.count <= later.chains.count else { return false }
        for (index, chain) in earlier.chains.enumerated() {
            let other = later.chains[index]
            guard chain.count <= other.count, Array(other.prefix(chain.count)) == chain else { return false }
            if index < earlier.chains.count - 1, chain.count != other.count { return false }
        }
        return true
    }

    private static func judge(
        _ record: EvidenceRecord, path: String, dataObject: [UInt8], context: VerificationContext,
        sealTSA: Certificate?, sealGenTime: Int64?, crypto: any VerifierCrypto
    ) -> Outcome {
        let anchors = context.policy.timestampAnchors
        let verificationTime = context.verificationTime.seconds
        var previousSigner = sealTSA
        var previousGenTime = sealGenTime
        var previousName = "the seal's timestamp"
        var firstGenTime: Int64?
        var lastSigner: Certificate?
        var notChecked: String?
        var count = 0
        for (chainIndex, chain) in record.chains.enumerated() {
            let chainAlgorithm = chain.first?.algorithm
            for (index, stamp) in chain.enumerated() {
                count += 1
                let name = "archive timestamp \(count) (chain \(chainIndex + 1), #\(index + 1))"
                guard !stamp.hasReducedHashtree else {
                    return .notChecked(path, "\(name) carries a reduced hash tree, which this version does not read (rial writes one data object, without one)")
                }
                let response: TimeStampResponse
                do {
                    response = try TimeStampResponse(responseOrToken: stamp.token)
                } catch {
                    return .malformed(path, "\(name) is not an RFC 3161 token: \(error)")
                }
                guard let algorithm = stamp.algorithm ?? response.imprintDigest, EvidenceRecord.oid(algorithm) != nil else {
                    return .hashMismatch(
                        path, "\(name)'s token uses a hash this verifier does not take", expected: "SHA-256, SHA-384 or SHA-512",
                        actual: response.imprintAlgorithm)
                }
                guard stamp.algorithm == chainAlgorithm else {
                    return .malformed(path, "\(name) states another digest algorithm than its chain's first")
                }
                guard response.imprintDigest == algorithm else {
                    return .hashMismatch(
                        path, "\(name)'s token imprint is not \(algorithm.displayName), the chain's algorithm",
                        expected: algorithm.displayName, actual: response.imprintAlgorithm)
                }
                let expected: [UInt8]
                do {
                    expected = try record.expectedImprint(chain: chainIndex, index: index, algorithm: algorithm, dataObject: dataObject)
                } catch {
                    return .notChecked(path, "OpenSSL could not hash \(name)'s input on this machine: \(error)")
                }
                guard response.imprint == expected else {
                    let what =
                        index > 0
                        ? "the previous archive timestamp (RFC 4998 §5.2)"
                        : chainIndex > 0 ? "rial/seal/manifest.tsr and the chains before it (§5.3)" : "rial/seal/manifest.tsr (§4.2)"
                    return .hashMismatch(
                        path, "\(name) timestamps other bytes than the \(algorithm.displayName) of \(what)",
                        expected: Hex.encode(expected), actual: Hex.encode(response.imprint))
                }
                let facts = TokenSignatureFacts(response, extra: context.stapledRevocation.certificates, anchors: anchors, imprint: expected, crypto: crypto)
                let signer: Certificate
                switch facts.signer {
                case .failure(let error): return .notChecked(path, "OpenSSL could not look for \(name)'s signer on this machine: \(error)")
                case .success(let found?): signer = found
                case .success(nil): return .tokenInvalid(path, "\(name)'s TSA certificate is neither in the token nor stapled in rial/seal/revocation/")
                }
                switch facts.signatureVerifies {
                case .failure(let error)?: return .notChecked(path, "OpenSSL could not check \(name)'s signature on this machine: \(error)")
                case .success(true)?: break
                case .success(false)?, nil: return .tokenInvalid(path, "\(name)'s signature does not verify under the key of \(signer.subject)")
                }
                guard signer.hasCriticalTimeStampingUsageOnly else {
                    return .tokenInvalid(
                        path, "\(name)'s TSA certificate \(signer.subject) lacks the critical extended key usage timeStamping alone (RFC 3161 §2.3)")
                }
                switch facts.signerOnlyProblem {
                case .failure(let error)?: return .notChecked(path, "OpenSSL could not check \(name) on this machine: \(error)")
                case .success(let problem?)?: return .tokenInvalid(path, "OpenSSL's RFC 3161 verification rejects \(name): \(problem)")
                case .success(nil)?, nil: break
                }
                let genTime = Timestamp(seconds: response.genTime).rfc3339
                guard response.genTime <= verificationTime else {
                    return .tokenInvalid(path, "\(name)'s genTime \(genTime) is after the verification time \(context.verificationTime.rfc3339)")
                }
                switch TimestampVerdict.TSATrust(facts, hasAnchors: !anchors.isEmpty, isRequired: false) {
                case .trusted: break
                case .noAnchor, .requiredWithoutAnchor:
                    notChecked = notChecked ?? "no TSA anchor was given (--tsa-trust), so no archive timestamp's TSA is trusted"
                case .notEvaluated(let error):
                    notChecked = notChecked ?? "OpenSSL could not judge \(name)'s TSA chain on this machine: \(error)"
                case .opensslRejects(let why), .untrusted(let why), .expired(let why), .invalid(let why):
                    return .tokenInvalid(path, "\(name)'s TSA \(signer.subject) does not chain to a --tsa-trust anchor valid at its genTime \(genTime): \(why)")
                }
                if let before = previousGenTime, response.genTime < before {
                    return .gap(
                        path, "\(name) was made before \(previousName), which it renews",
                        expected: "no earlier than \(Timestamp(seconds: before).rfc3339)", actual: genTime)
                }
                if let previous = previousSigner {
                    guard let notAfter = previous.notAfter, notAfter >= response.genTime else {
                        let until = previous.notAfter.map { Timestamp(seconds: $0).rfc3339 } ?? "an unreadable date"
                        return .gap(
                            path,
                            "\(name) was made after the TSA certificate of \(previousName) (\(previous.subject)) expired: nothing proves \(previousName) was still sound then",
                            expected: "no later than \(until)", actual: genTime)
                    }
                }
                firstGenTime = firstGenTime ?? response.genTime
                previousSigner = signer
                previousGenTime = response.genTime
                previousName = name
                lastSigner = signer
            }
        }
        if let lastSigner {
            guard let notAfter = lastSigner.notAfter, notAfter >= verificationTime else {
                let until = lastSigner.notAfter.map { Timestamp(seconds: $0).rfc3339 } ?? "an unreadable date"
                return .expired(
                    path,
                    "the TSA certificate of \(previousName) (\(lastSigner.subject)) had expired at the verification time: the record was not renewed in time",
                    expected: "valid at \(context.verificationTime.rfc3339)", actual: "expired \(until)")
            }
        }
        if let notChecked { return .notChecked(path, "\(count) archive timestamp(s) hash what they must and their tokens verify, but \(notChecked)") }
        let until = lastSigner?.notAfter.map { Timestamp(seconds: $0).rfc3339 } ?? "?"
        return .valid(
            path,
            "\(count) archive timestamp(s) in \(record.chains.count) chain(s) (\(record.digestAlgorithms.map(\.displayName).joined(separator: ", "))) renew the seal's timestamp, each hash recomputed, each TSA trusted at its genTime and each made while the one before was valid; the last, by \(lastSigner?.subject ?? "?"), is valid until \(until)",
            provenTime: firstGenTime ?? 0)
    }
}
