/// The outcome of one check. Only ``pass`` says something was checked and found right.
public enum CheckStatus: String, Sendable, Hashable, CaseIterable {
    /// Checked, and it holds.
    case pass
    /// Checked, and it does not hold.
    case fail
    /// The thing to check is not in the package (e.g. an unsealed package has no seal).
    case notPresent = "not_present"
    /// Present, but not checked; the result says why.
    case notChecked = "not_checked"

    /// How the text report prints it.
    public var label: String {
        switch self {
        case .pass: return "PASS"
        case .fail: return "FAIL"
        case .notPresent: return "NOT PRESENT"
        case .notChecked: return "NOT CHECKED"
        }
    }
}
