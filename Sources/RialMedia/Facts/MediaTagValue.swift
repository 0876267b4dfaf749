/// A fact read from one embedded tag: its text and the tag it came from (``MediaTag/name``).
public struct MediaTagValue: Hashable, Sendable {
    /// The text, as stored (capped like every tag value).
    public var text: String
    /// The tag it was read from, e.g. `©mak/manu`, `com.apple.quicktime.make`, `Make`.
    public var tag: String

    /// - Parameters:
    ///   - text: the text.
    ///   - tag: the tag it came from.
    public init(_ text: String, tag: String) {
        self.text = text
        self.tag = tag
    }
}
