/// Who verified (`rial verify --examiner "NAME, ORG"`) and on which machine: what an expert
/// witness testifies to, named in the report's settings and the court report's "How it was
/// verified". Stated by the person verifying, not proven: a signed receipt is what ties it to
/// a key.
public struct Examiner: Sendable, Equatable {
    /// As given, e.g. "A. Expert, Forensic Lab Ltd".
    public let name: String
    /// The machine's host name when the report was made.
    public let host: String

    /// - Parameters:
    ///   - name: who verifies, as stated.
    ///   - host: the machine's host name.
    public init(name: String, host: String) {
        self.name = name
        self.host = host
    }
}
