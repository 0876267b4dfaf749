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

    /// The archive offset of the first data byte, when read from a file: a reader of the data
    /// in place (the media probe) needs no copy.
    package var dataOffset: UInt64? = nil

    package init(path: String, kind: Kind, size: UInt64, mode: UInt32, modificationTime: Int64, dataOffset: UInt64? = nil) {
        self.dataOffset = dataOffset
        self.path = path
        self.kind = kind
        self.size = size
        self.mode = mode
        self.modificationTime = modificationTime
    }
}
