extension String {
    /// The text without the newlines at its end (FFmpeg's log lines end with one).
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }

    /// The text with zeros before it up to `width` characters (hex digits).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
