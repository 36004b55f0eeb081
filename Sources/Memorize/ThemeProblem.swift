import Primitives

/// What can make a theme unfit to play or to save: one case per rule, so a caller can tell them
/// apart without reading sentences. `description` is the sentence shown to the player.
public enum ThemeProblem: Hashable, Sendable, CustomStringConvertible {
    case emptyName
    /// A control or bidi character: the name is printed by --list-themes and in messages.
    case unsafeCharacterInName(Unicode.Scalar)
    case nameTooLong(limit: Int)
    case nameTooManyBytes(limit: Int)
    /// Another theme is called that (names are compared ignoring case).
    case nameTaken(String)
    case tooFewPairs(Int)
    case tooFewEmoji(Int)
    case tooManyEmoji(Int, limit: Int)
    /// Emoji are numbered from 1, as a player counts them in the file.
    case variationSelector(emoji: Int, String)
    case zeroWidthJoiner(emoji: Int, String)
    case notOneScalar(emoji: Int, String)
    /// One scalar, but the terminal draws it `columns` wide, not 2 (the cards would not line up).
    case notTwoColumns(emoji: Int, String, columns: Int)
    case repeatedEmoji(emoji: Int, String)
    case asciiCount(Int, emoji: Int)
    case asciiNotVisible(number: Int, String)
    case repeatedASCII(number: Int, String)

    public var description: String {
        switch self {
        case .emptyName: return "the name is empty"
        case .unsafeCharacterInName(let scalar):
            return "the name contains \(Self.codePoints(String(scalar))), a control or bidi character"
        case .nameTooLong(let limit): return "the name is longer than \(limit) characters"
        case .nameTooManyBytes(let limit): return "the name is longer than \(limit) bytes"
        case .nameTaken(let other): return "there is already a theme called \"\(Self.shown(other))\""
        case .tooFewPairs(let pairs): return "pairs is \(pairs), a game needs at least 2"
        case .tooFewEmoji(let count): return "it has \(count) emoji, a game needs at least 2"
        case let .tooManyEmoji(count, limit): return "it has \(count) emoji, at most \(limit)"
        case let .variationSelector(number, emoji): return "emoji \(number) \"\(Self.shown(emoji))\" contains U+FE0F (variation selector 16)"
        case let .zeroWidthJoiner(number, emoji): return "emoji \(number) \"\(Self.shown(emoji))\" contains U+200D (zero width joiner)"
        case let .notOneScalar(number, emoji):
            return "emoji \(number) \"\(Self.shown(emoji))\" is \(emoji.unicodeScalars.count) Unicode scalars, not exactly one"
        case let .notTwoColumns(number, emoji, columns):
            return "emoji \(number) \"\(Self.shown(emoji))\" is \(columns) column(s) wide in a terminal, not 2"
        case let .repeatedEmoji(number, emoji): return "emoji \(number) \"\(Self.shown(emoji))\" appears more than once"
        case let .asciiCount(count, emoji): return "ascii has \(count) characters for \(emoji) emoji"
        case let .asciiNotVisible(number, text): return "ascii \(number) \"\(Self.shown(text))\" is not one visible ASCII character"
        case let .repeatedASCII(number, text): return "ascii \(number) \"\(Self.shown(text))\" appears more than once"
        }
    }

    /// Text quoted in a message, with what would print as nothing named (`<U+200B>`).
    public static func shown(_ text: String) -> String { InvisibleCharacters.revealed(text) }

    /// "U+2764 U+FE0F": how to name characters a terminal may not draw faithfully.
    public static func codePoints(_ text: String) -> String { CodePoints.describe(text) }
}
