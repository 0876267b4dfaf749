/// Bounds a JSON parse so that hostile input costs at most a known amount of memory and time.
package struct JSONLimits: Sendable, Hashable {
    /// Largest document accepted, in bytes.
    package var maxBytes: Int
    /// Deepest nesting of arrays and objects accepted.
    package var maxDepth: Int
    /// Longest string accepted, in bytes after unescaping.
    package var maxStringBytes: Int

    package init(maxBytes: Int = 64 << 20, maxDepth: Int = 64, maxStringBytes: Int = 1 << 20) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    package static let `default` = JSONLimits()

    /// The largest integer magnitude every JSON reader reads exactly: 2^53 - 1.
    package static let maxSafeInteger: UInt64 = (1 << 53) - 1
}
