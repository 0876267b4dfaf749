import RialErrors

/// An error from writing, reading or validating XML.
package typealias XMLError = CodedError<XMLErrorCode>

package struct XMLErrorCode: RialErrorCode {
    package let rawValue: String
    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// A libxml2 text-writer call failed.
    package static let writeFailed = Self("xml.write-failed")
    /// The bytes are not well-formed XML.
    package static let malformed = Self("xml.malformed")
    /// A well-formed document that the schema rejects.
    package static let invalid = Self("xml.invalid")
    /// The schema cannot be read or is not a valid XML Schema.
    package static let invalidSchema = Self("xml.schema.invalid")
    /// libxml2 could not allocate what it needed.
    package static let libraryFailure = Self("xml.library-failure")
}
