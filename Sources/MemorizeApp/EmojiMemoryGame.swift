import Memorize
import TerminalUI

/// The view model (lecture 3): owns a `MemoryGame<String>`, publishes every change, and offers
/// the intents the UI calls. It knows the theme's emoji; it knows nothing about terminals.
public final class EmojiMemoryGame: ObservableObject {
    public typealias Card = MemoryGame<String>.Card

    public let objectWillChange = ObservableObjectPublisher()
    @Published private var model: MemoryGame<String>
    @Published public private(set) var theme: Theme

    public let themes: [Theme]
    private let clock: GameClock
    /// Decides every new game's shuffle and `newGame`'s theme: one seed replays a whole session.
    private var generator: SeededRandomNumberGenerator

    public init(themes: [Theme], theme: Theme? = nil, seed: UInt64, clock: GameClock) {
        precondition(!themes.isEmpty, "EmojiMemoryGame needs at least one theme")
        self.themes = themes
        self.clock = clock
        generator = SeededRandomNumberGenerator(seed: seed)
        let chosen = theme ?? themes.randomElement(using: &generator)!
        self.theme = chosen
        model = Self.createMemoryGame(theme: chosen, generator: &generator, clock: clock)
    }

    /// Assignment 2: a theme with more emoji than pairs shows a different random subset each game.
    private static func createMemoryGame(theme: Theme, generator: inout SeededRandomNumberGenerator,
                                         clock: GameClock) -> MemoryGame<String> {
        let emoji = Array(theme.emoji.shuffled(using: &generator).prefix(theme.numberOfPairs))
        return MemoryGame(numberOfPairsOfCards: emoji.count, seed: generator.next(), clock: clock) { emoji[$0] }
    }

    // MARK: - Access to the model

    public var cards: [Card] { model.cards }
    public var score: Int { model.score }
    public var pairsLeft: Int { model.pairsLeft }
    public var moves: Int { model.moves }
    public var isOver: Bool { model.isOver }

    // MARK: - Intents

    public func choose(_ card: Card) { model.choose(card) }
    public func shuffle() { model.shuffle() }
    /// Same theme, freshly shuffled cards, score back to 0.
    public func restart() { model = Self.createMemoryGame(theme: theme, generator: &generator, clock: clock) }
    /// A random theme (a different one when there is a choice), as assignment 2 asks.
    public func newGame() {
        let others = themes.filter { $0.name != theme.name }
        theme = (others.isEmpty ? themes : others).randomElement(using: &generator)!
        restart()
    }
    public func play(theme newTheme: Theme) {
        theme = newTheme
        restart()
    }

    /// Finds a theme by name, ignoring case (`--theme`, key scripts).
    public func theme(named name: String) -> Theme? {
        themes.first { $0.name.lowercased() == name.lowercased() }
    }
}
