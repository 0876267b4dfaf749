import RialVerifier
/// A path written so a POSIX shell reads it back as one word, for the command lines the court
/// report prints: as it is when it holds only characters no shell treats specially, else in
/// single quotes (a quote inside written `'\''`).
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0)) }
        if plain, !word.isEmpty { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
