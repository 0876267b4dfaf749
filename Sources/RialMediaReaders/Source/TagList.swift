import RialMedia

/// Collects a file's metadata entries within the limits: the first ``MediaProbeLimits/maxTags``
/// are kept, the rest counted; every name and value is valid, bounded UTF-8.
struct TagList {
    private(set) var tags: [MediaTag] = []
    private(set) var omittedCount = 0
    /// Places the reader did not read, each saying why (``MediaFacts/unread``).
    private(set) var unread: [String] = []
    let limits: MediaProbeLimits

    init(limits: MediaProbeLimits) {
        self.limits = limits
    }

    /// Adds an entry whose value is text (a C string from the library).
    mutating func add(name: String, key: String, scope: String, value: UnsafePointer<CChar>?) {
        add(name: name, key: key, scope: scope, decoded: MediaText.decode(cString: value, maxBytes: limits.maxTagValueBytes) ?? ("", false))
    }

    /// Adds an entry whose value is bytes.
    mutating func add<Bytes: Collection>(name: String, key: String, scope: String, bytes: Bytes) where Bytes.Element == UInt8 {
        add(name: name, key: key, scope: scope, decoded: MediaText.decode(bytes, maxBytes: limits.maxTagValueBytes))
    }

    private mutating func add(name: String, key: String, scope: String, decoded: (text: String, isTruncated: Bool)) {
        guard tags.count < limits.maxTags else {
            omittedCount += 1
            return
        }
        tags.append(
            MediaTag(
                name: Self.bounded(name), key: Self.bounded(key), scope: Self.bounded(scope),
                value: decoded.text, isValueTruncated: decoded.isTruncated))
    }

    /// Adds what another reader found inside this file (a thumbnail's own metadata), each tag
    /// and place not read under `scope`, and the tags it omitted.
    mutating func merge(_ facts: MediaFacts, scope: String) {
        for tag in facts.tags {
            add(name: tag.name, key: tag.key, scope: scope + " " + tag.scope, decoded: (tag.value, tag.isValueTruncated))
        }
        omittedCount += facts.omittedTagCount
        for place in facts.unread { markUnread(scope + ": " + place) }
    }

    /// Adds another list's tags and places not read, as they are.
    mutating func append(_ other: TagList) {
        for tag in other.tags { add(name: tag.name, key: tag.key, scope: tag.scope, decoded: (tag.value, tag.isValueTruncated)) }
        omittedCount += other.omittedCount
        for place in other.unread { markUnread(place) }
    }

    /// Records a place of the file whose metadata was not read: the privacy audit cannot say
    /// what it holds, and says so (fails closed).
    mutating func markUnread(_ place: String) {
        if unread.count < MediaFacts.maxUnread - 1 {
            unread.append(MediaText.cut(place, toUTF8Count: limits.maxTagValueBytes))
        } else if unread.count == MediaFacts.maxUnread - 1 {
            unread.append("and more places not read")
        }
    }

    /// A name cut to ``MediaTag/maxNameBytes``.
    static func bounded(_ name: String) -> String {
        name.utf8.count <= MediaTag.maxNameBytes ? name : MediaText.cut(name, toUTF8Count: MediaTag.maxNameBytes)
    }
}
