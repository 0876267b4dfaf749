/// Enforces the `.rialpkg` tar profile on the raw bytes of an archive, as they stream past on
/// their way to libarchive, and keeps its own account of each entry for the cross-check.
///
/// The profile is what ``TarWriter`` produces and nothing more: POSIX ustar headers with
/// correct checksums and octal numbers; regular files and directories only; pax extended
/// headers holding only `path` and `size` (the size equal to the ustar size); no global or
/// sparse headers; the two-block end-of-archive marker and nothing but zeros after it, at most
/// ``ArchiveLimits/maxPaddingBytes`` of them; names
/// by ``EntryNameRules``; and the bounds of ``ArchiveLimits``. Input is consumed in any chunking
/// and never buffered beyond one header block or one (bounded) pax header.
struct StrictTarProfile {
    /// One entry as the raw headers describe it.
    struct Entry {
        /// The path exactly as stored (a directory's with its trailing `/`).
        let storedPath: String
        let isDirectory: Bool
        let size: UInt64
        /// The archive offset of the entry's first data byte: its data is the contiguous
        /// range `dataOffset ..< dataOffset + size` (the profile has no sparse entries).
        let dataOffset: UInt64
    }

    private enum State {
        case header
        case paxData(remaining: Int, padding: UInt64)
        case data(remaining: UInt64)
        case firstZeroBlock
        /// After the marker, which ends at `markerEnd`.
        case ended(markerEnd: UInt64)
    }

    let limits: ArchiveLimits
    /// The archive's size, when known (a regular file or bytes in memory).
    let archiveSize: UInt64?

    private var state = State.header
    private var names: EntryNameRules
    /// Entries parsed but not yet handed to the reader (the profile runs ahead of libarchive
    /// by at most one input chunk).
    private var queue: [Entry] = []
    private var queueHead = 0
    private var partialBlock: [UInt8] = []
    private var paxBytes: [UInt8] = []
    private var pendingPax: PaxHeader?
    private var hasPendingPax = false
    private var paxOffset: UInt64 = 0
    /// Bytes consumed so far; the offset of the next byte.
    private(set) var position: UInt64 = 0
    private var entryCount = 0
    private var totalData: UInt64 = 0
    private var currentName = ""

    init(limits: ArchiveLimits, archiveSize: UInt64?) {
        self.limits = limits
        self.archiveSize = archiveSize
        self.names = EntryNameRules(limits: limits)
    }

    /// Whether the end-of-archive marker has been read.
    var hasEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// The next entry the raw headers hold that the reader has not taken yet.
    mutating func takeEntry() -> Entry? {
        guard queueHead < queue.count else { return nil }
        let entry = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return entry
    }

    /// Entries parsed and not taken.
    var untakenCount: Int { queue.count - queueHead }

    /// Feeds the next bytes of the archive.
    /// - Throws: ``ArchiveError`` with the code of the first rule broken.
    mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(ArchiveError) {
        var index = 0
        while index < chunk.count {
            let available = chunk.count - index
            switch state {
            case .data(let remaining):
                let step = Int(min(remaining, UInt64(available)))
                index += step
                position += UInt64(step)
                state = remaining == UInt64(step) ? .header : .data(remaining: remaining - UInt64(step))
            case .paxData(let remaining, let padding):
                let step = min(remaining, available)
                paxBytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[index..<(index + step)]))
                index += step
                position += UInt64(step)
                if remaining == step {
                    pendingPax = try PaxHeader(paxBytes, entry: "pax header at byte \(paxOffset)")
                    paxBytes.removeAll(keepingCapacity: true)
                    currentName = "pax header at byte \(paxOffset)"
                    state = padding > 0 ? .data(remaining: padding) : .header
                } else {
                    state = .paxData(remaining: remaining - step, padding: padding)
                }
            case .ended(let markerEnd):
                // Only zero padding may follow the marker; tar tools pad to whole records, and
                // no more than the limit is read (a pipe of zeros would never end).
                let allowed = limits.maxPaddingBytes - min(position - markerEnd, limits.maxPaddingBytes)
                let rest = UnsafeRawBufferPointer(rebasing: chunk[index..<(index + Int(min(UInt64(available), allowed)))])
                if let nonZero = rest.firstIndex(where: { $0 != 0 }) {
                    let at = position + UInt64(nonZero - rest.startIndex)
                    throw ArchiveError(
                        .trailingData,
                        "bytes other than zero padding follow the end-of-archive marker (the first at byte \(at)); a tar reader ignores them, so they would be neither verified nor seen",
                        location: "byte \(at)")
                }
                position += UInt64(rest.count)
                index += rest.count
                if index < chunk.count {
                    throw ArchiveError(
                        .paddingTooLong,
                        "more than \(limits.maxPaddingBytes) bytes of zero padding follow the end-of-archive marker, which ends at byte \(markerEnd); tar tools pad to a record of at most that, so reading stopped",
                        location: "byte \(position)")
                }
            case .header, .firstZeroBlock:
                if partialBlock.isEmpty && available >= TarHeaderBlock.size {
                    try block(UnsafeRawBufferPointer(rebasing: chunk[index..<(index + TarHeaderBlock.size)]))
                    index += TarHeaderBlock.size
                } else {
                    let step = min(TarHeaderBlock.size - partialBlock.count, available)
                    partialBlock.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[index..<(index + step)]))
                    index += step
                    if partialBlock.count == TarHeaderBlock.size {
                        let full = partialBlock
                        partialBlock.removeAll(keepingCapacity: true)
                        do {
                            try full.withUnsafeBytes { try block($0) }
                        } catch let error as ArchiveError {
                            throw error
                        } catch {
                            throw ArchiveError(.readFailed, "a header block could not be checked", cause: error)
                        }
                    }
                }
            }
        }
    }

    /// Called at the end of the input.
    /// - Throws: ``ArchiveError`` `.truncated` unless the end-of-archive marker was read.
    func finish() throws(ArchiveError) {
        let location = "byte \(position)"
        switch state {
        case .ended:
            return
        case .header where position == 0 && partialBlock.isEmpty:
            throw ArchiveError(.notAnArchive, "the file is empty", location: location)
        case .header where position == 0:
            throw ArchiveError(.notAnArchive, "the file is \(partialBlock.count) bytes long, shorter than one tar header", location: location)
        case .header where !partialBlock.isEmpty:
            throw ArchiveError(.truncated, "the archive ends in the middle of a header", location: location)
        case .header:
            throw ArchiveError(.truncated, "the archive ends without the end-of-archive marker (two zero blocks)", location: location)
        case .firstZeroBlock:
            throw ArchiveError(.truncated, "the archive ends after one of the two zero blocks of the end-of-archive marker", location: location)
        case .data:
            throw ArchiveError(.truncated, "the archive ends in the middle of \(currentName)'s data", location: currentName)
        case .paxData:
            throw ArchiveError(.truncated, "the archive ends in the middle of a pax extended header", location: location)
        }
    }

    private mutating func block(_ bytes: UnsafeRawBufferPointer) throws(ArchiveError) {
        let offset = position
        position += UInt64(TarHeaderBlock.size)
        let isZero = TarHeaderBlock.isZero(bytes)
        switch state {
        case .firstZeroBlock:
            guard isZero else {
                throw ArchiveError(
                    .trailingData, "a header follows a lone zero block at byte \(offset); most tar readers stop at the zero block and never see it",
                    location: "byte \(offset)")
            }
            state = .ended(markerEnd: position)
            return
        default:
            break
        }
        if isZero {
            guard !hasPendingPax else {
                throw ArchiveError(
                    .paxMalformed, "a pax extended header is followed by the end of the archive instead of its entry", location: "byte \(offset)")
            }
            guard offset > 0 else {
                throw ArchiveError(.notAnArchive, "the file starts with a zero block: an empty tar archive or not an archive at all", location: "byte 0")
            }
            state = .firstZeroBlock
            return
        }
        let header: TarHeaderBlock
        do {
            header = try TarHeaderBlock(bytes)
        } catch  where offset == 0 {
            // The very first block decides whether this is a tar archive at all.
            throw ArchiveError(.notAnArchive, ArchiveSniffer.describe(bytes), location: "byte 0")
        } catch {
            throw error.located(at: "header at byte \(offset)")
        }
        try entry(header, at: offset)
    }

    private mutating func entry(_ header: TarHeaderBlock, at offset: UInt64) throws(ArchiveError) {
        let location = "header at byte \(offset)"
        let dataStart = offset + UInt64(TarHeaderBlock.size)
        switch header.typeflag {
        case UInt8(ascii: "x"):
            guard !hasPendingPax else {
                throw ArchiveError(.paxMalformed, "two pax extended headers in a row", location: location)
            }
            guard header.size <= UInt64(limits.maxPaxHeaderBytes) else {
                throw ArchiveError(
                    .paxHeaderTooLarge, "a pax extended header of \(header.size) bytes exceeds the \(limits.maxPaxHeaderBytes)-byte limit", location: location)
            }
            try checkFits(Self.padded(header.size), from: dataStart, name: location)
            hasPendingPax = true
            pendingPax = nil
            paxOffset = offset
            let size = Int(header.size)
            paxBytes.reserveCapacity(size)
            state = size > 0 ? .paxData(remaining: size, padding: Self.padded(header.size) - header.size) : .header
            return
        case UInt8(ascii: "0"), 0, UInt8(ascii: "5"):
            break
        case UInt8(ascii: "g"):
            throw ArchiveError(.paxGlobal, "a global pax header would change how every later entry is read; the .rialpkg profile has none", location: location)
        case UInt8(ascii: "S"):
            throw ArchiveError(.sparseEntry, "a GNU sparse entry; sparse entries are outside the .rialpkg profile", location: location)
        default:
            throw ArchiveError(
                .unsupportedEntryType, "an entry of type \(Self.typeName(header.typeflag)); only regular files and directories are allowed",
                location: String(decoding: header.ustarPath, as: UTF8.self))
        }
        entryCount += 1
        guard entryCount <= limits.maxEntries else {
            throw ArchiveError(.tooManyEntries, "the archive has more than \(limits.maxEntries) entries; reading stopped", location: location)
        }
        let pax = pendingPax
        hasPendingPax = false
        pendingPax = nil
        if let paxSize = pax?.size, paxSize != header.size {
            throw ArchiveError(
                .paxSizeMismatch,
                "the pax header says \(paxSize) bytes, the ustar header \(header.size); readers would disagree on where the next entry starts",
                location: String(decoding: pax?.path ?? header.ustarPath, as: UTF8.self))
        }
        let isDirectory = header.typeflag == UInt8(ascii: "5")
        let raw = pax?.path ?? header.ustarPath
        let name = try names.admit(raw, isDirectory: isDirectory, location: location)
        if isDirectory, header.size != 0 {
            throw ArchiveError(.headerMalformed, "a directory entry declares \(header.size) bytes of data", location: name)
        }
        if let archiveSize {
            guard header.size <= archiveSize else {
                throw ArchiveError(
                    .fileTooLarge, "declares \(header.size) bytes, more than the whole archive (\(archiveSize) bytes); nothing in a .rialpkg is compressed",
                    location: name)
            }
        } else {
            guard header.size <= limits.maxFileBytes else {
                throw ArchiveError(.fileTooLarge, "declares \(header.size) bytes, more than the \(limits.maxFileBytes)-byte limit per file", location: name)
            }
            guard header.size <= limits.maxTotalBytes - min(totalData, limits.maxTotalBytes) else {
                throw ArchiveError(.totalTooLarge, "the entries declare more than \(limits.maxTotalBytes) bytes in total", location: name)
            }
        }
        totalData += header.size
        let padded = Self.padded(header.size)
        try checkFits(padded, from: dataStart, name: name)
        currentName = name
        queue.append(Entry(storedPath: String(decoding: raw, as: UTF8.self), isDirectory: isDirectory, size: header.size, dataOffset: dataStart))
        state = padded > 0 ? .data(remaining: padded) : .header
    }

    /// Data of `count` bytes starting at `start` must end within the archive, when its size is known.
    private func checkFits(_ count: UInt64, from start: UInt64, name: String) throws(ArchiveError) {
        guard let archiveSize else { return }
        guard start <= archiveSize, count <= archiveSize - start else {
            throw ArchiveError(.truncated, "declares data up to byte \(start + count), but the archive ends at byte \(archiveSize)", location: name)
        }
    }

    /// `size` rounded up to whole 512-byte blocks (sizes are below 10^18: no overflow).
    static func padded(_ size: UInt64) -> UInt64 {
        (size + 511) / 512 * 512
    }

    static func typeName(_ flag: UInt8) -> String {
        switch flag {
        case UInt8(ascii: "1"): return "hard link"
        case UInt8(ascii: "2"): return "symbolic link"
        case UInt8(ascii: "3"): return "character device"
        case UInt8(ascii: "4"): return "block device"
        case UInt8(ascii: "6"): return "FIFO"
        case UInt8(ascii: "7"): return "contiguous file"
        case UInt8(ascii: "L"), UInt8(ascii: "K"): return "GNU long name"
        default: return "'\(TarHeaderBlock.printable([flag]).dropFirst().dropLast())'"
        }
    }
}
