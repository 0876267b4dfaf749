/// A `udta` or `ilst` atom FFmpeg's `mov` demuxer has no name for. With `export_all` FFmpeg
/// exports it under its four-character code (`av_fourcc_make_string`: `TAGS`, `[169]mdl` for
/// `©mdl`), and its value is the atom's bytes up to the first NUL read as text: the leading text
/// of a vendor's binary block (Pentax's `TAGS`, Samsung's `smta`, GoPro's `CAME`, DJI's `©mdl`),
/// or nothing at all for a 3GPP string box FFmpeg 5.1 does not decode (`auth`, `titl`, `dscp`:
/// its text follows a full-box header that begins with a zero byte). What such an atom holds is
/// not known, so it is a place not read (SPEC §16.6), unless it is one of ``known``.
struct VendorAtom {
    /// What rial knows an atom holds.
    enum Meaning {
        /// Nothing a privacy level withholds: Samsung's play mode (`SDLN`, "SEQ_PLAY"), iTunes'
        /// beats per minute (`tmpo`).
        case nothingWithheld
        /// A camera maker's block that opens with the make ("PENTAX DIGITAL CAMERA"), then
        /// maker-specific binary settings (Nikon's and Fujifilm's name the model and firmware):
        /// the make is read, the rest is a place not read.
        case leadingMake
        /// A 3GPP string box (TS 26.244: author, title, description, performer, album,
        /// classification, keywords, recording year) whose text FFmpeg does not decode.
        case undecoded3GPPText
    }

    /// The atoms whose contents rial knows, after exiftool's `QuickTime::UserData` table.
    static let known: [String: Meaning] = [
        "SDLN": .nothingWithheld, "tmpo": .nothingWithheld, "TAGS": .leadingMake,
        "auth": .undecoded3GPPText, "titl": .undecoded3GPPText, "dscp": .undecoded3GPPText, "perf": .undecoded3GPPText,
        "albm": .undecoded3GPPText, "clsf": .undecoded3GPPText, "kywd": .undecoded3GPPText, "yrrc": .undecoded3GPPText,
    ]

    /// The names FFmpeg gives that have the shape of a four-character code: its own words.
    static let ffmpegWords: Set<String> = ["date", "disc", "make", "show"]

    /// The atom's code as the file spells it (`©mdl`).
    let code: String

    /// The codes of the user-data atoms FFmpeg 5.1's `mov` demuxer reads into a key of its own
    /// (`mov_read_udta_string`, `libavformat/mov.c`), and the boxes that only hold others. An
    /// atom of the movie's user data that is neither one of these nor exported under its own
    /// code (``code(ofKey:)``) is one FFmpeg read without saying what it holds (`covr`, a
    /// `uuid`, `chpl`): a place not read.
    static let readByFFmpeg: Set<String> = [
        "@PRM", "@PRQ", "XMP_", "aART", "akID", "apID", "catg", "cpil", "cprt", "desc", "disk", "egid", "FIRM", "gnre", "hdvd",
        "HMMT", "keyw", "ldes", "loci", "manu", "modl", "pcst", "pgap", "purd", "rtng", "soaa", "soal", "soar", "soco", "sonm",
        "sosn", "stik", "trkn", "tven", "tves", "tvnn", "tvsh", "tvsn", "©ART", "©PRD", "©alb", "©aut", "©chp", "©cmt", "©com",
        "©cpy", "©day", "©dir", "©dis", "©ed1", "©enc", "©fmt", "©gen", "©grp", "©hst", "©inf", "©lyr", "©mak", "©mod", "©nam",
        "©ope", "©prd", "©prf", "©req", "©src", "©st3", "©swr", "©too", "©trk", "©url", "©wrn", "©wrt", "©xyz",
        "meta", "hdlr", "ilst", "keys", "free", "skip",
    ]

    /// The atom FFmpeg's `key` names, when the key is a four-character code FFmpeg has no word
    /// for (``code(ofKey:)``). (An `mdta` key of the same shape is told apart by the caller: it
    /// is no atom of the movie's user data.)
    init?(key: String) {
        guard !Self.ffmpegWords.contains(key), let code = Self.code(ofKey: key) else { return nil }
        self.code = code
    }

    /// The atom code a key spells as `av_fourcc_make_string` writes one: four characters that
    /// are letters, digits, space, `.`, `-` or `_`, or `[N]` for any other byte.
    static func code(ofKey key: String) -> String? {
        var scalars = Substring(key).unicodeScalars[...]
        var code = ""
        while let first = scalars.first, code.unicodeScalars.count < 4 {
            if first == "[" {
                guard let close = scalars.firstIndex(of: "]"),
                    let byte = UInt8(String(scalars[scalars.index(after: scalars.startIndex)..<close]))
                else { return nil }
                // QuickTime's atom codes are Mac OS Roman; `©` (0xA9) is the one in use.
                code.unicodeScalars.append(byte == 0xA9 ? "©" : Unicode.Scalar(byte))
                scalars = scalars[scalars.index(after: close)...]
            } else {
                guard first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first) || " .-_".unicodeScalars.contains(first) else { return nil }
                code.unicodeScalars.append(first)
                scalars = scalars.dropFirst()
            }
        }
        guard scalars.isEmpty, code.unicodeScalars.count == 4 else { return nil }
        return code
    }

    var meaning: Meaning? { Self.known[code] }

    /// Why the atom is a place not read, or `nil` when it is read whole.
    var unreadReason: String? {
        switch meaning {
        case .nothingWithheld: return nil
        case .leadingMake: return "the `\(code)` atom, a camera maker's block: its make is read, the settings after it (model, serial numbers) are not"
        case .undecoded3GPPText: return "the 3GPP `\(code)` box, whose text FFmpeg does not decode"
        case nil: return "the `\(code)` atom, whose contents rial does not know (FFmpeg reads at most its text up to the first zero byte)"
        }
    }
}
