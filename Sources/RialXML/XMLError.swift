import RialErrors

/// An error from writing, reading or validating XML.
package struct XMLError: RialError {
    package struct Code: RialErrorCode {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }

        /// A libxml2 text-writer call failed.
        package static let writeFailed = Code("xml.write-failed")
        /// The bytes are not well-formed XML.
        package static let malformed = Code("xml.malformed")
        /// A well-formed document that the schema rejects.
        package static let invalid = Code("xml.invalid")
        /// The schema cannot be read or is not a valid XML Schema.
        package static let invalidSchema = Code("xml.schema.invalid")
        /// libxml2 could not allocate what it needed.
        package static let libraryFailure = Code("xml.library-failure")
    }

    package let code: Code
    package let reason: String
    /// libxml2's own messages (``XMLDiagnostics``), when it gave any.
    package let cause: (any Error)?
    /// Line and column in the document or schema, when libxml2 knows them.
    package let location: String?
    package let file: String
    package let line: Int

    package init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
                file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }
}
