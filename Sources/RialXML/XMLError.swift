public import RialErrors

/// An error from writing, reading or validating XML.
public struct XMLError: RialError {
    public struct Code: RialErrorCode {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A libxml2 text-writer call failed.
        public static let writeFailed = Code("xml.write-failed")
        /// The bytes are not well-formed XML.
        public static let malformed = Code("xml.malformed")
        /// A well-formed document that the schema rejects.
        public static let invalid = Code("xml.invalid")
        /// The schema cannot be read or is not a valid XML Schema.
        public static let invalidSchema = Code("xml.schema.invalid")
        /// libxml2 could not allocate what it needed.
        public static let libraryFailure = Code("xml.library-failure")
    }

    public let code: Code
    public let reason: String
    /// libxml2's own messages (``XMLDiagnostics``), when it gave any.
    public let cause: (any Error)?
    /// Line and column in the document or schema, when libxml2 knows them.
    public let location: String?
    public let file: String
    public let line: Int

    public init(_ code: Code, _ reason: String, cause: (any Error)? = nil, location: String? = nil,
                file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.cause = cause
        self.location = location
        self.file = file
        self.line = line
    }
}
