extension CheckResult.Code {
    // The frame hash chain and the depth index (§13).

    /// NOT PRESENT: the package carries no frame hash chain: frame order and completeness are not attested.
    public static let chain = Self("chain")
    /// - PASS: the app's hashes, final hash and checkpoint hashes agree with the chain.
    /// - NOT PRESENT: the app's hash chain is not in the package.
    public static let chainApp = Self("chain.app")
    /// FAIL: does not parse strictly, or breaks §2.2.
    public static let chainAppMalformed = Self("chain.app.malformed")
    /// FAIL: the app's chain and `rial/chain.json` differ (the first difference); each checkpoint the app
    /// lists must be the chain's at that frame, but the app may list fewer.
    public static let chainAppMismatch = Self("chain.app.mismatch")
    /// FAIL: the checkpoint's hash is not its frame's.
    public static let chainCheckpointHashMismatch = Self("chain.checkpoint.hash-mismatch")
    /// FAIL: the first checkpoint whose `index` is not its position 0, 1, 2, … or not `frame_number /
    /// checkpoint_interval − 1` (expected: the latter, actual: `index`).
    public static let chainCheckpointIndex = Self("chain.checkpoint.index")
    /// FAIL: no checkpoint where one is due (every multiple of the interval).
    public static let chainCheckpointMissing = Self("chain.checkpoint.missing")
    /// FAIL: the first checkpoint whose `frame_number` is not greater than the previous checkpoint's: not in
    /// frame order, or listed twice.
    public static let chainCheckpointOrder = Self("chain.checkpoint.order")
    /// FAIL: the checkpoint's timestamp is not its frame's.
    public static let chainCheckpointTimestampMismatch = Self("chain.checkpoint.timestamp-mismatch")
    /// FAIL: a checkpoint where none is due.
    public static let chainCheckpointUnexpected = Self("chain.checkpoint.unexpected")
    /// FAIL: the chain names a depth keyframe that is not in the input.
    public static let chainDepthMissing = Self("chain.depth.missing")
    /// FAIL: the depth keyframe is not `keyframe_bytes` long: bytes were added, removed or moved.
    public static let chainDepthSizeMismatch = Self("chain.depth.size-mismatch")
    /// FAIL: no readable `rial/depth.json` declares the depth keyframes' size.
    public static let chainDepthUndeclared = Self("chain.depth.undeclared")
    /// FAIL: a file under `data/depth/` that no frame of the chain names.
    public static let chainDepthUnreferenced = Self("chain.depth.unreferenced")
    /// - PASS: the descriptor's frame count, rate, interval, layout, timestamps and depth flags match the
    ///   chain.
    /// - NOT PRESENT: no (readable) capture descriptor to hold the chain against.
    public static let chainDescriptor = Self("chain.descriptor")
    /// FAIL: does not parse strictly, or breaks §2.3.
    public static let chainDescriptorMalformed = Self("chain.descriptor.malformed")
    /// FAIL: the descriptor and the chain differ (the first difference).
    public static let chainDescriptorMismatch = Self("chain.descriptor.mismatch")
    /// FAIL: lists no frames.
    public static let chainEmpty = Self("chain.empty")
    /// FAIL: not the last frame's hash.
    public static let chainFinalHashMismatch = Self("chain.final-hash.mismatch")
    /// FAIL: differs from the number of frames listed (expected: frames listed, actual: stated).
    public static let chainFrameCountMismatch = Self("chain.frame-count.mismatch")
    /// FAIL: the first frame whose `frame_number` is not its position P: a frame was removed, inserted or
    /// reordered.
    public static let chainFrameNumberOutOfSequence = Self("chain.frame-number.out-of-sequence")
    /// FAIL: the chain names frame material that is not in the input.
    public static let chainFrameMissing = Self("chain.frame.missing")
    /// FAIL: the frame file is not `frame_bytes` long: bytes were added, removed or moved.
    public static let chainFrameSizeMismatch = Self("chain.frame.size-mismatch")
    /// FAIL: a file under `data/frames/` that no frame of the chain names.
    public static let chainFrameUnreferenced = Self("chain.frame.unreferenced")
    /// FAIL: `frame_count` is over 1 000 000, or `frames` lists more than 1 000 000 frames (§13.2): refused
    /// before anything is allocated for them; not parsed further.
    public static let chainLimitFrames = Self("chain.limit.frames")
    /// FAIL: the first frame whose recomputed hash differs from the stated one: its material, depth keyframe,
    /// timestamp or the previous hash changed (expected: stated, actual: recomputed).
    public static let chainLinkBroken = Self("chain.link.broken")
    /// - PASS: every link recomputed from the frame material, depth keyframes, timestamps and stated previous
    ///   hashes, and every one matches.
    /// - NOT CHECKED: no frame material in the package (a phone export), or no recomputation
    ///   (`rial/chain.json` could not be read), or some links could not be recomputed and none is broken.
    public static let chainLinks = Self("chain.links")
    /// NOT CHECKED: links whose material is named but could not be recomputed: frame file absent, frame
    /// material before `rial/chain.json` in the archive, depth keyframe before its frame file or not after
    /// it, or (bag directory) a file that could not be read; N is the first.
    public static let chainLinksIncomplete = Self("chain.links.incomplete")
    /// NOT CHECKED: K frames have no frame material in the package; their links are not checked.
    public static let chainLinksNoMaterial = Self("chain.links.no-material")
    /// FAIL: does not parse strictly (§6.7), or breaks the field rules of §13.2.
    public static let chainMalformed = Self("chain.malformed")
    /// PASS: every frame file and depth keyframe the chain names is present with its declared size; none
    /// outside it.
    public static let chainMaterial = Self("chain.material")
    /// FAIL: valid, but not byte-identical to its canonical serialisation (§13.2).
    public static let chainNotCanonical = Self("chain.not-canonical")
    /// PASS: frames numbered in order with increasing timestamps; every checkpoint present and right;
    /// `final_hash` is the last frame's.
    public static let chainStructure = Self("chain.structure")
    /// - PASS: the summary agrees with `rial/chain.json`.
    /// - NOT CHECKED: `rial/chain.json` did not parse (reported by `chain.malformed` or
    ///   `chain.unsupported-algorithm`).
    public static let chainSummary = Self("chain.summary")
    /// FAIL: the manifest summarises a chain, but there is no readable `rial/chain.json`.
    public static let chainSummaryChainMissing = Self("chain.summary.chain-missing")
    /// FAIL: `frame_count`, `final_hash` or `checkpoint_hashes` differs from the chain (expected: manifest,
    /// actual: chain); for the checkpoints, *i* is the first differing position and the values are the hashes
    /// there, or `no checkpoint`.
    public static let chainSummaryMismatch = Self("chain.summary.mismatch")
    /// FAIL: the package has `rial/chain.json`, but the manifest has no `chain` summary.
    public static let chainSummaryMissing = Self("chain.summary.missing")
    /// FAIL: the timestamp is not greater than the previous frame's.
    public static let chainTimestampNotIncreasing = Self("chain.timestamp.not-increasing")
    /// FAIL: present but too large to read.
    public static let chainUnreadable = Self("chain.unreadable")
    /// FAIL: `algorithm` is not `rial-frame-chain-v1`.
    public static let chainUnsupportedAlgorithm = Self("chain.unsupported-algorithm")
    /// - NOT PRESENT: the package carries no depth keyframe index, and the chain names no depth keyframe.
    /// - PASS: valid, canonical, and lists exactly the chain's depth keyframes.
    public static let depthIndex = Self("depth.index")
    /// FAIL: does not parse strictly, or breaks the field rules of §13.3.
    public static let depthIndexMalformed = Self("depth.index.malformed")
    /// FAIL: does not list the chain's depth keyframes, in order, by frame number and path.
    public static let depthIndexMismatch = Self("depth.index.mismatch")
    /// FAIL: the chain names depth keyframes, but there is no `rial/depth.json`.
    public static let depthIndexMissing = Self("depth.index.missing")
    /// FAIL: valid, but not byte-identical to its canonical serialisation.
    public static let depthIndexNotCanonical = Self("depth.index.not-canonical")
    /// FAIL: a keyframe's timestamp differs from its frame's in the chain.
    public static let depthIndexTimestampMismatch = Self("depth.index.timestamp-mismatch")
    /// FAIL: present but too large to read.
    public static let depthIndexUnreadable = Self("depth.index.unreadable")

    /// Every chain code, for ``all``.
    static let chainCodes: [Self] = [
        .chain, .chainApp, .chainAppMalformed, .chainAppMismatch, .chainCheckpointHashMismatch, .chainCheckpointIndex,
        .chainCheckpointMissing, .chainCheckpointOrder, .chainCheckpointTimestampMismatch, .chainCheckpointUnexpected,
        .chainDepthMissing, .chainDepthSizeMismatch, .chainDepthUndeclared, .chainDepthUnreferenced, .chainDescriptor,
        .chainDescriptorMalformed, .chainDescriptorMismatch, .chainEmpty, .chainFinalHashMismatch, .chainFrameCountMismatch,
        .chainFrameNumberOutOfSequence, .chainFrameMissing, .chainFrameSizeMismatch, .chainFrameUnreferenced, .chainLimitFrames,
        .chainLinkBroken, .chainLinks, .chainLinksIncomplete, .chainLinksNoMaterial, .chainMalformed, .chainMaterial,
        .chainNotCanonical, .chainStructure, .chainSummary, .chainSummaryChainMissing, .chainSummaryMismatch,
        .chainSummaryMissing, .chainTimestampNotIncreasing, .chainUnreadable, .chainUnsupportedAlgorithm, .depthIndex,
        .depthIndexMalformed, .depthIndexMismatch, .depthIndexMissing, .depthIndexNotCanonical, .depthIndexTimestampMismatch,
        .depthIndexUnreadable,
    ]
}
