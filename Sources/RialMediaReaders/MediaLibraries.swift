#if canImport(Glibc)
import Glibc
#endif
internal import CRialAVFormat
internal import CRialHEIF
import RialMedia

/// The media libraries this process has loaded, as they say themselves (FFmpeg, libheif) or, for
/// those with no version call (libexif, libiptcdata, Exempi), by the file the process mapped
/// (`/proc/self/maps`: `libexif.so.12.3.4`). The probe states them in its reply so that a report
/// names what its media verdicts depended on. Read once, before the sandbox, which forbids
/// opening `/proc/self/maps` (``MediaReader/prepareForSandbox()``).
package enum MediaLibraries {
    /// Name and version, in a fixed order.
    package static let loaded: [MediaProbeEnvironment.Library] = {
        var found = [MediaProbeEnvironment.Library(name: "FFmpeg", version: String(cString: av_version_info()))]
        for (name, version) in [("libavformat", avformat_version()), ("libavcodec", avcodec_version()), ("libavutil", avutil_version())] {
            found.append(.init(name: name, version: "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"))
        }
        found.append(.init(name: "libheif", version: heif_get_version().map { String(cString: $0) } ?? "unknown"))
        let mapped = mappedFiles()
        for (name, prefix) in [("libexif", "libexif.so"), ("libiptcdata", "libiptcdata.so"), ("Exempi", "libexempi.so"), ("libseccomp", "libseccomp.so")] {
            if let file = mapped.first(where: { $0.hasPrefix(prefix) }) { found.append(.init(name: name, version: file)) }
        }
        return found
    }()

    /// The base names of the files this process has mapped.
    private static func mappedFiles() -> [String] {
        guard let file = fopen("/proc/self/maps", "re") else { return [] }
        defer { fclose(file) }
        var names: Set<String> = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let slash = text.lastIndex(of: "/") else { continue }
            names.insert(String(text[text.index(after: slash)...]))
        }
        return names.sorted()
    }
}
