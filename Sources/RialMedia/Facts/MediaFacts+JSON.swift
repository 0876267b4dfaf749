import RialFormatCore

// The facts as the probe writes them on standard output and the parent reads them back. The
// parent reads with `StrictJSONParser` and checks every key, type, range and count here: the
// child faced hostile input and its reply is data, not trusted code output.

extension MediaFacts {
    /// The facts as JSON (keys in snake case, absent facts left out).
    package func json() -> JSONValue {
        var object: JSONObject = [:]
        object["container"] = container.json()
        object["streams"] = .array(streams.map { $0.json() })
        object["video"] = video.map { $0.json() }
        object["image"] = image.map { $0.json() }
        object["duration"] = duration.map { $0.json() }
        object["creation_time"] = creationTime.map { $0.json() }
        object["location"] = location.map { $0.json() }
        object["make"] = make.map { $0.json() }
        object["model"] = model.map { $0.json() }
        object["software"] = software.map { $0.json() }
        object["tags"] = .array(tags.map { $0.json() })
        object["omitted_tag_count"] = .integer(Int64(omittedTagCount))
        object["unread"] = .array(unread.map { .string($0) })
        return .object(object)
    }

    /// Reads facts that ``json()`` wrote, refusing any other shape and anything beyond `limits`.
    /// - Parameters:
    ///   - json: the value.
    ///   - limits: the limits the probe ran with: stream and tag counts, tag value sizes.
    /// - Throws: ``FormatError`` `.invalidField` / `.missingField` naming the JSON path.
    package init(json: JSONValue, limits: MediaProbeLimits) throws(FormatError) {
        let reader = try JSONFieldReader(
            json, path: "facts",
            allowedKeys: [
                "container", "streams", "video", "image", "duration", "creation_time", "location", "make", "model",
                "software", "tags", "omitted_tag_count", "unread",
            ])
        let textLimit = limits.maxTagValueBytes
        let streams = try reader.array("streams")
        guard streams.count <= limits.maxStreams else {
            throw FormatError(.invalidField, "facts.streams has \(streams.count) streams, more than the limit of \(limits.maxStreams)")
        }
        let tags = try reader.array("tags")
        guard tags.count <= limits.maxTags else {
            throw FormatError(.invalidField, "facts.tags has \(tags.count) tags, more than the limit of \(limits.maxTags)")
        }
        self.init(
            container: try MediaContainer(json: try reader.value("container"), path: reader.path(of: "container")),
            streams: try streams.enumerated().map { (index, value) throws(FormatError) in
                try MediaStream(json: value, path: "facts.streams[\(index)]")
            },
            video: try reader.optional("video") { (value, path) throws(FormatError) in try MediaVideo(json: value, path: path) },
            image: try reader.optional("image") { (value, path) throws(FormatError) in try MediaImage(json: value, path: path) },
            duration: try reader.optional("duration") { (value, path) throws(FormatError) in try MediaDuration(json: value, path: path) },
            creationTime: try reader.optional("creation_time") { (value, path) throws(FormatError) in
                try MediaTagValue(json: value, path: path, maxTextBytes: textLimit)
            },
            location: try reader.optional("location") { (value, path) throws(FormatError) in
                try MediaLocation(json: value, path: path, maxTextBytes: textLimit)
            },
            make: try reader.optional("make") { (value, path) throws(FormatError) in
                try MediaTagValue(json: value, path: path, maxTextBytes: textLimit)
            },
            model: try reader.optional("model") { (value, path) throws(FormatError) in
                try MediaTagValue(json: value, path: path, maxTextBytes: textLimit)
            },
            software: try reader.optional("software") { (value, path) throws(FormatError) in
                try MediaTagValue(json: value, path: path, maxTextBytes: textLimit)
            },
            tags: try tags.enumerated().map { (index, value) throws(FormatError) in
                try MediaTag(json: value, path: "facts.tags[\(index)]", maxValueBytes: textLimit)
            },
            omittedTagCount: Int(try reader.integer("omitted_tag_count", in: 0...Int64(Int32.max))),
            unread: try Self.unread(reader, maxTextBytes: textLimit)
        )
    }

    private static func unread(_ reader: JSONFieldReader, maxTextBytes: Int) throws(FormatError) -> [String] {
        guard reader.has("unread") else { return [] }
        let list = try reader.array("unread")
        guard list.count <= maxUnread else {
            throw FormatError(.invalidField, "facts.unread lists \(list.count) places, more than \(maxUnread)")
        }
        return try list.enumerated().map { (index, value) throws(FormatError) in
            guard let text = value.stringValue, !text.isEmpty, text.utf8.count <= maxTextBytes else {
                throw FormatError(.invalidField, "facts.unread[\(index)] must be a string of 1 to \(maxTextBytes) bytes")
            }
            return text
        }
    }
}

/// Bounds on what the probe may state: no real container has more pixels, and a name longer
/// than ``MediaTag/maxNameBytes`` is not a name.
private enum Bound {
    static let dimension: ClosedRange<Int64> = 0...Int64(MediaFacts.maxDimension)
    static let nameBytes = MediaTag.maxNameBytes
}

extension JSONFieldReader {
    /// The member `key` read by `read`, or `nil` when it is absent.
    fileprivate func optional<T>(_ key: String, _ read: (JSONValue, String) throws(FormatError) -> T) throws(FormatError) -> T? {
        guard has(key) else { return nil }
        return try read(try value(key), path(of: key))
    }

    /// A string of at most `maxBytes` UTF-8 bytes.
    fileprivate func text(_ key: String, maxBytes: Int) throws(FormatError) -> String {
        let text = try string(key)
        guard text.utf8.count <= maxBytes else {
            throw FormatError(.invalidField, "\(path(of: key)) is longer than \(maxBytes) bytes")
        }
        return text
    }

    fileprivate func optionalText(_ key: String, maxBytes: Int) throws(FormatError) -> String? {
        guard has(key) else { return nil }
        return try text(key, maxBytes: maxBytes)
    }

    /// A finite number in `range`.
    fileprivate func double(_ key: String, in range: ClosedRange<Double>) throws(FormatError) -> Double {
        guard let number = try value(key).doubleValue, number.isFinite, range.contains(number) else {
            throw FormatError(.invalidField, "\(path(of: key)) must be a number in \(range)")
        }
        return number
    }

    fileprivate func bool(_ key: String) throws(FormatError) -> Bool {
        guard let flag = try value(key).boolValue else { throw FormatError(.invalidField, "\(path(of: key)) must be true or false") }
        return flag
    }

    fileprivate func dimension(_ key: String) throws(FormatError) -> Int {
        Int(try integer(key, in: Bound.dimension))
    }

    fileprivate func rational(_ key: String) throws(FormatError) -> MediaRational {
        try MediaRational(json: try value(key), path: path(of: key))
    }
}

extension MediaRational {
    func json() -> JSONValue { .object(["num": .integer(numerator), "den": .integer(denominator)]) }

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["num", "den"])
        let limit = Int64(Int32.max)
        guard let rational = MediaRational(try reader.integer("num", in: -limit...limit), try reader.integer("den", in: 1...limit)) else {
            throw FormatError(.invalidField, "\(path) is not a fraction")
        }
        self = rational
    }
}

extension MediaDuration {
    func json() -> JSONValue { .object(["ticks": .integer(ticks), "time_base": timeBase.json()]) }

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["ticks", "time_base"])
        let ticks = try reader.integer("ticks", in: 0...MediaFacts.maxExactInteger)
        guard let duration = MediaDuration(ticks: ticks, timeBase: try reader.rational("time_base")) else {
            throw FormatError(.invalidField, "\(path).time_base must be positive")
        }
        self = duration
    }
}

extension MediaContainer {
    func json() -> JSONValue {
        var object: JSONObject = ["kind": .string(kind.rawValue), "format": .string(formatName)]
        object["major_brand"] = majorBrand.map { .string($0) }
        object["compatible_brands"] = .array(compatibleBrands.map { .string($0) })
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["kind", "format", "major_brand", "compatible_brands"])
        guard let kind = MediaContainerKind(rawValue: try reader.string("kind")) else {
            throw FormatError(.invalidField, "\(path).kind is not one of \(MediaContainerKind.allCases.map(\.rawValue))")
        }
        let brands = try reader.array("compatible_brands")
        guard brands.count <= 64 else { throw FormatError(.invalidField, "\(path).compatible_brands has more than 64 brands") }
        self.init(
            kind: kind,
            formatName: try reader.text("format", maxBytes: Bound.nameBytes),
            majorBrand: try reader.optionalText("major_brand", maxBytes: 16),
            compatibleBrands: try brands.map { (value) throws(FormatError) in
                guard let brand = value.stringValue, brand.utf8.count <= 16 else {
                    throw FormatError(.invalidField, "\(path).compatible_brands must hold short strings")
                }
                return brand
            }
        )
    }
}

extension MediaStream {
    func json() -> JSONValue {
        .object(["index": .integer(Int64(index)), "type": .string(type), "codec": .string(codec)])
    }

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["index", "type", "codec"])
        self.init(
            index: Int(try reader.integer("index", in: 0...1024)),
            type: try reader.text("type", maxBytes: Bound.nameBytes),
            codec: try reader.text("codec", maxBytes: Bound.nameBytes))
    }
}

extension MediaVideo {
    func json() -> JSONValue {
        var object: JSONObject = [
            "stream_index": .integer(Int64(streamIndex)), "codec": .string(codec),
            "coded_width": .integer(Int64(codedWidth)), "coded_height": .integer(Int64(codedHeight)),
            "display_width": .integer(Int64(displayWidth)), "display_height": .integer(Int64(displayHeight)),
            "rotation": .number(rotation), "size_source": .string(sizeSource.rawValue),
            "container_width": .integer(Int64(containerSize.width)), "container_height": .integer(Int64(containerSize.height)),
        ]
        object["codec_tag"] = codecTag.map { .string($0) }
        object["duration"] = duration.map { $0.json() }
        object["frame_count"] = frameCount.map { .integer($0) }
        object["frame_count_source"] = frameCountSource.map { .string($0.rawValue) }
        object["average_frame_rate"] = averageFrameRate.map { $0.json() }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(
            json, path: path,
            allowedKeys: [
                "stream_index", "codec", "codec_tag", "coded_width", "coded_height", "display_width", "display_height",
                "rotation", "duration", "frame_count", "frame_count_source", "average_frame_rate",
                "size_source", "container_width", "container_height",
            ])
        guard let sizeSource = MediaSizeSource(rawValue: try reader.string("size_source")) else {
            throw FormatError(.invalidField, "\(path).size_source must be parameter-sets or container")
        }
        var source: MediaFrameCountSource?
        if reader.has("frame_count_source") {
            guard let known = MediaFrameCountSource(rawValue: try reader.string("frame_count_source")) else {
                throw FormatError(.invalidField, "\(path).frame_count_source must be header or packets")
            }
            source = known
        }
        guard reader.has("frame_count") == (source != nil) else {
            throw FormatError(.invalidField, "\(path): frame_count and frame_count_source go together")
        }
        self.init(
            streamIndex: Int(try reader.integer("stream_index", in: 0...1024)),
            codec: try reader.text("codec", maxBytes: Bound.nameBytes),
            codecTag: try reader.optionalText("codec_tag", maxBytes: 16),
            codedWidth: try reader.dimension("coded_width"), codedHeight: try reader.dimension("coded_height"),
            sizeSource: sizeSource,
            containerSize: MediaImageSize(width: try reader.dimension("container_width"), height: try reader.dimension("container_height")),
            displayWidth: try reader.dimension("display_width"), displayHeight: try reader.dimension("display_height"),
            rotation: try reader.double("rotation", in: 0...360),
            duration: try reader.optional("duration") { (value, path) throws(FormatError) in try MediaDuration(json: value, path: path) },
            frameCount: reader.has("frame_count") ? try reader.integer("frame_count", in: 0...MediaFacts.maxExactInteger) : nil,
            frameCountSource: source,
            averageFrameRate: reader.has("average_frame_rate") ? try reader.rational("average_frame_rate") : nil
        )
        guard rotation < 360 else { throw FormatError(.invalidField, "\(path).rotation must be below 360") }
    }
}

extension MediaImage {
    func json() -> JSONValue {
        var object: JSONObject = [
            "coded_width": .integer(Int64(codedSize.width)), "coded_height": .integer(Int64(codedSize.height)),
            "display_width": .integer(Int64(displaySize.width)), "display_height": .integer(Int64(displaySize.height)),
            "image_count": .integer(Int64(imageCount)),
        ]
        object["codec"] = codec.map { .string($0) }
        object["rotation"] = rotation.map { .number($0) }
        object["depth_width"] = depthSize.map { .integer(Int64($0.width)) }
        object["depth_height"] = depthSize.map { .integer(Int64($0.height)) }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(
            json, path: path,
            allowedKeys: [
                "codec", "coded_width", "coded_height", "display_width", "display_height", "rotation", "depth_width",
                "depth_height", "image_count",
            ])
        guard reader.has("depth_width") == reader.has("depth_height") else {
            throw FormatError(.invalidField, "\(path): depth_width and depth_height go together")
        }
        var depth: MediaImageSize?
        if reader.has("depth_width") {
            depth = MediaImageSize(width: try reader.dimension("depth_width"), height: try reader.dimension("depth_height"))
        }
        var rotation: Double?
        if reader.has("rotation") {
            rotation = try reader.double("rotation", in: 0...360)
            guard rotation != 360 else { throw FormatError(.invalidField, "\(path).rotation must be below 360") }
        }
        self.init(
            codec: try reader.optionalText("codec", maxBytes: Bound.nameBytes),
            codedSize: MediaImageSize(width: try reader.dimension("coded_width"), height: try reader.dimension("coded_height")),
            displaySize: MediaImageSize(width: try reader.dimension("display_width"), height: try reader.dimension("display_height")),
            rotation: rotation,
            depthSize: depth,
            imageCount: Int(try reader.integer("image_count", in: 0...Int64(MediaImage.maxImageCount)))
        )
    }
}

extension MediaTagValue {
    func json() -> JSONValue { .object(["text": .string(text), "tag": .string(tag)]) }

    init(json: JSONValue, path: String, maxTextBytes: Int) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["text", "tag"])
        self.init(try reader.text("text", maxBytes: maxTextBytes), tag: try reader.text("tag", maxBytes: Bound.nameBytes))
    }
}

extension MediaLocation {
    func json() -> JSONValue {
        var object: JSONObject = ["latitude": .number(latitude), "longitude": .number(longitude)]
        object["altitude"] = altitude.map { .number($0) }
        object["tag"] = .string(tag)
        object["text"] = .string(text)
        return .object(object)
    }

    init(json: JSONValue, path: String, maxTextBytes: Int) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["latitude", "longitude", "altitude", "tag", "text"])
        self.init(
            latitude: try reader.double("latitude", in: -90...90),
            longitude: try reader.double("longitude", in: -180...180),
            altitude: reader.has("altitude") ? try reader.double("altitude", in: -MediaLocation.maxAltitude...MediaLocation.maxAltitude) : nil,
            tag: try reader.text("tag", maxBytes: Bound.nameBytes),
            text: try reader.text("text", maxBytes: maxTextBytes)
        )
    }
}

extension MediaTag {
    func json() -> JSONValue {
        .object([
            "name": .string(name), "key": .string(key), "scope": .string(scope), "value": .string(value),
            "truncated": .bool(isValueTruncated),
        ])
    }

    init(json: JSONValue, path: String, maxValueBytes: Int) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["name", "key", "scope", "value", "truncated"])
        self.init(
            name: try reader.text("name", maxBytes: Bound.nameBytes), key: try reader.text("key", maxBytes: Bound.nameBytes),
            scope: try reader.text("scope", maxBytes: Bound.nameBytes), value: try reader.text("value", maxBytes: maxValueBytes),
            isValueTruncated: try reader.bool("truncated"))
    }
}
