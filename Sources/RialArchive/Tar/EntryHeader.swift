/// What an archive entry's header says, in the terms the strict profile cares about.
package struct EntryHeader: Sendable, Hashable {
    /// The only two kinds the profile admits; the reader refuses every other entry type.
    package enum Kind: String, Sendable, Hashable {
        case regularFile = "file"
        case directory
    }

    /// The entry's path exactly as stored (a directory's ends in `/`).
    package let path: String
    package let kind: Kind
    package let size: UInt64
    /// Permission bits.
    package let mode: UInt32
    /// Modification time, whole seconds since the epoch.
    package let modificationTime: Int64

    package init(path: String, kind: Kind, size: UInt64, mode: UInt32, modificationTime: Int64) {
        self.path = path
        self.kind = kind
        self.size = size
        self.mode = mode
        self.modificationTime = modificationTime
    }
}
