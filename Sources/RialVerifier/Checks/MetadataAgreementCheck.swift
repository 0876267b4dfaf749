import RialFormat

/// The capture app's metadata (`data/capture/metadata.json`) held against the evidence, one
/// code per claim: frame count and depth keyframes against the chain, duration against the
/// start and end times, the final hash against the chain, the resolution against the frame
/// layout, the codec against the two the app writes, the type against the media present. The
/// App Attest assertion is reported as present and NOT CHECKED: verifying it needs the
/// device's attested key, which a package does not carry.
struct MetadataAgreementCheck: VerificationCheck {
    private let subject = VideoMetadata.path

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let parsed = context.parseJSON(subject) else {
            guard context.profile == .package || context.manifest != nil else { return [] }
            if context.has(subject) {
                return [.fail("metadata.app.malformed", subject, "the capture app's metadata is too large to read; it is a few hundred bytes")]
            }
            return [.notPresent("metadata.app", subject, "the package carries no capture metadata from the app; nothing it claims can be held against the evidence")]
        }
        let metadata: VideoMetadata
        do {
            metadata = try VideoMetadata(json: parsed.get())
        } catch {
            return [.fail("metadata.app.malformed", subject, "the capture app's metadata cannot be read: \(error.reason)")]
        }
        return [type(metadata, context), frameCount(metadata, context), depthCount(metadata, context), duration(metadata),
                chainFinal(metadata, context), resolution(metadata, context), codec(metadata), attestation(metadata)]
    }

    private func compare(_ code: String, _ claim: String, claimed: String?, actual: String?, against what: String) -> CheckResult {
        guard let claimed else { return .notPresent(code, subject, "the metadata states no \(claim)") }
        guard let actual else { return .notChecked(code, subject, "the metadata states \(claim) \(claimed), but the package has no \(what) to hold it against") }
        if claimed == actual { return .pass(code, subject, "\(claim) \(claimed) agrees with \(what)") }
        return .fail("\(code).mismatch", subject, "the metadata's \(claim) disagrees with \(what)", expected: actual, actual: claimed)
    }

    private func type(_ metadata: VideoMetadata, _ context: VerificationContext) -> CheckResult {
        let media = context.inventory.payloadPaths.filter { $0.hasPrefix(PackageLayout.mediaDirectory) }
            .map { MediaType.forExtension(BagPath.fileExtension(of: $0)) }
        let kinds = Set(media.compactMap { $0.hasPrefix("video/") ? "video" : $0.hasPrefix("image/") ? "photo" : nil })
        let actual = kinds.count == 1 ? kinds.first : nil
        guard actual != nil || !kinds.isEmpty else {
            return .notChecked("metadata.type", subject, "the metadata says \(metadata.type), and the package holds no video or photo to hold that against")
        }
        return compare("metadata.type", "type", claimed: metadata.type, actual: actual ?? kinds.sorted().joined(separator: "+"), against: "the media in data/media/")
    }

    private func frameCount(_ metadata: VideoMetadata, _ context: VerificationContext) -> CheckResult {
        compare("metadata.frame-count", "frame_count", claimed: metadata.frameCount.map(String.init),
                actual: context.parsedChain.map { String($0.frames.count) }, against: "the frames of rial/chain.json")
    }

    private func depthCount(_ metadata: VideoMetadata, _ context: VerificationContext) -> CheckResult {
        let actual = context.parsedChain.map { chain in chain.frames.filter { $0.depthPath != nil }.count }
            ?? context.parsedDepthIndex?.keyframes.count
        return compare("metadata.depth-count", "depth_keyframe_count", claimed: metadata.depthKeyframeCount.map(String.init),
                       actual: actual.map(String.init), against: "the depth keyframes of the chain")
    }

    private func duration(_ metadata: VideoMetadata) -> CheckResult {
        let code = "metadata.duration"
        guard let claimed = metadata.durationMs else { return .notPresent(code, subject, "the metadata states no duration_ms") }
        guard let start = metadata.startedAt, let end = metadata.endedAt else {
            return .notChecked(code, subject, "duration_ms is stated but started_at or ended_at is missing, so it cannot be checked")
        }
        // Nanosecond-exact difference, in Int64 without overflow for any readable date.
        let nanos = (end.seconds - start.seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let elapsed = nanos.overflow ? nil : nanos.partialValue.addingReportingOverflow(Int64(end.nanoseconds) - Int64(start.nanoseconds))
        guard let elapsed, !elapsed.overflow, elapsed.partialValue >= 0 else {
            return .fail("\(code).mismatch", subject, "ended_at is before started_at", expected: "ended_at ≥ started_at",
                         actual: "\(start.rfc3339) → \(end.rfc3339)")
        }
        // Reporting arithmetic throughout: duration_ms comes from the package and may be huge.
        let claimedNanos = claimed.multipliedReportingOverflow(by: 1_000_000)
        let difference = elapsed.partialValue.subtractingReportingOverflow(claimedNanos.partialValue)
        if !claimedNanos.overflow, !difference.overflow, difference.partialValue.magnitude <= 1_000_000 {
            return .pass(code, subject, "duration_ms \(claimed) agrees with ended_at − started_at (within 1 ms)")
        }
        return .fail("\(code).mismatch", subject, "duration_ms disagrees with ended_at − started_at by more than 1 ms",
                     expected: String(elapsed.partialValue / 1_000_000), actual: String(claimed))
    }

    private func chainFinal(_ metadata: VideoMetadata, _ context: VerificationContext) -> CheckResult {
        compare("metadata.chain-final", "hash_chain_final", claimed: metadata.hashChainFinal,
                actual: context.parsedChain?.finalHash, against: "the final hash of rial/chain.json")
    }

    private func resolution(_ metadata: VideoMetadata, _ context: VerificationContext) -> CheckResult {
        compare("metadata.resolution", "resolution", claimed: metadata.resolution.map { "\($0.width)×\($0.height)" },
                actual: context.parsedChain.map { "\($0.frameFormat.width)×\($0.frameFormat.height)" }, against: "the frame layout of rial/chain.json")
    }

    private func codec(_ metadata: VideoMetadata) -> CheckResult {
        guard let codec = metadata.codec else { return .notPresent("metadata.codec", subject, "the metadata states no codec") }
        guard ["h264", "hevc"].contains(codec) else {
            return .fail("metadata.codec.unknown", subject, "the capture app records h264 or hevc", expected: "h264 or hevc", actual: codec)
        }
        return .pass("metadata.codec", subject, "codec \(codec) is one the capture app records")
    }

    private func attestation(_ metadata: VideoMetadata) -> CheckResult {
        guard metadata.assertion != nil || metadata.attestationLevel != nil else {
            return .notPresent("metadata.attestation", subject, "the metadata carries no App Attest assertion or attestation level")
        }
        let level = metadata.attestationLevel.map { " (attestation_level \($0))" } ?? ""
        return .notChecked("metadata.attestation", subject,
                           "an App Attest assertion\(level) is present but NOT CHECKED: verifying it needs the device's attested public key and Apple's attestation, which the package does not carry")
    }
}
