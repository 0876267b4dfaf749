/// What an archive entry's header says, in the terms the strict profile cares about.
public struct EntryHeader: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case regularFile = "file"
        case directory
        /// Anything else: symbolic or hard link, device, FIFO, socket. Never accepted.
        case other
    }

    /// The entry's path exactly as stored (directories may end in `/`).
    public let path: String
    public let kind: Kind
    public let size: UInt64
    /// Permission bits.
    public let mode: UInt32
    /// Modification time, whole seconds since the epoch.
    public let modificationTime: Int64
    /// A link target, when the header names one (only for `.other`).
    public let linkTarget: String?

    public init(path: String, kind: Kind, size: UInt64, mode: UInt32, modificationTime: Int64, linkTarget: String? = nil) {
        self.path = path
        self.kind = kind
        self.size = size
        self.mode = mode
        self.modificationTime = modificationTime
        self.linkTarget = linkTarget
    }
}
