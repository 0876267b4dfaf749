/// A word written so a POSIX shell reads it back as that one word, for the command lines rial
/// prints for people to run (the court report's "verify it again", the package's README.txt).
///
/// Built scalar by scalar, never character by character: a `'` followed by a combining mark is
/// one Swift character, and a quote that compares characters would leave that `'` unescaped,
/// closing the quotes early, so that a file name such as `x'\u{301}$(touch P)'\u{301}` runs a
/// command when the line is pasted into a shell.
package enum ShellWord {
    /// Characters no shell treats specially, besides ASCII letters and digits.
    private static let plainPunctuation = Set("-_./=:,+@%".unicodeScalars)

    /// `word` as it is when it holds only ASCII letters, digits and `-_./=:,+@%`, else
    /// ``singleQuoted(_:)``.
    package static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || plainPunctuation.contains(scalar)
        }
        return plain && !word.isEmpty ? word : singleQuoted(word)
    }

    /// `text` in single quotes, each `'` in it written `'\''`.
    package static func singleQuoted(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("'")
        for scalar in text.unicodeScalars {
            if scalar == "'" { out.append(contentsOf: "'\\''".unicodeScalars) } else { out.append(scalar) }
        }
        out.append("'")
        return String(out)
    }
}
