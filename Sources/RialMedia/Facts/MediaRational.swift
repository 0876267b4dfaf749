/// An exact fraction, as containers state rates and time bases (e.g. 30000/1001 frames per second).
package struct MediaRational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator.
    package let numerator: Int64
    /// The denominator, always positive.
    package let denominator: Int64

    /// A fraction; `nil` when `denominator` is not positive (containers write 0/0 for "unknown").
    /// - Parameters:
    ///   - numerator: the numerator.
    ///   - denominator: the denominator, positive.
    package init?(_ numerator: Int64, _ denominator: Int64) {
        guard denominator > 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The fraction's value (rounded to the nearest `Double`).
    package var value: Double { Double(numerator) / Double(denominator) }

    /// `numerator/denominator`, as ffprobe writes rates.
    package var description: String { "\(numerator)/\(denominator)" }
}
