#if canImport(Glibc)
import Glibc
#endif
internal import CRialAVFormat
import RialMedia

/// One FFmpeg metadata dictionary (the container's or a stream's), read as tags.
struct MovieMetadata {
    private let dictionary: OpaquePointer?
    /// The codes of the movie's user-data atoms (``MovieHeaderBoxes``): a key FFmpeg names by
    /// one of them is a ``VendorAtom``.
    private let userData: Set<String>

    init(_ dictionary: OpaquePointer?, userData: Set<String> = []) {
        self.dictionary = dictionary
        self.userData = userData
    }

    /// Keys FFmpeg makes up from the `ftyp` box, which ``MediaContainer`` states; not metadata.
    static let fileTypeKeys: Set<String> = ["major_brand", "minor_version", "compatible_brands"]

    /// The atoms FFmpeg's `mov` demuxer reads a key from (`libavformat/mov.c`,
    /// `mov_read_udta_string`, FFmpeg 5.1 and later), for the keys a privacy audit names. A key
    /// read from one of several atoms is named by all of them: `location` comes from QuickTime's
    /// `©xyz` or 3GPP's `loci`, and FFmpeg does not say which. Other keys keep FFmpeg's name.
    static let atomNames: [String: String] = [
        "location": "©xyz/loci", "make": "©mak/manu", "model": "©mod/modl", "date": "©day",
        "encoder": "©too/©swr/©enc", "comment": "©cmt/©inf", "artist": "©ART/©aut", "xmp": "XMP_",
    ]

    /// What a stream's `encoder` key is named: where FFmpeg reads it from.
    static let compressorName = "stsd compressorname"

    /// Every entry, in FFmpeg's order, added to `tags` under `scope`.
    func collect(into tags: inout TagList, scope: String) {
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            entry = next
            let key = MediaReaderText.string(next.pointee.key)
            if scope == "container", Self.fileTypeKeys.contains(key) { continue }
            // A stream's `encoder` is its sample description's compressor name (`mov_read_stsd`):
            // the codec's label ("H.264"), written by the encoder, not a device's software tag.
            let name = scope != "container" && key == "encoder" ? Self.compressorName : Self.name(forKey: key)
            if key == "xmp", let value = next.pointee.value {
                // FFmpeg holds the whole XMP_ atom as this C string.
                XMPReader(limits: tags.limits).read(UnsafeRawBufferPointer(start: value, count: strlen(value)), key: name, scope: scope, into: &tags)
                continue
            }
            tags.add(name: name, key: key, scope: scope, value: next.pointee.value)
            if let atom = VendorAtom(key: key), userData.contains(atom.code), let reason = atom.unreadReason {
                tags.markUnread((scope == "container" ? "the movie" : scope) + ": " + reason)
            }
        }
    }

    /// The atom codes among this dictionary's keys (``VendorAtom/code(ofKey:)``): the atoms
    /// FFmpeg exported under their own code.
    func exportedCodes() -> Set<String> {
        var codes: Set<String> = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            entry = next
            if let code = VendorAtom.code(ofKey: MediaReaderText.string(next.pointee.key)) { codes.insert(code) }
        }
        return codes
    }

    /// The tag name for FFmpeg's `key`: the atom it comes from, with a language suffix
    /// (`location-eng`) read as the same atom.
    static func name(forKey key: String) -> String {
        if let atom = atomNames[key] { return atom }
        if let dash = key.lastIndex(of: "-"), key.distance(from: dash, to: key.endIndex) == 4,
            let atom = atomNames[String(key[..<dash])]
        {
            return atom
        }
        return key
    }

    /// The value of the first of `keys` present, with the tag it came from.
    func first(of keys: [String], limits: MediaProbeLimits) -> MediaTagValue? {
        for key in keys {
            guard let entry = av_dict_get(dictionary, key, nil, AV_DICT_MATCH_CASE) else { continue }
            let text = MediaText.decode(cString: entry.pointee.value, maxBytes: limits.maxTagValueBytes)?.text ?? ""
            return MediaTagValue(text, tag: Self.name(forKey: key))
        }
        return nil
    }

    /// The position from Apple's ISO 6709 key or `location` (`©xyz` or `loci`), when one of them reads as a point.
    func location(limits: MediaProbeLimits) -> MediaLocation? {
        for key in ["com.apple.quicktime.location.ISO6709", "location"] {
            guard let value = first(of: [key], limits: limits), let point = ISO6709.parse(value.text) else { continue }
            return MediaLocation(
                latitude: point.latitude, longitude: point.longitude, altitude: point.altitude,
                tag: value.tag, text: value.text)
        }
        return nil
    }
}
