/// A count with its noun in agreement: "1 file", "2 files", "0 files".
enum Counted {
    /// - Parameters:
    ///   - count: how many.
    ///   - singular: the noun for one.
    ///   - plural: the noun for any other count; `singular` + "s" by default.
    static func text(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
