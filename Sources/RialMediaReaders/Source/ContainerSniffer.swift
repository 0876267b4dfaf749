/// Decides from the first bytes which reader, if any, may see the media: the whitelist is
/// applied before any library reads a byte, so a ZIP named `.mp4` never reaches a demuxer.
///
/// The `ftyp` box is read here (a fixed layout: size, `ftyp`, major brand, minor version,
/// compatible brands) because it decides between FFmpeg and libheif.
enum ContainerSniffer {
    /// Where the media goes.
    enum Route: Equatable {
        /// FFmpeg's `mov` demuxer, with the `ftyp` brands when there is an `ftyp` box.
        case isoMovie(FileType?)
        /// libheif.
        case heif(FileType)
        /// The JPEG marker reader and libexif.
        case jpeg
        /// Not on the whitelist: what the signature says it is.
        case unsupported(String)
    }

    /// The `ftyp` box's brands.
    struct FileType: Equatable {
        var majorBrand: String
        var compatibleBrands: [String]
    }

    /// Brands of HEIF still images libheif reads (ISO/IEC 23008-12; `mif1`, `mif2` any codec).
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "mif2"]
    /// AVIF is HEIF with AV1: not on the whitelist.
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// Camera raw formats built of ISO boxes (Canon's CR3: `crx `), by their major brand.
    static let rawBrands: [String: String] = ["crx ": "cr3"]
    /// Top-level QuickTime atoms that may open a file written before `ftyp` existed.
    static let quickTimeAtoms: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// The route for the media in `range`.
    static func route(_ range: ByteRange) -> Route {
        guard range.length > 0 else { return .unsupported("empty") }
        let head = range.bytes(at: 0, count: Int(min(range.length, 512))) ?? []
        guard head.count >= 3 else { return .unsupported("unknown") }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 8 {
            let type = fourCC(head[4..<8])
            if type == "ftyp" {
                guard let fileType = fileType(range) else { return .unsupported("unknown") }
                if avifBrands.contains(fileType.majorBrand) { return .unsupported("avif") }
                // A camera's raw file in ISO boxes is no movie, whatever FFmpeg would make of it.
                if let raw = rawBrands[fileType.majorBrand] { return .unsupported(raw) }
                if heifBrands.contains(fileType.majorBrand) { return .heif(fileType) }
                return .isoMovie(fileType)
            }
            if quickTimeAtoms.contains(type) { return .isoMovie(nil) }
        }
        return .unsupported(name(of: head))
    }

    /// The `ftyp` box at the start: at most 64 compatible brands are kept.
    static func fileType(_ range: ByteRange) -> FileType? {
        guard let header = range.bytes(at: 0, count: 8) else { return nil }
        let size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        // A size of 1 (64-bit size follows) or 0 (to the end) is not a real ftyp box's.
        guard size >= 16, size <= 4096, let box = range.bytes(at: 0, count: size) else { return nil }
        let compatible = stride(from: 16, to: size - 3, by: 4).prefix(64).map { fourCC(box[$0..<($0 + 4)]) }
        return FileType(majorBrand: fourCC(box[8..<12]), compatibleBrands: compatible)
    }

    /// Four bytes as text (Latin-1, so any byte reads as one character).
    static func fourCC(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// A name for what an unsupported file's signature says it is.
    static func name(of head: [UInt8]) -> String {
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return "zip" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "matroska" }
        if starts("RIFF") { return "riff" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if starts("GIF8") { return "gif" }
        if starts("%PDF") { return "pdf" }
        if starts("OggS") { return "ogg" }
        if starts("fLaC") { return "flac" }
        if starts("ID3") { return "mp3" }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return "tiff" }
        if starts([0x00, 0x00, 0x01, 0xBA]) { return "mpeg-ps" }
        if head.count > 188, head[0] == 0x47, head[188] == 0x47 { return "mpeg-ts" }
        if starts([0x1F, 0x8B]) { return "gzip" }
        if starts("ustar") || (head.count > 262 && Array(head[257..<262]) == Array("ustar".utf8)) { return "tar" }
        return "unknown"
    }
}
