/// A span of media time as the container counts it: a number of ticks of a time base.
///
/// Kept as the container's integers so that comparisons can be exact; ``seconds`` is for people.
package struct MediaDuration: Hashable, Sendable, CustomStringConvertible {
    /// Ticks of ``timeBase``; never negative.
    package let ticks: Int64
    /// Seconds per tick, e.g. 1/90000 or, for FFmpeg's container duration, 1/1000000.
    package let timeBase: MediaRational

    /// A duration; `nil` for negative ticks or a non-positive time base.
    /// - Parameters:
    ///   - ticks: ticks of `timeBase`.
    ///   - timeBase: seconds per tick.
    package init?(ticks: Int64, timeBase: MediaRational) {
        guard ticks >= 0, timeBase.numerator > 0 else { return nil }
        self.ticks = ticks
        self.timeBase = timeBase
    }

    /// The duration in seconds (rounded to the nearest `Double`).
    package var seconds: Double { Double(ticks) * timeBase.value }

    /// The duration in whole milliseconds, rounded down; `nil` if it does not fit in `Int64`.
    package var milliseconds: Int64? {
        let (scaled, overflow) = ticks.multipliedReportingOverflow(by: timeBase.numerator)
        guard !overflow else { return nil }
        let (millis, overflow2) = scaled.multipliedReportingOverflow(by: 1000)
        guard !overflow2 else { return nil }
        return millis / timeBase.denominator
    }

    /// The integers as stated, e.g. `5120 × 1/10240 s`.
    package var description: String { "\(ticks) × \(timeBase) s" }
}
