import Foundation

/// The capture app's forensic manifest, `recording_<n>.manifest.json` (`schema/SPEC.md` §2.2):
/// what the app's `CryptographicHashService.createForensicManifest()` writes when a recording
/// ends, as Swift's `JSONEncoder` encodes it (camelCase keys, `Data` as base64, dates by
/// ``AppDate``): the media's SHA-256 and SHA-512, the NTP check of the device clock and the
/// RFC 3161 tokens the app obtained for the media.
///
/// Not to be confused with `rial/manifest.json`, rial's own.
package struct AppForensicManifest: Sendable, Hashable {
    /// The app's NTP comparison of its clock (`TimestampVerificationService`).
    package struct ClockCheck: Sendable, Hashable {
        package let ntpServer: String
        package let ntpTime: AppDate
        package let localTime: AppDate
        /// Seconds, device clock minus NTP time, as the app computed it.
        package let timeDifference: Double
    }

    /// One RFC 3161 answer the app stored (`requestTimestampToken()`).
    package struct Token: Sendable, Hashable {
        /// The TSA the app asked, as it names it (a URL); informative only.
        package let authority: String
        /// The DER bytes: a TimeStampResp, or a bare TimeStampToken; empty when `token` is not
        /// base64 of any (``encodingProblem``).
        package let der: [UInt8]
        package let requestedAt: AppDate?
        /// Why `token` yields no DER to read, naming the key: the token is then malformed, not
        /// the manifest (its digests still stand), so it is judged on its own.
        package let encodingProblem: String?
    }

    /// The media's file name in the export.
    package let fileName: String
    package let fileSize: Int64?
    /// Lowercase hex.
    package let sha256: String
    package let sha512: String
    package let createdAt: AppDate?
    package let clockCheck: ClockCheck?
    package let tokens: [Token]
    /// Keys this reading does not define, as JSON paths: carried, reported as not interpreted.
    package let unreadKeys: [String]

    /// The keys of §2.2, at the top level and in their objects.
    package static let keys: Set<String> = ["fileName", "fileSize", "sha256Hash", "sha512Hash", "createdAt", "verifiedTimestamp", "timestampTokens"]
    static let clockKeys: Set<String> = ["ntpServer", "ntpTime", "localTime", "timeDifference"]
    static let tokenKeys: Set<String> = ["authority", "token", "requestedAt"]
    /// The most tokens read (the app asks each of three TSAs at most once).
    package static let maxTokens = 16
    /// The largest token read: a TimeStampResp with its TSA's chain is a few KiB.
    package static let maxTokenBytes = 64 << 10

    /// - Parameter source: the file's name, for messages.
    /// - Throws: ``FormatError`` naming the key.
    package init(json: JSONValue, source: String) throws(FormatError) {
        let root = try JSONFieldReader(json, path: source, allowedKeys: nil)
        var unread = json.objectValue?.keys.filter { !Self.keys.contains($0) } ?? []
        fileName = try root.string("fileName")
        guard !fileName.isEmpty, !fileName.contains("/") else {
            throw FormatError(.invalidField, "\(root.path(of: "fileName")) must be a file name, without /")
        }
        fileSize = root.has("fileSize") ? try root.integer("fileSize") : nil
        sha256 = try root.digest("sha256Hash", byteCount: 32)
        sha512 = try root.digest("sha512Hash", byteCount: 64)
        createdAt = root.has("createdAt") ? try AppDate(json: root.value("createdAt"), path: root.path(of: "createdAt")) : nil
        if root.has("verifiedTimestamp") {
            let path = root.path(of: "verifiedTimestamp")
            let value = try root.value("verifiedTimestamp")
            let clock = try JSONFieldReader(value, path: path, allowedKeys: nil)
            unread += value.objectValue?.keys.filter { !Self.clockKeys.contains($0) }.map { "verifiedTimestamp.\($0)" } ?? []
            guard let difference = try clock.value("timeDifference").doubleValue else {
                throw FormatError(.invalidField, "\(clock.path(of: "timeDifference")) must be a number of seconds")
            }
            clockCheck = ClockCheck(
                ntpServer: try clock.string("ntpServer"),
                ntpTime: try AppDate(json: clock.value("ntpTime"), path: clock.path(of: "ntpTime")),
                localTime: try AppDate(json: clock.value("localTime"), path: clock.path(of: "localTime")),
                timeDifference: difference)
        } else {
            clockCheck = nil
        }
        var tokens: [Token] = []
        if root.has("timestampTokens") {
            let list = try root.array("timestampTokens")
            guard list.count <= Self.maxTokens else {
                throw FormatError(.limitExceeded, "\(root.path(of: "timestampTokens")) lists \(list.count) tokens; at most \(Self.maxTokens) are read")
            }
            for (index, element) in list.enumerated() {
                let path = "\(root.path(of: "timestampTokens"))[\(index)]"
                let reader = try JSONFieldReader(element, path: path, allowedKeys: nil)
                unread += element.objectValue?.keys.filter { !Self.tokenKeys.contains($0) }.map { "timestampTokens[\(index)].\($0)" } ?? []
                let text = try reader.string("token")
                var der: [UInt8] = []
                var problem: String?
                if text.utf8.count > Self.maxTokenBytes / 3 * 4 + 4 {
                    problem =
                        "\(reader.path(of: "token")) is \(text.utf8.count) characters, more than the base64 of the \(Self.maxTokenBytes) bytes an RFC 3161 response is read up to"
                } else if let data = Data(base64Encoded: text), !data.isEmpty {
                    der = Array(data)
                } else if text.isEmpty {
                    problem = "\(reader.path(of: "token")) is empty, so it holds no RFC 3161 response"
                } else {
                    problem =
                        "\(reader.path(of: "token")) is not base64 as the app writes it (Foundation's Data(base64Encoded:), no options: padding required, no line breaks or spaces), so it yields no RFC 3161 response: \(QuotedValue.quoted(text))"
                }
                tokens.append(
                    Token(
                        authority: try reader.string("authority"), der: der,
                        requestedAt: reader.has("requestedAt") ? try AppDate(json: reader.value("requestedAt"), path: reader.path(of: "requestedAt")) : nil,
                        encodingProblem: problem))
            }
        }
        self.tokens = tokens
        unreadKeys = unread.sorted()
    }
}
