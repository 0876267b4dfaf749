import Foundation

extension Array where Element == UInt8 {
    /// Whether `other` holds the same bytes, by one `memcmp`: the canonical-form checks compare
    /// a whole document written again with the bytes the package holds, and `==` on arrays
    /// compares element by element.
    package func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { left in
            other.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return true }
                return memcmp(a, b, count) == 0
            }
        }
    }
}
