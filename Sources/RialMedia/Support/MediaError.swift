package import RialErrors

/// An error from probing media: the probe could not be run at all, or the input could not be
/// opened. What the probe found about the media itself, including that it is unreadable, is a
/// ``MediaProbeOutcome``, never an error.
package typealias MediaError = CodedError<MediaErrorCode>

/// A stable, extensible identifier of what went wrong.
package struct MediaErrorCode: RialErrorCode {
    package let rawValue: String
    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// The `rial-media-probe` executable is not where it is looked for.
    package static let probeMissing = Self("media.probe.missing")
    /// The probe could not be started (posix_spawn, pipes).
    package static let probeNotStarted = Self("media.probe.not-started")
    /// The file holding the media cannot be opened, or the byte range is not inside it.
    package static let inputUnreadable = Self("media.input.unreadable")
    /// Limits or arguments that make no sense (negative sizes, a range past `Int64.max`).
    package static let invalidArgument = Self("media.argument.invalid")
}
