/// A fact read from one embedded tag: its text and the tag it came from (``MediaTag/name``).
package struct MediaTagValue: Hashable, Sendable {
    /// The text, as stored (capped like every tag value).
    package var text: String
    /// The tag it was read from, e.g. `©mak/manu`, `com.apple.quicktime.make`, `Make`.
    package var tag: String

    /// - Parameters:
    ///   - text: the text.
    ///   - tag: the tag it came from.
    package init(_ text: String, tag: String) {
        self.text = text
        self.tag = tag
    }
}
