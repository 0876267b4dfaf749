extension CheckResult.Code {
    /// A family of codes: a node of the dotted code tree, holding the code of its own name (when
    /// one is declared) and every code below it (`seal.revocation` holds `seal.revocation` and
    /// `seal.revocation.revoked`, not `seal.revocation-x`). Renderers and the verdict's parts
    /// select findings by family, so a caller can name only a family that exists; a test holds
    /// every family to at least one declared code.
    public enum Family: String, Sendable, CaseIterable {
        // The areas: each code's first part.
        /// The archive a package came in (`archive.layout`, `archive.limit`).
        case archive
        /// BagIt's structure and tag files.
        case bag
        /// `rial/manifest.json`.
        case rial
        /// The frame hash chain.
        case chain
        /// The depth index.
        case depth
        /// The capture metadata.
        case metadata
        /// The capture app's own files and statements.
        case app
        /// The media examined by the media libraries.
        case media
        /// The privacy levels and what the package discloses.
        case privacy
        /// The seal.
        case seal
        /// The seal's timestamp.
        case timestamp
        /// The custody log.
        case custody
        /// A signed verification receipt.
        case receipt
        /// Files appended after packing that no later part claims.
        case appended

        // Families within an area that callers select by.
        /// A payload manifest of any algorithm (`bag.manifest.sha256.mismatch`).
        case bagManifest = "bag.manifest"
        /// A tag manifest of any algorithm.
        case bagTagmanifest = "bag.tagmanifest"
        /// `rial/manifest.json` and the files it lists.
        case rialManifest = "rial.manifest"
        /// One file `rial/manifest.json` lists.
        case rialManifestFile = "rial.manifest.file"
        /// The chain's links over the frames.
        case chainLinks = "chain.links"
        /// The capture app's digests of the media.
        case appMedia = "app.media"
        /// The capture app's own timestamp token.
        case appTimestamp = "app.timestamp"
        /// Whom the seal's signer is.
        case sealSigner = "seal.signer"
        /// The seal signer's certificates.
        case sealCertificate = "seal.certificate"
        /// Revocation of the seal's signer and its chain.
        case sealRevocation = "seal.revocation"
        /// The TSA's certificates.
        case timestampTsa = "timestamp.tsa"
        /// The timestamp's time against the package's.
        case timestampTime = "timestamp.time"
        /// Revocation of the TSA and its chain.
        case timestampRevocation = "timestamp.revocation"
        /// The timestamp's renewal (archive timestamps).
        case timestampRenewal = "timestamp.renewal"
        /// The first event's binding to `rial/manifest.json`.
        case custodyBinding = "custody.binding"
        /// A custody signer's certificates.
        case custodyCertificate = "custody.certificate"
        /// The events imported from the capture app's log.
        case custodyImport = "custody.import"
        /// Revocation of the custody signers and their chains.
        case custodyRevocation = "custody.revocation"
        /// The events' numbering.
        case custodySeq = "custody.seq"
        /// A custody event's signature.
        case custodySignature = "custody.signature"
        /// A custody signature file's form.
        case custodySignatureFile = "custody.signature-file"
        /// Whom a custody event's signer is.
        case custodySigner = "custody.signer"
        /// A custody event's stated time.
        case custodyTime = "custody.time"

        /// Whether `code` is this family's own code or one below it.
        public func contains(_ code: CheckResult.Code) -> Bool {
            // On the UTF-8 bytes, with no string made: the verdict's parts ask this of every
            // finding many times, which showed in a batch's profile (Benchmarks/README.md).
            let name = code.rawValue.utf8
            let family = rawValue.utf8
            guard name.starts(with: family) else { return false }
            let rest = name.dropFirst(family.count)
            return rest.isEmpty || rest.first == UInt8(ascii: ".")
        }
    }

    /// Whether the code belongs to `family`, e.g. ``Family/custody`` for `custody.link.broken`.
    public func isIn(_ family: Family) -> Bool { family.contains(self) }
}
