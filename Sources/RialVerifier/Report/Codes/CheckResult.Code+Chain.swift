extension CheckResult.Code {
    // The frame hash chain and the depth index (§13).

    public static let chain = Self("chain")
    public static let chainApp = Self("chain.app")
    public static let chainAppMalformed = Self("chain.app.malformed")
    public static let chainAppMismatch = Self("chain.app.mismatch")
    public static let chainCheckpointHashMismatch = Self("chain.checkpoint.hash-mismatch")
    public static let chainCheckpointIndex = Self("chain.checkpoint.index")
    public static let chainCheckpointMissing = Self("chain.checkpoint.missing")
    public static let chainCheckpointOrder = Self("chain.checkpoint.order")
    public static let chainCheckpointTimestampMismatch = Self("chain.checkpoint.timestamp-mismatch")
    public static let chainCheckpointUnexpected = Self("chain.checkpoint.unexpected")
    public static let chainDepthMissing = Self("chain.depth.missing")
    public static let chainDepthSizeMismatch = Self("chain.depth.size-mismatch")
    public static let chainDepthUndeclared = Self("chain.depth.undeclared")
    public static let chainDepthUnreferenced = Self("chain.depth.unreferenced")
    public static let chainDescriptor = Self("chain.descriptor")
    public static let chainDescriptorMalformed = Self("chain.descriptor.malformed")
    public static let chainDescriptorMismatch = Self("chain.descriptor.mismatch")
    public static let chainEmpty = Self("chain.empty")
    public static let chainFinalHashMismatch = Self("chain.final-hash.mismatch")
    public static let chainFrameCountMismatch = Self("chain.frame-count.mismatch")
    public static let chainFrameNumberOutOfSequence = Self("chain.frame-number.out-of-sequence")
    public static let chainFrameMissing = Self("chain.frame.missing")
    public static let chainFrameSizeMismatch = Self("chain.frame.size-mismatch")
    public static let chainFrameUnreferenced = Self("chain.frame.unreferenced")
    public static let chainLimitFrames = Self("chain.limit.frames")
    public static let chainLinkBroken = Self("chain.link.broken")
    public static let chainLinks = Self("chain.links")
    public static let chainLinksIncomplete = Self("chain.links.incomplete")
    public static let chainLinksNoMaterial = Self("chain.links.no-material")
    public static let chainMalformed = Self("chain.malformed")
    public static let chainMaterial = Self("chain.material")
    public static let chainNotCanonical = Self("chain.not-canonical")
    public static let chainStructure = Self("chain.structure")
    public static let chainSummary = Self("chain.summary")
    public static let chainSummaryChainMissing = Self("chain.summary.chain-missing")
    public static let chainSummaryMismatch = Self("chain.summary.mismatch")
    public static let chainSummaryMissing = Self("chain.summary.missing")
    public static let chainTimestampNotIncreasing = Self("chain.timestamp.not-increasing")
    public static let chainUnreadable = Self("chain.unreadable")
    public static let chainUnsupportedAlgorithm = Self("chain.unsupported-algorithm")
    public static let depthIndex = Self("depth.index")
    public static let depthIndexMalformed = Self("depth.index.malformed")
    public static let depthIndexMismatch = Self("depth.index.mismatch")
    public static let depthIndexMissing = Self("depth.index.missing")
    public static let depthIndexNotCanonical = Self("depth.index.not-canonical")
    public static let depthIndexTimestampMismatch = Self("depth.index.timestamp-mismatch")
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
