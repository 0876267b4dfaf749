/// What an archive entry's header says, in the terms the strict profile cares about.
public struct EntryHeader: Sendable, Hashable {
    /// The only two kinds the profile admits; the reader refuses every other entry type.
    public enum Kind: String, Sendable, Hashable {
        case regularFile = "file"
        case directory
    }

    /// The entry's path exactly as stored (a directory's ends in `/`).
    public let path: String
    public let kind: Kind
    public let size: UInt64
    /// Permission bits.
    public let mode: UInt32
    /// Modification time, whole seconds since the epoch.
    public let modificationTime: Int64

    public init(path: String, kind: Kind, size: UInt64, mode: UInt32, modificationTime: Int64) {
        self.path = path
        self.kind = kind
        self.size = size
        self.mode = mode
        self.modificationTime = modificationTime
    }
}
