import RialFormat

/// Every metadata file's claims held against the evidence, one code per claim (`schema/SPEC.md`
/// §16.5): frame count and depth keyframes against the chain, duration against the start and
/// end times, the final hash against the chain, the codec against the two the app writes
/// (resolution and codec are the media's own, held against it by ``MediaCheck``), the type against the media present, a photo's depth
/// map dimensions against its depth file, the media's SHA-256 against the media when the
/// package holds it. The same codes serve the app's metadata, the hash-only payloads and
/// `rial/metadata.json`, each finding located at the file that makes the claim. App Attest
/// assertions are reported as present and NOT CHECKED: verifying one needs the device's
/// attested key, which a package does not carry.
struct MetadataAgreementCheck: VerificationCheck {
    var needs: Set<Fact> { [.metadata, .appDocuments, .frameChain, .depthIndex, .media] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let sources = context.metadataSources else { return [] }
        var results: [CheckResult] = []
        switch sources.app {
        case nil:
            results.append(
                .notPresent(
                    .metadataApp, context.appPath(.metadata),
                    sources.view == nil
                        ? "the package carries no capture metadata from the app; nothing it claims can be held against the evidence"
                        : "the package carries no capture metadata from the app (a filtered package withholds it); the claims of rial/metadata.json are held against the evidence instead"
                ))
        case .failure(let error)?:
            results.append(.fail(.metadataAppMalformed, context.appPath(.metadata), "the capture app's metadata cannot be read: \(error.reason)"))
        case .success(let app)?:
            results += claims(MetadataClaims(app: app, source: context.appPath(.metadata)), context)
        }
        for (path, parsed) in [(context.appPath(.hashOnlyPayload), sources.appPayload), (HashOnlyPayload.rialPath, sources.rialPayload)] {
            switch parsed {
            case nil: break
            case .failure(let error)?: results.append(.fail(.metadataPayloadMalformed, path, "the hash-only payload cannot be read: \(error.reason)"))
            case .success(let payload)?:
                if let size = context.inventory.files[path]?.size, size >= UInt64(HashOnlyPayload.maxBytes) {
                    results.append(
                        .fail(
                            .metadataPayloadSize, path, "a hash-only payload serialises to under 10 KiB (the capture app's hash-only payload design)",
                            expected: "< \(HashOnlyPayload.maxBytes) bytes", actual: "\(size) bytes"))
                }
                results += claims(MetadataClaims(payload: payload, path: path), context)
                if let chain = payload.hashChain { results.append(payloadChainCheck(chain, path, context)) }
                if path == HashOnlyPayload.rialPath, payload.assertion == nil {
                    results.append(
                        .notPresent(
                            .metadataAttestation, path,
                            "rial builds this payload from the full capture; only the capture app's attested key can make an App Attest assertion"))
                }
            }
        }
        if case .success(let view)? = sources.view {
            results += claims(MetadataClaims(view: view), context)
        }
        return results
    }

    private func claims(_ claims: MetadataClaims, _ context: VerificationContext) -> [CheckResult] {
        let chain = context.parsedChain
        // A hash-only video withholds its frames and rial/chain.json; the payload rial built
        // carries the app's chain, which the counts and final hash are then held against.
        let rialPayloadChain = chain == nil ? context.metadataSources?.parsedRialPayload?.hashChain : nil
        // Without rial's chain or the payload's, the app's own chain (read on its own by
        // AppChainCheck) is what the counts and final hash are held against.
        let appChain = chain == nil && rialPayloadChain == nil ? context.parsedAppChain : nil
        let payloadChain = rialPayloadChain ?? appChain
        let chainName =
            chain != nil
            ? "rial/chain.json"
            : claims.source == HashOnlyPayload.rialPath
                ? "its own hashChain (self-consistency: the frames are withheld)"
                : rialPayloadChain != nil
                    ? "the hash chain in rial/hash_only_payload.json (the frames are withheld)"
                    : appChain != nil
                        ? "the capture app's own hash chain (\(context.appPath(.hashChain)); the package has no frames to recompute it)"
                        : "a hash chain (the package has neither rial/chain.json nor the capture app's hash chain)"
        let frameTotal = chain.map { $0.frames.count } ?? payloadChain.map { $0.frameHashes.count }
        // The payload's own finalHash against its own chain would prove nothing; its
        // consistency is metadata.payload.chain.
        let finalHash = chain?.finalHash ?? (claims.source == HashOnlyPayload.rialPath ? nil : payloadChain?.finalHash)
        // Without a chain or index, the keyframes the app exported are the ones it counted.
        let exportedDepth = context.payloadPaths(under: PackageLayout.depthDirectory).count
        let depthCount =
            chain.map { $0.frames.filter { $0.depthPath != nil }.count } ?? context.parsedDepthIndex?.keyframes.count
            ?? (appChain != nil && exportedDepth > 0 ? exportedDepth : nil)
        // A photo states no recording; its absent video claims are not worth a line each.
        var claims = claims
        claims.reportsAbsent = claims.reportsAbsent && claims.type != "photo"
        let checks: [CheckResult?] = [
            type(claims, context),
            compare(
                claims, .frameCount, "frame_count", claims.frameCount.map(String.init),
                actual: frameTotal.map(String.init), against: "the frames of \(chainName)"),
            compare(
                claims, .depthCount, "depth_keyframe_count", claims.depthKeyframeCount.map(String.init),
                actual: depthCount.map(String.init),
                against: chain != nil || context.parsedDepthIndex != nil ? "the depth keyframes of the chain" : "the depth keyframes in data/depth/"),
            duration(claims, context),
            claims.source == HashOnlyPayload.rialPath && chain == nil
                ? nil
                : compare(
                    claims, .chainFinal, "hash_chain_final", claims.hashChainFinal,
                    actual: finalHash, against: "the final hash of \(chainName)"),
            resolution(claims, context),
            codec(claims, context),
            depthResolution(claims, context),
            mediaHash(claims, context),
        ]
        return checks.compactMap { $0 } + attestation(claims)
    }

    /// A payload's `hashChain`: its final hash is its last frame hash, its frame count its
    /// length, and it is the app's `hash_chain.json` when the package keeps that.
    private func payloadChainCheck(_ chain: AppHashChain, _ path: String, _ context: VerificationContext) -> CheckResult {
        let codes = ClaimCodes.payloadChain
        if let problem = chain.inconsistency {
            return .fail(codes.mismatch, path, "hashChain disagrees with itself: \(problem)")
        }
        let appPath = context.appPath(.hashChain)
        guard context.has(appPath) else {
            return .pass(
                codes.agreed, path,
                "hashChain is consistent (\(chain.frameHashes.count) frames; checkpoints and finalHash are its own frame hashes); the frames it hashes are withheld, so the hashes themselves cannot be recomputed"
            )
        }
        // The app's chain as AppChainCheck reads it (one parse, one size limit).
        guard case .success(let app)? = context.appChain else {
            return .fail(codes.mismatch, path, "\(appPath) cannot be read, so hashChain cannot be held against the app's own chain")
        }
        guard app == chain else {
            return .fail(
                codes.mismatch, path, "hashChain differs from \(appPath)", expected: "\(app.frameHashes.count) frames ending \(app.finalHash)",
                actual: "\(chain.frameHashes.count) frames ending \(chain.finalHash)")
        }
        return .pass(
            codes.agreed, path,
            "hashChain is \(appPath), \(chain.frameHashes.count) frames; the frames it hashes are withheld, so the hashes themselves cannot be recomputed")
    }

    private func compare(
        _ claims: MetadataClaims, _ codes: ClaimCodes, _ claim: String, _ claimed: String?,
        actual: String?, against what: String
    ) -> CheckResult? {
        let subject = claims.source
        let claim = claims.name(claim)
        guard let claimed else { return claims.reportsAbsent ? .notPresent(codes.agreed, subject, "the metadata states no \(claim)") : nil }
        guard let actual else {
            return .notChecked(
                codes.agreed, subject, "the metadata states \(claim) \(claimed), but the package does not hold what it would be checked against (\(what))")
        }
        if claimed == actual { return .pass(codes.agreed, subject, "\(claim) \(claimed) agrees with \(what)") }
        return .fail(codes.mismatch, subject, "the metadata's \(claim) disagrees with \(what)", expected: actual, actual: claimed)
    }

    private func type(_ claims: MetadataClaims, _ context: VerificationContext) -> CheckResult? {
        guard let claimed = claims.type else { return nil }
        let media = context.payloadPaths(under: PackageLayout.mediaDirectory)
            .map { MediaType.forExtension(BagPath.fileExtension(of: $0)) }
        let kinds = Set(media.compactMap { $0.hasPrefix("video/") ? "video" : $0.hasPrefix("image/") ? "photo" : nil })
        guard !kinds.isEmpty else {
            // A hash-only package withholds its media by design; the external media check reports it.
            if context.metadataSources?.isHashOnly == true { return nil }
            return .notChecked(
                .metadataType, claims.source,
                "the metadata's \(claims.name("type")) says \(claimed), and the package holds no video or photo to hold that against")
        }
        return compare(claims, .type, "type", claimed, actual: kinds.sorted().joined(separator: "+"), against: "the media in data/media/")
    }

    private func duration(_ claims: MetadataClaims, _ context: VerificationContext) -> CheckResult? {
        let codes = ClaimCodes.duration
        let subject = claims.source
        let key = claims.name("duration_ms")
        guard let claimed = claims.durationMs else { return claims.reportsAbsent ? .notPresent(codes.agreed, subject, "the metadata states no \(key)") : nil }
        guard let start = claims.startedAt, let end = claims.endedAt else {
            // Held against the video's own duration instead: media.duration is its verdict.
            guard let why = unjudgedByMedia(claims, context) else { return nil }
            return .notChecked(
                codes.agreed, subject,
                claims.reportsAbsent
                    ? "\(key) is stated but started_at or ended_at is missing, so it cannot be checked against them, and not against the video: \(why)"
                    : "\(key) \(claimed) is stated; this file states no start and end times to hold it against, and it is not held against the video: \(why)")
        }
        // Nanosecond-exact difference, in Int64 without overflow for any readable date.
        let nanos = (end.seconds - start.seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let elapsed = nanos.overflow ? nil : nanos.partialValue.addingReportingOverflow(Int64(end.nanoseconds) - Int64(start.nanoseconds))
        guard let elapsed, !elapsed.overflow, elapsed.partialValue >= 0 else {
            return .fail(
                codes.mismatch, subject, "ended_at is before started_at", expected: "ended_at ≥ started_at",
                actual: "\(start.rfc3339) → \(end.rfc3339)")
        }
        // Reporting arithmetic throughout: duration_ms comes from the package and may be huge.
        let claimedNanos = claimed.multipliedReportingOverflow(by: 1_000_000)
        let difference = elapsed.partialValue.subtractingReportingOverflow(claimedNanos.partialValue)
        if !claimedNanos.overflow, !difference.overflow, difference.partialValue.magnitude <= 1_000_000 {
            return .pass(codes.agreed, subject, "duration_ms \(claimed) agrees with ended_at − started_at (within 1 ms)")
        }
        return .fail(
            codes.mismatch, subject, "duration_ms disagrees with ended_at − started_at by more than 1 ms",
            expected: String(elapsed.partialValue / 1_000_000), actual: String(claimed))
    }

    /// `resolution` is the encoded video's size (§16.2), which may be smaller than the camera's
    /// frame buffers the chain hashes (1920×1080 encoded from 1920×1440 buffers): only the
    /// media can confirm it, in check 15a (`media.resolution`). Where that check holds it
    /// against the video, its row is the claim's verdict and none is added here.
    private func resolution(_ claims: MetadataClaims, _ context: VerificationContext) -> CheckResult? {
        guard let resolution = claims.resolution else {
            return claims.reportsAbsent ? .notPresent(.metadataResolution, claims.source, "the metadata states no resolution") : nil
        }
        guard let why = unjudgedByMedia(claims, context) else { return nil }
        return .notChecked(
            .metadataResolution, claims.source,
            "resolution \(resolution) is the encoded video's size, which only the video can confirm (not the chain's frame buffers), and it is not held against the video: \(why)"
        )
    }

    /// Which codec the media really uses needs the media examined: here the claim is only held
    /// to the two the app writes, and `media.codec` is its verdict where the video was read.
    private func codec(_ claims: MetadataClaims, _ context: VerificationContext) -> CheckResult? {
        guard let codec = claims.codec else {
            return claims.reportsAbsent ? .notPresent(.metadataCodec, claims.source, "the metadata states no codec") : nil
        }
        guard ["h264", "hevc"].contains(codec) else {
            return .fail(.metadataCodecUnknown, claims.source, "the capture app records h264 or hevc", expected: "h264 or hevc", actual: codec)
        }
        guard let why = unjudgedByMedia(claims, context) else { return nil }
        return .notChecked(.metadataCodec, claims.source, "codec \(codec) is one the capture app records, and it is not held against the video: \(why)")
    }

    /// Why ``MediaCheck`` does not hold this file's claims about the video against the video,
    /// or `nil` when it does (its `media.codec`, `media.resolution` and `media.duration` rows are
    /// then the verdicts: a second row calling the same claim unchecked would be false).
    private func unjudgedByMedia(_ claims: MetadataClaims, _ context: VerificationContext) -> String? {
        if let why = MediaCheck.videoClaimsUnjudged(context) { return why }
        guard MediaCheck.claims(context).contains(where: { $0.source == claims.source }) else {
            return "the media check holds \(context.appPath(.metadata)) and \(NormalisedMetadata.path) against the video, not \(claims.source)"
        }
        return nil
    }

    /// A photo's depth map: width × height Float32 values, so its size is fixed by the claim.
    private func depthResolution(_ claims: MetadataClaims, _ context: VerificationContext) -> CheckResult? {
        let codes = ClaimCodes.depthResolution
        guard let claimed = claims.depthResolution else { return nil }
        let depth = context.payloadPaths(under: PackageLayout.depthDirectory)
        guard depth.count == 1, let path = depth.first, let size = context.inventory.files[path]?.size else {
            return .notChecked(
                codes.agreed, claims.source,
                "depth_resolution \(claimed) is stated, but the package holds \(depth.count) depth files rather than one depth map to hold it against")
        }
        let expected = claimed.width.multipliedReportingOverflow(by: claimed.height)
        let bytes = expected.overflow ? nil : expected.partialValue.multipliedReportingOverflow(by: 4)
        if let bytes, !bytes.overflow, UInt64(clamping: bytes.partialValue) == size {
            return .pass(codes.agreed, claims.source, "depth_resolution \(claimed) agrees with \(path) (\(size) bytes of Float32)")
        }
        return .fail(
            codes.mismatch, claims.source, "depth_resolution disagrees with the size of \(path) (width × height × 4 bytes)",
            expected: "\(size) bytes", actual: "\(claimed) = \(bytes.map { $0.overflow ? "overflow" : String($0.partialValue) } ?? "overflow") bytes")
    }

    private func mediaHash(_ claims: MetadataClaims, _ context: VerificationContext) -> CheckResult? {
        let codes = ClaimCodes.mediaHash
        guard let claimed = claims.mediaSHA256 else { return nil }
        let media = context.payloadPaths(under: PackageLayout.mediaDirectory)
        // Withheld media is the external media check's business (--media).
        guard !media.isEmpty else { return nil }
        guard media.count == 1, let path = media.first, let actual = context.inventory.files[path]?.digests[.sha256] else {
            return .fail(
                codes.mismatch, claims.source, "the payload names one media file by its SHA-256, and the package holds \(media.count)",
                expected: "1 media file", actual: "\(media.count)")
        }
        if actual == claimed { return .pass(codes.agreed, claims.source, "mediaHash agrees with the SHA-256 of \(path)") }
        return .fail(codes.mismatch, claims.source, "the stated SHA-256 of the media disagrees with \(path)", expected: actual, actual: claimed)
    }

    /// The App Attest claims (§16.8): a garbage assertion fails; an empty, `null` or absent one is
    /// NOT PRESENT (the app made none), named when the file holds the key or states a level; a
    /// sound assertion and a stated level are NOT CHECKED (they need the device's attested key).
    private func attestation(_ claims: MetadataClaims) -> [CheckResult] {
        if let assertion = claims.assertion, let problem = AppAttestAssertion.structuralProblem(assertion) {
            return [.fail(.appAssertionMalformed, claims.source, "the App Attest assertion is not one: \(problem)")]
        }
        guard claims.hasAssertion || claims.attestationLevel != nil else {
            if claims.assertionEmpty {
                return [
                    .notPresent(
                        .metadataAttestation, claims.source, "assertion is empty: the app made no App Attest assertion, and states no attestation level")
                ]
            }
            return claims.reportsAbsent
                ? [.notPresent(.metadataAttestation, claims.source, "the metadata carries no App Attest assertion or attestation level")] : []
        }
        var results: [CheckResult] = []
        if !claims.hasAssertion, claims.assertionEmpty || claims.reportsAbsent {
            let why = claims.assertionEmpty ? "assertion is empty" : "assertion is absent"
            results.append(
                .notPresent(
                    .metadataAttestation, claims.source,
                    "\(why): the app made no App Attest assertion (not a malformed one); its attestation_level is a claim of its own, below"))
        }
        let level = claims.attestationLevel.map { " (attestation_level \($0))" } ?? ""
        let what =
            claims.hasAssertion
            ? "an App Attest assertion\(level) is present, its structure sound (a CBOR map with signature and authenticatorData),"
            : "attestation_level \(claims.attestationLevel ?? "") is stated"
        results.append(
            .notChecked(
                .metadataAttestation, claims.source,
                "\(what) but NOT CHECKED: verifying App Attest needs the device's attested public key and Apple's attestation, which the package does not carry"
            ))
        return results
    }
}

/// The two codes of one metadata claim: the claim's own (it agrees, is absent, or was not
/// checked) and its `.mismatch`.
private struct ClaimCodes {
    let agreed: CheckResult.Code
    let mismatch: CheckResult.Code

    static let frameCount = ClaimCodes(agreed: .metadataFrameCount, mismatch: .metadataFrameCountMismatch)
    static let depthCount = ClaimCodes(agreed: .metadataDepthCount, mismatch: .metadataDepthCountMismatch)
    static let chainFinal = ClaimCodes(agreed: .metadataChainFinal, mismatch: .metadataChainFinalMismatch)
    static let type = ClaimCodes(agreed: .metadataType, mismatch: .metadataTypeMismatch)
    static let duration = ClaimCodes(agreed: .metadataDuration, mismatch: .metadataDurationMismatch)
    static let depthResolution = ClaimCodes(agreed: .metadataDepthResolution, mismatch: .metadataDepthResolutionMismatch)
    static let mediaHash = ClaimCodes(agreed: .metadataMediaHash, mismatch: .metadataMediaHashMismatch)
    static let payloadChain = ClaimCodes(agreed: .metadataPayloadChain, mismatch: .metadataPayloadChainMismatch)
}
