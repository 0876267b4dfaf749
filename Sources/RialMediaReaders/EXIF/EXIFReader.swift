internal import CRialEXIF
import RialMedia

/// Reads an EXIF block (`Exif\0\0` and TIFF data: a JPEG's APP1 payload) with libexif: every
/// entry of every IFD as a tag, and the well-known facts.
///
/// libexif is told to leave the data as it is: by default it "follows the specification" by
/// adding the mandatory tags a file lacks, which would report tags that are not in the file.
struct EXIFReader {
    /// The six bytes that open an EXIF block.
    static let header: [UInt8] = Array("Exif".utf8) + [0, 0]

    let limits: MediaProbeLimits
    /// How many EXIF blocks this one is inside: a thumbnail's (IFD1's JPEG) is read, with its own
    /// EXIF, once; a thumbnail inside that is a place not read.
    var nesting = 0

    /// The tags of `block`, added to `tags`, and the facts among them. A block in which libexif
    /// finds no entry is still named, as an `EXIF` tag under `scope`: other readers may find
    /// what libexif did not.
    func read(_ block: [UInt8], scope blockScope: String, into tags: inout TagList) -> EXIFFacts {
        guard let data = exif_data_new() else { return EXIFFacts() }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        block.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32(clamping: $0.count)) }
        let order = exif_data_get_byte_order(data)
        var facts = EXIFFacts()
        var gps = GPSEntries(order: order)
        var buffer = [CChar](repeating: 0, count: limits.maxTagValueBytes + 8)
        var entryCount = 0
        var hasMakerNote = false
        let contents = withUnsafeBytes(of: data.pointee.ifd) { Array($0.bindMemory(to: UnsafeMutablePointer<ExifContent>?.self)) }
        for (index, content) in contents.enumerated() {
            guard let content, let entries = content.pointee.entries else { continue }
            let ifd = ExifIfd(rawValue: UInt32(index))
            let scope = "EXIF " + Self.scopeName(ifd)
            for position in 0..<Int(content.pointee.count) {
                guard let entry = entries[position] else { continue }
                entryCount += 1
                let tag = entry.pointee.tag
                if tag.rawValue == 0x927C { hasMakerNote = true }
                let name = exif_tag_get_name_in_ifd(tag, ifd).map { MediaReaderText.string($0) } ?? Self.hex(tag.rawValue)
                let text =
                    MediaText.decode(
                        cString: exif_entry_get_value(entry, &buffer, UInt32(buffer.count)),
                        maxBytes: limits.maxTagValueBytes)?.text ?? ""
                tags.add(name: name, key: name, scope: scope, bytes: Array(text.utf8))
                if tag.rawValue == 0x83BB { readIPTC(entry, into: &tags) }
                let value = MediaTagValue(text, tag: name)
                switch (ifd, tag.rawValue) {
                case (EXIF_IFD_0, 0x010F): facts.make = value
                case (EXIF_IFD_0, 0x0110): facts.model = value
                case (EXIF_IFD_0, 0x0131): facts.software = value
                case (EXIF_IFD_0, 0x0132): if facts.creationTime == nil { facts.creationTime = value }
                case (EXIF_IFD_EXIF, 0x9003): facts.creationTime = value
                case (EXIF_IFD_0, 0x0112): facts.orientation = Self.short(entry, order).map(Int.init)
                case (EXIF_IFD_GPS, 1...6): gps.entries[tag.rawValue] = (entry, text)
                default: break
                }
            }
        }
        if entryCount == 0 {
            tags.add(
                name: "EXIF", key: "EXIF", scope: blockScope,
                bytes: Array("(\(block.count) bytes in which libexif finds no entry)".utf8))
        }
        facts.location = gps.location(maxTextBytes: limits.maxTagValueBytes)
        readMakerNote(data, hasMakerNote: hasMakerNote, into: &tags, buffer: &buffer)
        if let thumbnail = data.pointee.data, data.pointee.size > 0 {
            readThumbnail(Array(UnsafeBufferPointer(start: thumbnail, count: Int(data.pointee.size))), into: &tags)
        }
        return facts
    }

    /// The maker's note (EXIF tag 0x927C): the makers libexif interprets (Canon, Olympus and
    /// Nikon, Pentax and Casio, Fuji, Apple) give their entries as tags under the scope
    /// `EXIF MakerNote` (an owner's name, serial numbers, the lens, a home town); another
    /// maker's note is a place not read, for it may hold the same.
    private func readMakerNote(_ data: UnsafeMutablePointer<ExifData>, hasMakerNote: Bool, into tags: inout TagList, buffer: inout [CChar]) {
        guard hasMakerNote else { return }
        guard let note = exif_data_get_mnote_data(data) else {
            tags.markUnread("the EXIF maker note, of a maker libexif does not interpret: its entries (serial numbers, owner, places) are not read")
            return
        }
        var notRendered: [String] = []
        for index in 0..<exif_mnote_data_count(note) {
            let name = MediaReaderText.string(exif_mnote_data_get_name(note, index))
            let key = name.isEmpty ? Self.hex(exif_mnote_data_get_id(note, index)) : name
            let value = exif_mnote_data_get_value(note, index, &buffer, UInt32(buffer.count))
            // No text at all: an entry libexif does not descend into (Olympus's Equipment and
            // Camera Settings sub-IFDs, which hold the serial numbers and the lens).
            if value == nil || value?.pointee == 0 { notRendered.append(key) }
            tags.add(name: key, key: key, scope: "EXIF MakerNote", value: value)
        }
        if !notRendered.isEmpty {
            tags.markUnread(
                "the EXIF maker note's entries \(notRendered.prefix(8).joined(separator: ", ")), which libexif does not read into: what they hold is not known")
        }
    }

    /// The `IPTC-NAA` entry (0x83BB): IPTC-IIM records kept in EXIF, which libexif shows as
    /// numbers, read with libiptcdata as an APP13 segment's are. Its bytes are the records as
    /// stored, whatever type the entry declares (writers use LONG or UNDEFINED).
    private func readIPTC(_ entry: UnsafeMutablePointer<ExifEntry>, into tags: inout TagList) {
        guard let data = entry.pointee.data, entry.pointee.size > 0 else { return }
        let records = Array(UnsafeBufferPointer(start: data, count: Int(entry.pointee.size)))
        IPTCReader(limits: limits).read(records: records[...], place: "the EXIF IPTC-NAA entry (0x83BB)", into: &tags)
    }

    /// The thumbnail IFD1 points at, when it is a JPEG: its own APP segments (EXIF with GPS, XMP)
    /// are read as the photo's are, under the scope `EXIF thumbnail`. An uncompressed (TIFF strip)
    /// thumbnail has no metadata of its own.
    private func readThumbnail(_ bytes: [UInt8], into tags: inout TagList) {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return }
        guard nesting == 0 else {
            tags.markUnread("a thumbnail inside the EXIF thumbnail: its metadata is not read")
            return
        }
        switch JPEGReader(range: ByteRange(bytes: bytes), limits: limits, nesting: nesting + 1).read() {
        case .facts(let facts):
            tags.merge(facts, scope: "EXIF thumbnail")
        case .unreadable(let reason), .tooMuchMemory(let reason):
            tags.markUnread("the EXIF thumbnail, a JPEG that cannot be read (\(reason)): its metadata is not read")
        case .unsupported(let container):
            tags.markUnread("the EXIF thumbnail (\(container)): its metadata is not read")
        }
    }

    /// `IFD0`, `IFD1`, `EXIF`, `GPS`, `Interoperability`.
    static func scopeName(_ ifd: ExifIfd) -> String {
        switch ifd {
        case EXIF_IFD_0: return "IFD0"
        case EXIF_IFD_1: return "IFD1"
        default: return MediaReaderText.string(exif_ifd_get_name(ifd))
        }
    }

    /// An unnamed tag's number, `0x9A01`.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The first value of a SHORT entry.
    static func short(_ entry: UnsafeMutablePointer<ExifEntry>, _ order: ExifByteOrder) -> UInt16? {
        guard entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, entry.pointee.size >= 2,
            let data = entry.pointee.data
        else { return nil }
        return exif_get_short(data, order)
    }

    /// The GPS position entries (tags 1 to 6 of the GPS IFD), read together once all are seen.
    struct GPSEntries {
        let order: ExifByteOrder
        var entries: [UInt32: (entry: UnsafeMutablePointer<ExifEntry>, text: String)] = [:]

        init(order: ExifByteOrder) {
            self.order = order
        }

        /// The position, when latitude and longitude with their references read as numbers in range.
        func location(maxTextBytes: Int) -> MediaLocation? {
            guard let latitude = degrees(2), let longitude = degrees(4),
                let latitudeRef = entries[1]?.text, let longitudeRef = entries[3]?.text,
                ["N", "S"].contains(latitudeRef), ["E", "W"].contains(longitudeRef),
                latitude <= 90, longitude <= 180
            else { return nil }
            var altitude: Double?
            if let metres = rationals(6, count: 1)?.first, metres <= MediaLocation.maxAltitude {
                altitude = isBelowSeaLevel ? -metres : metres
            }
            let text = "\(trimmed(entries[2]?.text)) \(latitudeRef), \(trimmed(entries[4]?.text)) \(longitudeRef)"
            return MediaLocation(
                latitude: latitudeRef == "S" ? -latitude : latitude,
                longitude: longitudeRef == "W" ? -longitude : longitude,
                altitude: altitude, tag: "GPSLatitude",
                text: MediaText.cut(text, toUTF8Count: maxTextBytes))
        }

        /// libexif's text for a value, without the spaces it pads numbers with.
        private func trimmed(_ text: String?) -> String {
            String((text ?? "").drop { $0 == " " })
        }

        /// `GPSAltitudeRef` is 1: a BYTE by the standard, read as a SHORT too.
        private var isBelowSeaLevel: Bool {
            guard let entry = entries[5]?.entry, let data = entry.pointee.data, entry.pointee.size >= 1 else { return false }
            switch entry.pointee.format {
            case EXIF_FORMAT_BYTE: return data[0] == 1
            case EXIF_FORMAT_SHORT: return EXIFReader.short(entry, order) == 1
            default: return false
            }
        }

        /// Degrees from three RATIONALs: degrees, minutes, seconds.
        private func degrees(_ tag: UInt32) -> Double? {
            guard let parts = rationals(tag, count: 3) else { return nil }
            return parts[0] + parts[1] / 60 + parts[2] / 3600
        }

        /// `count` RATIONALs of an entry; `nil` when the entry has another shape or a zero denominator.
        private func rationals(_ tag: UInt32, count: Int) -> [Double]? {
            guard let entry = entries[tag]?.entry, entry.pointee.format == EXIF_FORMAT_RATIONAL,
                entry.pointee.components == UInt(count), entry.pointee.size >= UInt32(count * 8),
                let data = entry.pointee.data
            else { return nil }
            var values: [Double] = []
            for index in 0..<count {
                let rational = exif_get_rational(data + index * 8, order)
                guard rational.denominator != 0 else { return nil }
                values.append(Double(rational.numerator) / Double(rational.denominator))
            }
            return values
        }
    }
}
