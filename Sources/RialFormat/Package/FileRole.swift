/// What a file in a package is for. The role follows from the path alone, so a verifier can
/// check the role a manifest claims.
package enum FileRole: String, Sendable, CaseIterable {
    case media
    case depth
    case frame
    case captureApp = "capture_app"
    case captureDescriptor = "capture_descriptor"
    case bagDeclaration = "bag_declaration"
    case bagInfo = "bag_info"
    case payloadManifest = "payload_manifest"
    case readme
    case rialChain = "rial_chain"
    case rialDepth = "rial_depth"
    case rialMetadata = "rial_metadata"
    case rialPayload = "rial_payload"

    /// The role of a file listed in `rial/manifest.json`, or `nil` for a path no listed file may have.
    package init?(path: String) {
        switch path {
        case PackageLayout.bagDeclaration: self = .bagDeclaration
        case PackageLayout.bagInfo: self = .bagInfo
        case PackageLayout.readme: self = .readme
        case PackageLayout.chain: self = .rialChain
        case PackageLayout.depthIndex: self = .rialDepth
        case PackageLayout.metadata: self = .rialMetadata
        case PackageLayout.hashOnlyPayload: self = .rialPayload
        case PackageLayout.captureDescriptor: self = .captureDescriptor
        default:
            if PackageLayout.payloadManifests.contains(path) {
                self = .payloadManifest
            } else if path.hasPrefix(PackageLayout.mediaDirectory) {
                self = .media
            } else if path.hasPrefix(PackageLayout.depthDirectory) {
                self = .depth
            } else if path.hasPrefix(PackageLayout.framesDirectory) {
                self = .frame
            } else if path.hasPrefix(PackageLayout.captureAppDirectory) {
                self = .captureApp
            } else {
                return nil
            }
        }
    }
}
