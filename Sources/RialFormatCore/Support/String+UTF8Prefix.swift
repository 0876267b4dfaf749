extension String {
    /// The longest prefix of the string that is at most `bytes` bytes in UTF-8, cut between
    /// scalars (never inside one, so the result is valid UTF-8): names made from other names
    /// must fit the 255 bytes a file name may have.
    package func prefix(utf8Bytes bytes: Int) -> String {
        guard utf8.count > bytes else { return self }
        var kept = String.UnicodeScalarView()
        var count = 0
        for scalar in unicodeScalars {
            count += UTF8.width(scalar)
            guard count <= bytes else { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}
