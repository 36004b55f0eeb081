/// A theme (assignment 2): a name, the emoji to play with, how many pairs to deal and a colour.
/// `ascii` is the `--ascii` fallback: one printable ASCII character per emoji, same order.
public struct Theme: Equatable, Hashable, Sendable, Identifiable {
    public var name: String
    public var emoji: [String]
    public var pairs: Int
    public var color: RGBColor
    public var ascii: [String]?

    /// Themes are chosen by name (`--theme NAME`), so the name is the identity.
    public var id: String { name }

    public init(name: String, emoji: [String], pairs: Int, color: RGBColor, ascii: [String]? = nil) {
        self.name = name
        self.emoji = emoji
        self.pairs = pairs
        self.color = color
        self.ascii = ascii
    }

    /// Pairs to deal: `pairs` clamped to 2...emoji.count (assignment 2), so a theme file asking for
    /// more pairs than it has emoji still plays. A theme with fewer than 2 emoji gives what it has.
    public var numberOfPairs: Int { min(max(pairs, 2), emoji.count) }
}

extension Theme {
    /// Theme names are compared ignoring case everywhere: `--theme halloween`, a key script's
    /// `theme`, and the rule that two themes may not share a name.
    public static func namesMatch(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }
}

extension Sequence where Element == Theme {
    /// The theme called `name`, ignoring case.
    public func named(_ name: String) -> Theme? { first { Theme.namesMatch($0.name, name) } }
}

extension Collection where Element == Theme {
    /// Where the theme called `name` is, ignoring case.
    public func firstIndex(named name: String) -> Index? { firstIndex { Theme.namesMatch($0.name, name) } }
}
