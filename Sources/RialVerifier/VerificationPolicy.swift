import RialCrypto

/// What the person verifying brings: whom they trust, and what they insist on.
///
/// Anchors come only from here, never from the package: a certificate inside a package can
/// help build a chain but cannot end one.
public struct VerificationPolicy: Sendable {
    /// Roots (or self-signed signer certificates) a seal's signer must chain to.
    public var sealAnchors: [Certificate]
    /// Roots a time-stamping authority must chain to.
    public var timestampAnchors: [Certificate]
    /// Fail a package without a seal, so stripping it is a failure, not a quiet pass.
    public var requiresSeal: Bool
    /// Fail a package without a timestamp token.
    public var requiresTimestamp: Bool

    public init(sealAnchors: [Certificate] = [], timestampAnchors: [Certificate] = [],
                requiresSeal: Bool = false, requiresTimestamp: Bool = false) {
        self.sealAnchors = sealAnchors
        self.timestampAnchors = timestampAnchors
        self.requiresSeal = requiresSeal
        self.requiresTimestamp = requiresTimestamp
    }
}
