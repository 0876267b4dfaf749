extension CheckResult.Code {
    // The frame hash chain and the depth index (§13).

    /// NOT PRESENT: the package carries no frame hash chain: frame order and completeness are not attested.
    public static let chain = Self(ChainList.chain)
    /// - PASS: the app's hashes, final hash and checkpoint hashes agree with the chain.
    /// - NOT PRESENT: the app's hash chain is not in the package.
    public static let chainApp = Self(ChainList.chainApp)
    /// FAIL: does not parse strictly, or breaks §2.2.
    public static let chainAppMalformed = Self(ChainList.chainAppMalformed)
    /// FAIL: the app's chain and `rial/chain.json` differ (the first difference); each checkpoint the app
    /// lists must be the chain's at that frame, but the app may list fewer.
    public static let chainAppMismatch = Self(ChainList.chainAppMismatch)
    /// FAIL: the checkpoint's hash is not its frame's.
    public static let chainCheckpointHashMismatch = Self(ChainList.chainCheckpointHashMismatch)
    /// FAIL: the first checkpoint whose `index` is not its position 0, 1, 2, … or not `frame_number /
    /// checkpoint_interval − 1` (expected: the latter, actual: `index`).
    public static let chainCheckpointIndex = Self(ChainList.chainCheckpointIndex)
    /// FAIL: no checkpoint where one is due (every multiple of the interval).
    public static let chainCheckpointMissing = Self(ChainList.chainCheckpointMissing)
    /// FAIL: the first checkpoint whose `frame_number` is not greater than the previous checkpoint's: not in
    /// frame order, or listed twice.
    public static let chainCheckpointOrder = Self(ChainList.chainCheckpointOrder)
    /// FAIL: the checkpoint's timestamp is not its frame's.
    public static let chainCheckpointTimestampMismatch = Self(ChainList.chainCheckpointTimestampMismatch)
    /// FAIL: a checkpoint where none is due.
    public static let chainCheckpointUnexpected = Self(ChainList.chainCheckpointUnexpected)
    /// FAIL: the chain names a depth keyframe that is not in the input.
    public static let chainDepthMissing = Self(ChainList.chainDepthMissing)
    /// FAIL: the depth keyframe is not `keyframe_bytes` long: bytes were added, removed or moved.
    public static let chainDepthSizeMismatch = Self(ChainList.chainDepthSizeMismatch)
    /// FAIL: no readable `rial/depth.json` declares the depth keyframes' size.
    public static let chainDepthUndeclared = Self(ChainList.chainDepthUndeclared)
    /// FAIL: a file under `data/depth/` that no frame of the chain names.
    public static let chainDepthUnreferenced = Self(ChainList.chainDepthUnreferenced)
    /// - PASS: the descriptor's frame count, rate, interval, layout, timestamps and depth flags match the
    ///   chain.
    /// - NOT PRESENT: no (readable) capture descriptor to hold the chain against.
    public static let chainDescriptor = Self(ChainList.chainDescriptor)
    /// FAIL: does not parse strictly, or breaks §2.3.
    public static let chainDescriptorMalformed = Self(ChainList.chainDescriptorMalformed)
    /// FAIL: the descriptor and the chain differ (the first difference).
    public static let chainDescriptorMismatch = Self(ChainList.chainDescriptorMismatch)
    /// FAIL: lists no frames.
    public static let chainEmpty = Self(ChainList.chainEmpty)
    /// FAIL: not the last frame's hash.
    public static let chainFinalHashMismatch = Self(ChainList.chainFinalHashMismatch)
    /// FAIL: differs from the number of frames listed (expected: frames listed, actual: stated).
    public static let chainFrameCountMismatch = Self(ChainList.chainFrameCountMismatch)
    /// FAIL: the first frame whose `frame_number` is not its position P: a frame was removed, inserted or
    /// reordered.
    public static let chainFrameNumberOutOfSequence = Self(ChainList.chainFrameNumberOutOfSequence)
    /// FAIL: the chain names frame material that is not in the input.
    public static let chainFrameMissing = Self(ChainList.chainFrameMissing)
    /// FAIL: the frame file is not `frame_bytes` long: bytes were added, removed or moved.
    public static let chainFrameSizeMismatch = Self(ChainList.chainFrameSizeMismatch)
    /// FAIL: a file under `data/frames/` that no frame of the chain names.
    public static let chainFrameUnreferenced = Self(ChainList.chainFrameUnreferenced)
    /// FAIL: `frame_count` is over 1 000 000, or `frames` lists more than 1 000 000 frames (§13.2): refused
    /// before anything is allocated for them; not parsed further.
    public static let chainLimitFrames = Self(ChainList.chainLimitFrames)
    /// FAIL: the first frame whose recomputed hash differs from the stated one: its material, depth keyframe,
    /// timestamp or the previous hash changed (expected: stated, actual: recomputed).
    public static let chainLinkBroken = Self(ChainList.chainLinkBroken)
    /// - PASS: every link recomputed from the frame material, depth keyframes, timestamps and stated previous
    ///   hashes, and every one matches.
    /// - NOT CHECKED: no frame material in the package (a phone export), or no recomputation
    ///   (`rial/chain.json` could not be read), or some links could not be recomputed and none is broken.
    public static let chainLinks = Self(ChainList.chainLinks)
    /// NOT CHECKED: links whose material is named but could not be recomputed: frame file absent, frame
    /// material before `rial/chain.json` in the archive, depth keyframe before its frame file or not after
    /// it, or (bag directory) a file that could not be read; N is the first.
    public static let chainLinksIncomplete = Self(ChainList.chainLinksIncomplete)
    /// NOT CHECKED: K frames have no frame material in the package; their links are not checked.
    public static let chainLinksNoMaterial = Self(ChainList.chainLinksNoMaterial)
    /// FAIL: does not parse strictly (§6.7), or breaks the field rules of §13.2.
    public static let chainMalformed = Self(ChainList.chainMalformed)
    /// PASS: every frame file and depth keyframe the chain names is present with its declared size; none
    /// outside it.
    public static let chainMaterial = Self(ChainList.chainMaterial)
    /// FAIL: valid, but not byte-identical to its canonical serialisation (§13.2).
    public static let chainNotCanonical = Self(ChainList.chainNotCanonical)
    /// PASS: frames numbered in order with increasing timestamps; every checkpoint present and right;
    /// `final_hash` is the last frame's.
    public static let chainStructure = Self(ChainList.chainStructure)
    /// - PASS: the summary agrees with `rial/chain.json`.
    /// - NOT CHECKED: `rial/chain.json` did not parse (reported by `chain.malformed` or
    ///   `chain.unsupported-algorithm`).
    public static let chainSummary = Self(ChainList.chainSummary)
    /// FAIL: the manifest summarises a chain, but there is no readable `rial/chain.json`.
    public static let chainSummaryChainMissing = Self(ChainList.chainSummaryChainMissing)
    /// FAIL: `frame_count`, `final_hash` or `checkpoint_hashes` differs from the chain (expected: manifest,
    /// actual: chain); for the checkpoints, *i* is the first differing position and the values are the hashes
    /// there, or `no checkpoint`.
    public static let chainSummaryMismatch = Self(ChainList.chainSummaryMismatch)
    /// FAIL: the package has `rial/chain.json`, but the manifest has no `chain` summary.
    public static let chainSummaryMissing = Self(ChainList.chainSummaryMissing)
    /// FAIL: the timestamp is not greater than the previous frame's.
    public static let chainTimestampNotIncreasing = Self(ChainList.chainTimestampNotIncreasing)
    /// FAIL: present but too large to read.
    public static let chainUnreadable = Self(ChainList.chainUnreadable)
    /// FAIL: `algorithm` is not `rial-frame-chain-v1`.
    public static let chainUnsupportedAlgorithm = Self(ChainList.chainUnsupportedAlgorithm)
    /// - NOT PRESENT: the package carries no depth keyframe index, and the chain names no depth keyframe.
    /// - PASS: valid, canonical, and lists exactly the chain's depth keyframes.
    public static let depthIndex = Self(ChainList.depthIndex)
    /// FAIL: does not parse strictly, or breaks the field rules of §13.3.
    public static let depthIndexMalformed = Self(ChainList.depthIndexMalformed)
    /// FAIL: does not list the chain's depth keyframes, in order, by frame number and path.
    public static let depthIndexMismatch = Self(ChainList.depthIndexMismatch)
    /// FAIL: the chain names depth keyframes, but there is no `rial/depth.json`.
    public static let depthIndexMissing = Self(ChainList.depthIndexMissing)
    /// FAIL: valid, but not byte-identical to its canonical serialisation.
    public static let depthIndexNotCanonical = Self(ChainList.depthIndexNotCanonical)
    /// FAIL: a keyframe's timestamp differs from its frame's in the chain.
    public static let depthIndexTimestampMismatch = Self(ChainList.depthIndexTimestampMismatch)
    /// FAIL: present but too large to read.
    public static let depthIndexUnreadable = Self(ChainList.depthIndexUnreadable)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum ChainList: String, CodeList {
        case chain = "chain"
        case chainApp = "chain.app"
        case chainAppMalformed = "chain.app.malformed"
        case chainAppMismatch = "chain.app.mismatch"
        case chainCheckpointHashMismatch = "chain.checkpoint.hash-mismatch"
        case chainCheckpointIndex = "chain.checkpoint.index"
        case chainCheckpointMissing = "chain.checkpoint.missing"
        case chainCheckpointOrder = "chain.checkpoint.order"
        case chainCheckpointTimestampMismatch = "chain.checkpoint.timestamp-mismatch"
        case chainCheckpointUnexpected = "chain.checkpoint.unexpected"
        case chainDepthMissing = "chain.depth.missing"
        case chainDepthSizeMismatch = "chain.depth.size-mismatch"
        case chainDepthUndeclared = "chain.depth.undeclared"
        case chainDepthUnreferenced = "chain.depth.unreferenced"
        case chainDescriptor = "chain.descriptor"
        case chainDescriptorMalformed = "chain.descriptor.malformed"
        case chainDescriptorMismatch = "chain.descriptor.mismatch"
        case chainEmpty = "chain.empty"
        case chainFinalHashMismatch = "chain.final-hash.mismatch"
        case chainFrameCountMismatch = "chain.frame-count.mismatch"
        case chainFrameNumberOutOfSequence = "chain.frame-number.out-of-sequence"
        case chainFrameMissing = "chain.frame.missing"
        case chainFrameSizeMismatch = "chain.frame.size-mismatch"
        case chainFrameUnreferenced = "chain.frame.unreferenced"
        case chainLimitFrames = "chain.limit.frames"
        case chainLinkBroken = "chain.link.broken"
        case chainLinks = "chain.links"
        case chainLinksIncomplete = "chain.links.incomplete"
        case chainLinksNoMaterial = "chain.links.no-material"
        case chainMalformed = "chain.malformed"
        case chainMaterial = "chain.material"
        case chainNotCanonical = "chain.not-canonical"
        case chainStructure = "chain.structure"
        case chainSummary = "chain.summary"
        case chainSummaryChainMissing = "chain.summary.chain-missing"
        case chainSummaryMismatch = "chain.summary.mismatch"
        case chainSummaryMissing = "chain.summary.missing"
        case chainTimestampNotIncreasing = "chain.timestamp.not-increasing"
        case chainUnreadable = "chain.unreadable"
        case chainUnsupportedAlgorithm = "chain.unsupported-algorithm"
        case depthIndex = "depth.index"
        case depthIndexMalformed = "depth.index.malformed"
        case depthIndexMismatch = "depth.index.mismatch"
        case depthIndexMissing = "depth.index.missing"
        case depthIndexNotCanonical = "depth.index.not-canonical"
        case depthIndexTimestampMismatch = "depth.index.timestamp-mismatch"
        case depthIndexUnreadable = "depth.index.unreadable"
    }
}
