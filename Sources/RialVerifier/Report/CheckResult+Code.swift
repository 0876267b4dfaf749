extension CheckResult {
    /// A stable dotted check code, e.g. `bag.manifest.sha256.mismatch`.
    ///
    /// Passing results carry the check's own code (`bag.manifest.sha256`); failures add what
    /// failed. Every code the verifier emits is a static constant of this type, declared in the
    /// `CheckResult.Code+<Area>.swift` files, each made from a case of its file's `CodeList`;
    /// ``all`` is every case of every list, derived, so a declared code cannot be left out of it.
    /// `schema/SPEC.md` §8.6 lists the same set, and a test holds the two against each other.
    /// Findings are selected by ``Family`` (``isIn(_:)``), never by a string prefix.
    public struct Code: Hashable, Sendable, CustomStringConvertible, Comparable {
        /// The code as reports print it.
        public let rawValue: String

        /// Package access for the report fuzzer, which renders codes of every shape; in the
        /// verifier a code is made only in the `CheckResult.Code+<Area>.swift` files (a test checks).
        package init(_ rawValue: String) { self.rawValue = rawValue }

        /// The raw value.
        public var description: String { rawValue }

        /// Orders codes by their raw values.
        public static func < (lhs: Code, rhs: Code) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
