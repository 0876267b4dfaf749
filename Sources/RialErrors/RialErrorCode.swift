/// A stable, extensible identifier of what went wrong: a dotted string such as `json.invalid`.
///
/// Each module's error declares its own `Code` conforming to this protocol and adds its codes
/// as `static let`s; a caller can make a new one with `init(_:)`. The raw value is what
/// reports print and tests compare, so a code's string never changes once published.
public protocol RialErrorCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as reports print it.
    var rawValue: String { get }

    /// A code with this raw value.
    /// - Parameter rawValue: the dotted string, e.g. `archive.truncated`.
    init(_ rawValue: String)
}

extension RialErrorCode {
    /// The raw value.
    public var description: String { rawValue }
}
