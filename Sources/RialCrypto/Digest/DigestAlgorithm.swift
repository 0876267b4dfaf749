internal import CRialOpenSSL

/// A digest algorithm, named as BagIt names it in manifest file names.
public enum DigestAlgorithm: String, Sendable, CaseIterable, Hashable {
    case md5
    case sha1
    case sha224
    case sha256
    case sha384
    case sha512

    /// Digest length in bytes.
    public var byteCount: Int {
        switch self {
        case .md5: return 16
        case .sha1: return 20
        case .sha224: return 28
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The name people write, e.g. `SHA-256`.
    package var displayName: String {
        switch self {
        case .md5: return "MD5"
        case .sha1: return "SHA-1"
        case .sha224: return "SHA-224"
        case .sha256: return "SHA-256"
        case .sha384: return "SHA-384"
        case .sha512: return "SHA-512"
        }
    }

    /// Whether a verdict may rest on this algorithm. MD5 and SHA-1 are read in plain bags for
    /// completeness but have known collisions, so they never carry a package's integrity.
    public var isCollisionResistant: Bool { self != .md5 && self != .sha1 }

    /// The algorithm OpenSSL's `nid` names, or `nil` for one rial does not compute.
    init?(nid: Int32) {
        switch nid {
        case NID_md5: self = .md5
        case NID_sha1: self = .sha1
        case NID_sha224: self = .sha224
        case NID_sha256: self = .sha256
        case NID_sha384: self = .sha384
        case NID_sha512: self = .sha512
        default: return nil
        }
    }

    /// OpenSSL's implementation, fetched once. OpenSSL 3 looks up the provider's
    /// implementation on every `EVP_DigestInit_ex` given `EVP_sha256()` and the like: a cost
    /// paid per file, which in a batch of small packages is thousands of times a second.
    var evpMD: OpaquePointer? {
        switch self {
        case .md5: return Self.fetchedMD5
        case .sha1: return Self.fetchedSHA1
        case .sha224: return Self.fetchedSHA224
        case .sha256: return Self.fetchedSHA256
        case .sha384: return Self.fetchedSHA384
        case .sha512: return Self.fetchedSHA512
        }
    }

    // Fetched on first use and kept for the process: an EVP_MD is immutable and may be shared
    // by threads. Where fetching fails (a provider without the algorithm), the legacy
    // descriptor is used as before, and its own fetch reports the failure.
    nonisolated(unsafe) private static let fetchedMD5 = fetch("MD5") ?? EVP_md5()
    nonisolated(unsafe) private static let fetchedSHA1 = fetch("SHA1") ?? EVP_sha1()
    nonisolated(unsafe) private static let fetchedSHA224 = fetch("SHA224") ?? EVP_sha224()
    nonisolated(unsafe) private static let fetchedSHA256 = fetch("SHA256") ?? EVP_sha256()
    nonisolated(unsafe) private static let fetchedSHA384 = fetch("SHA384") ?? EVP_sha384()
    nonisolated(unsafe) private static let fetchedSHA512 = fetch("SHA512") ?? EVP_sha512()

    private static func fetch(_ name: String) -> OpaquePointer? {
        EVP_MD_fetch(nil, name, nil)
    }
}
