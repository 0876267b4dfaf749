/// A picture's size in pixels.
package struct MediaImageSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int

    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`.
    package var description: String { "\(width)x\(height)" }
}
