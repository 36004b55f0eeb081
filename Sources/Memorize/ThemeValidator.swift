import Primitives

/// The one place that decides whether a theme can be played, saved or loaded: every caller (the
/// built-in lint, the user-theme file, the chooser, the editor) asks it, and gets typed problems.
///
/// The model knows no terminal, so what only a terminal can tell is handed in: how many columns
/// a scalar takes (glibc's wcwidth, as ncurses draws it) and which scalars a terminal would obey
/// rather than show. Emoji must be one code point two columns wide: U+FE0F and ZWJ sequences are
/// drawn 1 or 3 columns wide, which breaks the card grid.
public struct ThemeValidator: Sendable {
    public static let maxNameLength = 24
    /// Bytes as well as characters: one "character" can hold any number of combining marks.
    public static let maxNameBytes = 96
    public static let maxEmoji = 24

    public var columns: @Sendable (Unicode.Scalar) -> Int
    public var isUnsafe: @Sendable (Unicode.Scalar) -> Bool

    public init(columns: @escaping @Sendable (Unicode.Scalar) -> Int, isUnsafe: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.columns = columns
        self.isUnsafe = isUnsafe
    }

    /// Everything wrong with `theme`; `otherNames` are the names it must not repeat (built-ins and
    /// the player's other themes).
    public func problems(of theme: Theme, otherNames: [String] = []) -> [ThemeProblem] {
        var problems: [ThemeProblem] = []
        if let name = nameProblem(theme.name, otherNames: otherNames) { problems.append(name) }
        if theme.pairs < 2 { problems.append(.tooFewPairs(theme.pairs)) }
        if theme.emoji.count < 2 { problems.append(.tooFewEmoji(theme.emoji.count)) }
        if theme.emoji.count > Self.maxEmoji { problems.append(.tooManyEmoji(theme.emoji.count, limit: Self.maxEmoji)) }
        var seen: Set<String> = []
        for (number, emoji) in zip(1..., theme.emoji) {
            if let problem = emojiProblem(emoji, number: number) { problems.append(problem) }
            if !seen.insert(emoji).inserted { problems.append(.repeatedEmoji(emoji: number, emoji)) }
        }
        if let ascii = theme.ascii { problems += asciiProblems(ascii, emojiCount: theme.emoji.count) }
        return problems
    }

    /// What is wrong with a name on its own, or with it beside `otherNames`.
    public func nameProblem(_ name: String, otherNames: [String] = []) -> ThemeProblem? {
        let trimmed = name.trimmingWhitespace
        if trimmed.isEmpty { return .emptyName }
        if let problem = characterProblem(in: name, trimmed: trimmed) { return problem }
        if let taken = otherNames.first(where: { Theme.namesMatch($0, trimmed) }) { return .nameTaken(taken) }
        return nil
    }

    /// What is wrong with `character` typed at the end of `name`, as far as the name's characters
    /// go (an empty or taken name is judged when it is saved): the editor asks this at each key.
    public func typingProblem(_ character: Character, after name: String) -> ThemeProblem? {
        if let unsafe = character.unicodeScalars.first(where: isUnsafe) { return .unsafeCharacterInName(unsafe) }
        let typed = name + String(character)
        return characterProblem(in: typed, trimmed: typed)
    }

    /// A control or bidi character, or too long. Bytes first: counting characters walks the
    /// whole string, so a paste of thousands of combining marks costs no more than a letter.
    private func characterProblem(in name: String, trimmed: String) -> ThemeProblem? {
        if let unsafe = name.unicodeScalars.first(where: isUnsafe) { return .unsafeCharacterInName(unsafe) }
        if name.utf8.count > Self.maxNameBytes { return .nameTooManyBytes(limit: Self.maxNameBytes) }
        if trimmed.count > Self.maxNameLength { return .nameTooLong(limit: Self.maxNameLength) }
        return nil
    }

    /// What is wrong with one emoji (numbered from 1), alone.
    public func emojiProblem(_ emoji: String, number: Int) -> ThemeProblem? {
        let scalars = emoji.unicodeScalars
        if scalars.contains("\u{FE0F}") { return .variationSelector(emoji: number, emoji) }
        if scalars.contains("\u{200D}") { return .zeroWidthJoiner(emoji: number, emoji) }
        guard scalars.count == 1, let scalar = scalars.first else { return .notOneScalar(emoji: number, emoji) }
        let width = columns(scalar)
        if width != 2 { return .notTwoColumns(emoji: number, emoji, columns: width) }
        return nil
    }

    private func asciiProblems(_ ascii: [String], emojiCount: Int) -> [ThemeProblem] {
        var problems: [ThemeProblem] = []
        if ascii.count != emojiCount { problems.append(.asciiCount(ascii.count, emoji: emojiCount)) }
        var seen: Set<String> = []
        for (number, text) in zip(1..., ascii) {
            // Space is printable but would make a blank card face.
            let isVisibleASCII = text.unicodeScalars.count == 1 && (0x21...0x7E).contains(text.unicodeScalars.first!.value)
            if !isVisibleASCII { problems.append(.asciiNotVisible(number: number, text)) }
            if !seen.insert(text).inserted { problems.append(.repeatedASCII(number: number, text)) }
        }
        return problems
    }
}
