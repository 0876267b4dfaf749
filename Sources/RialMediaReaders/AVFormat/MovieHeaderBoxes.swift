import RialFormatCore
import RialMedia

/// What a movie's header boxes state that FFmpeg does not export, read from `moov`'s boxes.
///
/// The times: the movie's modification time (`mvhd`), each track's creation and modification
/// times (`tkhd`) and its media's modification time (`mdhd`); FFmpeg gives only the creation
/// times of `mvhd` and `mdhd`. exiftool reads them all (`ModifyDate`, `TrackCreateDate`,
/// `TrackModifyDate`, `MediaModifyDate`), and a package that withholds the time must not carry
/// them, so they are tags here: `mvhd.modification_time` (scope `container`),
/// `tkhd.creation_time`, `tkhd.modification_time`, `mdhd.modification_time` (scope `track N`,
/// N counting `trak` boxes from 0), as RFC 3339 in UTC. A time of 0 (unset) is no tag.
///
/// The user-data atoms: the codes of the atoms in `udta` and in a `meta` box's `ilst`, of the
/// movie and of each track (``VendorAtom`` tells which of FFmpeg's keys are such atoms).
///
/// Only box headers and these fields are read; a `moov` whose boxes do not tile is a place not
/// read.
enum MovieHeaderBoxes {
    /// The most boxes walked inside one box: `moov` holds a header, a few tracks and user data.
    static let maxChildren = 4096
    /// Seconds from 1904-01-01 (the movie epoch) to 1970-01-01.
    static let epochOffset: Int64 = 2_082_844_800

    /// Adds the times to `tags`; returns the user-data atoms' codes (`TAGS`, `©xyz`).
    static func read(_ range: ByteRange, into tags: inout TagList) -> Set<String> {
        var window = ByteWindow(range)
        var userData: Set<String> = []
        do {
            guard let moov = try first("moov", in: 0..<range.length, &window, limit: BoxFraming.maxBoxes) else { return userData }
            var track = 0
            for box in try children(of: moov.payload, in: &window, limit: maxChildren) {
                if box.header.isType("mvhd") {
                    add(times(box, &window)?.modified, "mvhd.modification_time", scope: "container", into: &tags)
                } else if box.header.isType("udta") || box.header.isType("meta") {
                    try collectUserData(box, &window, into: &userData)
                } else if box.header.isType("trak") {
                    defer { track += 1 }
                    for part in try children(of: box.payload, in: &window, limit: maxChildren) {
                        if part.header.isType("tkhd"), let stated = times(part, &window) {
                            add(stated.created, "tkhd.creation_time", scope: "track \(track)", into: &tags)
                            add(stated.modified, "tkhd.modification_time", scope: "track \(track)", into: &tags)
                        } else if part.header.isType("mdia"), let mdhd = try first("mdhd", in: part.payload, &window, limit: maxChildren) {
                            add(times(mdhd, &window)?.modified, "mdhd.modification_time", scope: "track \(track)", into: &tags)
                        } else if part.header.isType("udta") || part.header.isType("meta") {
                            try collectUserData(part, &window, into: &userData)
                        }
                    }
                }
            }
        } catch {
            tags.markUnread("the movie header's boxes (\(error.reason)): its modification and track times and its user-data atoms are not read")
        }
        return userData
    }

    /// The codes of a `udta`'s atoms, and of the `ilst` atoms of a `meta` (inside `udta` or
    /// not). QuickTime's `meta` is a plain box; ISO's is a full box (4 bytes of version and
    /// flags first), told apart by whether the payload opens with a box header (`hdlr`).
    private static func collectUserData(_ box: Box, _ window: inout ByteWindow, into codes: inout Set<String>) throws(BoxProblem) {
        if box.header.isType("meta") {
            let start =
                window.bytes(at: box.payload.lowerBound + 4, count: 4).map { Array($0) == Array("hdlr".utf8) } == true
                ? box.payload.lowerBound : box.payload.lowerBound + 4
            guard start < box.payload.upperBound,
                let list = try first("ilst", in: start..<box.payload.upperBound, &window, limit: maxChildren)
            else { return }
            for item in try children(of: list.payload, in: &window, limit: maxChildren) { codes.insert(code(item.header.type)) }
            return
        }
        // QuickTime ends a user-data list with a 32-bit zero (QTFF, "User Data Atoms").
        var span = box.payload
        if span.count >= 4, let last = window.bytes(at: span.upperBound - 4, count: 4), last.allSatisfy({ $0 == 0 }),
            (try? children(of: span, in: &window, limit: maxChildren)) == nil
        {
            span = span.lowerBound..<(span.upperBound - 4)
        }
        for atom in try children(of: span, in: &window, limit: maxChildren) {
            codes.insert(code(atom.header.type))
            if atom.header.isType("meta") { try collectUserData(atom, &window, into: &codes) }
        }
    }

    /// An atom's code as text: QuickTime's codes are Mac OS Roman, of which `©` (0xA9) is the
    /// one byte above ASCII in use.
    static func code(_ type: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(type.map { $0 == 0xA9 ? "©" : Unicode.Scalar($0) }))
    }

    /// A box and where its contents lie.
    private struct Box {
        let header: BoxHeader
        let payload: Range<Int64>
    }

    /// The boxes that tile `span`, at most `limit` of them, each given to `visit` until it
    /// returns `false`.
    private static func walk(_ span: Range<Int64>, _ window: inout ByteWindow, limit: Int, _ visit: (Box) -> Bool) throws(BoxProblem) {
        var position = span.lowerBound
        var count = 0
        while position < span.upperBound {
            count += 1
            guard count <= limit else { throw BoxProblem("more than \(limit) boxes in one") }
            let header = try BoxHeader.read(&window, at: position, end: span.upperBound).get()
            guard visit(Box(header: header, payload: (position + header.headerSize)..<(position + header.size))) else { return }
            position += header.size
        }
    }

    /// The boxes that tile `span`.
    private static func children(of span: Range<Int64>, in window: inout ByteWindow, limit: Int) throws(BoxProblem) -> [Box] {
        var boxes: [Box] = []
        try walk(span, &window, limit: limit) {
            boxes.append($0); return true
        }
        return boxes
    }

    /// The first box of `type` in `span`, without keeping the others.
    private static func first(_ type: String, in span: Range<Int64>, _ window: inout ByteWindow, limit: Int) throws(BoxProblem) -> Box? {
        var found: Box?
        try walk(span, &window, limit: limit) { box in
            if box.header.isType(type) { found = box }
            return found == nil
        }
        return found
    }

    /// A full box's creation and modification times (version 0: 32 bits each, version 1: 64).
    private static func times(_ box: Box, _ window: inout ByteWindow) -> (created: Int64, modified: Int64)? {
        guard let version = window.byte(at: box.payload.lowerBound) else { return nil }
        let width = version == 1 ? 8 : 4
        guard Int64(4 + 2 * width) <= Int64(box.payload.count),
            let fields = window.bytes(at: box.payload.lowerBound + 4, count: 2 * width)
        else { return nil }
        let number = { (bytes: ArraySlice<UInt8>) in bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        let start = fields.startIndex
        return (
            Int64(truncatingIfNeeded: number(fields[start..<(start + width)])),
            Int64(truncatingIfNeeded: number(fields[(start + width)..<(start + 2 * width)]))
        )
    }

    /// The tag for a stated time: none when unset (0) or past year 9999.
    private static func add(_ seconds: Int64?, _ name: String, scope: String, into tags: inout TagList) {
        guard let seconds, seconds > 0, seconds <= 253_402_300_799 + epochOffset else { return }
        tags.add(name: name, key: name, scope: scope, bytes: Array(Timestamp(seconds: seconds - epochOffset).rfc3339.utf8))
    }
}
