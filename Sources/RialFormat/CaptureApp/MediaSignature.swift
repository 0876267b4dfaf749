/// The media type a file's first bytes show (`schema/SPEC.md` §2.1): how an export's video or
/// photo is found whatever its name. Only the container's signature is read; what the media
/// really holds is for the media examination.
package enum MediaSignature {
    /// How many leading bytes ``mediaType(of:)`` needs.
    package static let headLength = 12

    /// `video/mp4`, `video/quicktime`, `image/heic` or `image/jpeg`; `nil` for anything else.
    package static func mediaType(of head: [UInt8]) -> String? {
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return "image/jpeg" }
        guard head.count >= 12 else { return nil }
        let box = String(decoding: head[4..<8], as: UTF8.self)
        let brand = String(decoding: head[8..<12], as: UTF8.self)
        switch box {
        case "ftyp":
            switch brand {
            case "qt  ": return "video/quicktime"
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": return "image/heic"
            case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VP", "3gp4", "3gp5", "3gp6": return "video/mp4"
            default: return nil
            }
        // A QuickTime movie may start without `ftyp`.
        case "moov", "mdat", "wide", "free", "skip", "pnot": return "video/quicktime"
        default: return nil
        }
    }

    /// The extensions a video or photo of the capture app has: how an export's media is found
    /// when its bytes are not media (empty or damaged), to be named in the refusal or packed as
    /// received (`schema/SPEC.md` §2.1, refusal 12).
    package static let mediaExtensions: Set<String> = ["mp4", "m4v", "mov", "heic", "heif", "hif", "jpg", "jpeg"]

    /// Whether `name` ends in one of ``mediaExtensions``, in any case.
    package static func hasMediaName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return mediaExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
