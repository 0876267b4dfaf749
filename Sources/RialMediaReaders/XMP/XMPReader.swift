internal import CRialXMP
import RialMedia

/// Parses an XMP packet with Exempi and reports each property that discloses a place, a time, a
/// device or an owner (``XMPPropertyMeaning``) as a tag `XMP <path>` with its value, whatever its
/// namespace and RDF form. A packet Exempi cannot parse is a place not read: exiftool may read
/// what Exempi refuses, so the privacy audit fails closed rather than guess.
struct XMPReader {
    let limits: MediaProbeLimits

    /// The most properties walked in one packet; a packet with more is a place not read.
    static let maxProperties = 100_000

    /// Exempi's one-time set-up (its namespace registry), done once per process.
    static let isInitialized: Bool = xmp_init()

    /// Adds the packet's first bytes as tag `XMP` under `key`, then each property with a meaning.
    func read<Bytes: Collection>(_ packet: Bytes, key: String, scope: String, into tags: inout TagList) where Bytes.Element == UInt8 {
        tags.add(name: "XMP", key: key, scope: scope, bytes: packet)
        let bytes = Array(packet)
        guard Self.isInitialized,
            let xmp = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) { xmp_new($0.baseAddress, $0.count) }
            })
        else {
            tags.markUnread("the XMP packet \(key) (\(scope)), which Exempi cannot parse: its properties are not read")
            return
        }
        defer { xmp_free(xmp) }
        guard let iterator = xmp_iterator_new(xmp, nil, nil, XmpIterOptions(XMP_ITER_JUSTLEAFNODES.rawValue | XMP_ITER_OMITQUALIFIERS.rawValue)) else {
            tags.markUnread("the XMP packet \(key) (\(scope)): its properties cannot be walked")
            return
        }
        defer { xmp_iterator_free(iterator) }
        let schema = xmp_string_new(), path = xmp_string_new(), value = xmp_string_new()
        defer { xmp_string_free(schema); xmp_string_free(path); xmp_string_free(value) }
        var options: UInt32 = 0
        var walked = 0
        while xmp_iterator_next(iterator, schema, path, value, &options) {
            walked += 1
            guard walked <= Self.maxProperties else {
                tags.markUnread("the XMP packet \(key) (\(scope)) has more than \(Self.maxProperties) properties: the rest are not read")
                return
            }
            let name = MediaReaderText.string(xmp_string_cstr(path))
            guard XMPPropertyMeaning(path: name) != nil else { continue }
            tags.add(name: XMPPropertyMeaning.tagName(path: name), key: key, scope: scope, value: xmp_string_cstr(value))
        }
    }
}
