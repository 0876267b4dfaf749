/// Why the builder could not do what a test asked (a broken test, not a finding).
struct BuilderError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
