/// An error from writing or validating XML.
public struct XMLError: Error, CustomStringConvertible, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
