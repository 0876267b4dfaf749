import Foundation

/// ffprobe's view of a movie (`-show_streams -show_format -count_packets -of json`).
struct FFprobeReport {
    let format: [String: Any]
    let streams: [[String: Any]]

    init(_ file: URL) throws {
        let data = try MediaTools.run("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-count_packets", "-of", "json", file.path])
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        format = root["format"] as? [String: Any] ?? [:]
        streams = root["streams"] as? [[String: Any]] ?? []
    }

    var formatTags: [String: String] { format["tags"] as? [String: String] ?? [:] }

    /// The first video stream.
    var video: [String: Any]? { streams.first { $0["codec_type"] as? String == "video" } }

    /// The video's display matrix rotation as ffprobe prints it, or 0 without one.
    var rotation: Double {
        let sideData = video?["side_data_list"] as? [[String: Any]] ?? []
        let matrix = sideData.first { $0["side_data_type"] as? String == "Display Matrix" }
        return (matrix?["rotation"] as? NSNumber)?.doubleValue ?? 0
    }

    static func int(_ value: Any?) -> Int64? {
        if let number = value as? NSNumber { return number.int64Value }
        if let text = value as? String { return Int64(text) }
        return nil
    }
}

/// exiftool's view of a file (`-j -n -G1 -a`: numbers, group-qualified names, duplicates kept).
struct ExifToolReport {
    let tags: [String: Any]

    init(_ file: URL) throws {
        let data = try MediaTools.run("exiftool", ["-j", "-n", "-G1", "-a", file.path])
        tags = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first ?? [:]
    }

    func number(_ name: String) -> Double? { (tags[name] as? NSNumber)?.doubleValue }
    func text(_ name: String) -> String? {
        if let text = tags[name] as? String { return text }
        return (tags[name] as? NSNumber)?.stringValue
    }

    /// The tag names of a group, without the group (`GPS:GPSLatitude` gives `GPSLatitude`).
    func names(inGroup group: String) -> Set<String> {
        Set(tags.keys.filter { $0.hasPrefix(group + ":") }.map { String($0.dropFirst(group.count + 1)) })
    }
}
