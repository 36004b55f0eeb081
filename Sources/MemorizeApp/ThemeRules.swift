import Memorize
import TerminalUI

/// What makes a theme playable here, in sentences a player can act on. The model's
/// `ThemeLibrary.validate` knows about code points; the terminal adds "two columns wide" (glibc
/// `wcwidth`, as ncurses draws it) and the app adds "names are unique, built-in names are taken".
enum ThemeRules {
    static let maxNameLength = 24
    /// Bytes as well as characters: one "character" can hold any number of combining marks.
    static let maxNameBytes = 96
    static let maxEmoji = 24
    /// What the editor's emoji field holds before enter adds it (a paste is cut there, not stored).
    static let maxTypedBytes = 256

    /// Everything wrong with `theme` as a user theme among `otherNames` (built-ins and the other user themes).
    static func problems(with theme: Theme, otherNames: [String]) -> [String] {
        var problems: [String] = []
        if let nameProblem = nameProblem(theme.name, otherNames: otherNames) { problems.append(nameProblem) }
        // The model's sentences, minus the name (checked above) and with a subject for "has …".
        problems += ThemeLibrary.validate(theme).filter { !$0.hasPrefix("the name") }.map { $0.hasPrefix("has ") ? "it " + $0 : $0 }
        for emoji in theme.emoji where !TextWidth.isWideSingleScalar(emoji) && emoji.unicodeScalars.count == 1 {
            problems.append("\(codePoints(emoji)) is not drawn two columns wide")
        }
        return problems
    }

    static func nameProblem(_ name: String, otherNames: [String]) -> String? {
        let trimmed = name.trimmingWhitespace
        if trimmed.isEmpty { return "the name is empty" }
        if let problem = nameContentProblem(name) { return problem }
        if let taken = otherNames.first(where: { $0.lowercased() == trimmed.lowercased() }) {
            return "there is already a theme called \"\(taken)\""
        }
        return nil
    }

    /// What a name may hold, whether typed in the editor or read from a file. It is printed by
    /// --list-themes, in messages and on screen: refuse what a terminal would obey (escape
    /// sequences) or that reorders the text after it (bidi controls), and bound its size.
    static func nameContentProblem(_ name: String) -> String? {
        if let unsafe = name.unicodeScalars.first(where: SafeText.isUnsafe) {
            return "the name contains \(codePoints(String(unsafe))), a control or bidi character"
        }
        // Bytes first: counting characters walks the whole string.
        if name.utf8.count > maxNameBytes { return "the name is longer than \(maxNameBytes) bytes" }
        if name.trimmingWhitespace.count > maxNameLength { return "the name is longer than \(maxNameLength) characters" }
        return nil
    }

    /// Why `candidate` (one grapheme, typed or pasted) cannot join `emoji`; nil when it can.
    /// Only a single code point that is two columns wide keeps the card grid aligned.
    static func emojiProblem(_ candidate: String, joining emoji: [String], ascii: Bool) -> String? {
        let scalars = candidate.unicodeScalars
        if scalars.count != 1 {
            return "\(codePoints(candidate)) is \(scalars.count) code points: use an emoji that is exactly one"
        }
        if !TextWidth.isWideSingleScalar(candidate) {
            let shown = ascii || scalars.first!.value < 0x20 ? "" : "\"\(candidate)\" "
            return "\(shown)\(codePoints(candidate)) is not an emoji two columns wide"
        }
        if emoji.contains(candidate) {
            return "\(ascii ? codePoints(candidate) : candidate) is already in this theme"
        }
        if emoji.count >= maxEmoji { return "a theme holds at most \(maxEmoji) emoji" }
        return nil
    }

    /// "U+2764 U+FE0F": how to name a character the terminal may not draw faithfully.
    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }

    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    /// Under `--ascii` nothing but printable ASCII reaches the screen: other characters become "?".
    func asciiOnly(_ ascii: Bool) -> String {
        guard ascii else { return self }
        return String(unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" })
    }
}
