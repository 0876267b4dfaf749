import Foundation

/// The order of UTF-8 bytes, in which every list of paths is sorted: the same everywhere,
/// whatever the locale, and the order `sort`, Python and Go give the same bytes.
package enum UTF8Order {
    /// Whether `lhs` comes before `rhs` byte by byte (a prefix first). One `memcmp` over the
    /// strings' own storage: sorting a package's paths compared them a byte at a time before.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }
}
