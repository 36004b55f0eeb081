import Memorize
import Primitives
import TerminalUI

extension ThemeValidator {
    /// The rules with this terminal's measures: glibc's wcwidth as ncurses draws it, and what a
    /// terminal would obey rather than show.
    static let terminal = ThemeValidator(columns: { TextWidth.of($0) }, isUnsafe: { SafeText.isUnsafe($0) })
}

/// The editor's and chooser's view of ThemeValidator: its limits, the sentences they show, and
/// the judgement of one typed emoji. No rule is decided here.
enum ThemeRules {
    static let maxNameLength = ThemeValidator.maxNameLength
    static let maxNameBytes = ThemeValidator.maxNameBytes
    static let maxEmoji = ThemeValidator.maxEmoji
    /// What the editor's emoji field holds before enter adds it (a paste is cut there, not stored).
    static let maxTypedBytes = 256

    /// Everything wrong with `theme` as a user theme among `otherNames` (built-ins and the other user themes).
    static func problems(with theme: Theme, otherNames: [String]) -> [String] {
        ThemeValidator.terminal.problems(of: theme, otherNames: otherNames).map(\.description)
    }

    /// Names earlier in a list, for `problems(with:otherNames:)` over many themes: each check gets
    /// only the earlier name it could clash with (Theme.namesMatch: trimmed, case-folded), found in
    /// a dictionary, so checking n themes is linear (passing every name each time was quadratic:
    /// 30 s for the largest allowed themes file).
    struct TakenNames {
        private var firstByKey: [String: String] = [:]
        init(_ names: [String] = []) { for name in names { insert(name) } }
        mutating func insert(_ name: String) {
            let key = name.lowercased()
            if firstByKey[key] == nil { firstByKey[key] = name }
        }
        /// The earlier name `name` would clash with, as the one-element list the checks take.
        func clashing(with name: String) -> [String] {
            firstByKey[name.trimmingWhitespace.lowercased()].map { [$0] } ?? []
        }
    }

    static func nameProblem(_ name: String, otherNames: [String]) -> String? {
        ThemeValidator.terminal.nameProblem(name, otherNames: otherNames)?.description
    }

    /// Why `character` cannot be typed at the end of the name `name`, in the editor's words.
    static func typingProblem(_ character: Character, after name: String) -> String? {
        switch ThemeValidator.terminal.typingProblem(character, after: name) {
        case .unsafeCharacterInName(let scalar):
            return "\(codePoints(String(scalar))) is a control or bidi character: not allowed in a name"
        case .some: return "A name has at most \(maxNameLength) characters"
        case nil: return nil
        }
    }

    /// Why `candidate` (one grapheme, typed or pasted) cannot join `emoji`, in the editor's words;
    /// nil when it can.
    static func emojiProblem(_ candidate: String, joining emoji: [String], ascii: Bool) -> String? {
        switch ThemeValidator.terminal.emojiProblem(candidate, number: emoji.count + 1) {
        case .variationSelector, .zeroWidthJoiner, .notOneScalar:
            return "\(codePoints(candidate)) is \(candidate.unicodeScalars.count) code points: use an emoji that is exactly one"
        case .some:
            // Quoted only when it can be seen: the code points that follow name it anyway.
            let visible = ThemeProblem.shown(candidate) == candidate
            let shown = ascii || !visible || !SafeText.isSafe(candidate) ? "" : "\"\(candidate)\" "
            return "\(shown)\(codePoints(candidate)) is not an emoji two columns wide"
        case nil:
            break
        }
        if emoji.contains(candidate) {
            return "\(ascii ? codePoints(candidate) : ThemeProblem.shown(candidate)) is already in this theme"
        }
        if emoji.count >= maxEmoji { return "a theme holds at most \(maxEmoji) emoji" }
        return nil
    }

    /// "U+2764 U+FE0F": how to name a character the terminal may not draw faithfully.
    static func codePoints(_ text: String) -> String { ThemeProblem.codePoints(text) }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    /// Under `--ascii` nothing but printable ASCII reaches the screen: other characters become "?".
    func asciiOnly(_ ascii: Bool) -> String {
        guard ascii else { return self }
        return String(unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" })
    }
}
