import Memorize
import MemorizeStore
import TerminalUI

/// The view model (lecture 3): owns a `MemoryGame<String>`, publishes every change, and offers
/// the intents the UI calls. It knows the theme's emoji; it knows nothing about terminals.
public final class EmojiMemoryGame: ObservableObject {
    public typealias Card = MemoryGame<String>.Card

    public let objectWillChange = ObservableObjectPublisher()
    @Published private var model: MemoryGame<String>
    @Published public private(set) var theme: Theme

    /// Built-in themes (assets/themes.json) first, then the player's playable ones (assignment 6).
    public var themes: [Theme] { builtInThemes + userThemes }
    public let builtInThemes: [Theme]
    public private(set) var userThemes: [Theme] = []
    /// When dealing began and when the last pair matched, on the game clock: the win screen's time.
    public private(set) var startTime: Double?
    public private(set) var endTime: Double?
    /// The last intent the UI sent, as the inspector shows it ("choose(card 3)"); nil before any.
    public private(set) var lastIntent: String?
    private let clock: GameClock
    /// Decides every new game's shuffle and `newGame`'s theme: one seed replays a whole session.
    private var generator: SeededRandomNumberGenerator

    /// Solo, hot seat, or against the computer, and the seats' names.
    public private(set) var mode: GameMode
    public private(set) var playerNames: [String]
    /// Names given from outside (`--names`), kept for the next mode's seats.
    private var givenNames: [String]
    /// The computer in the second seat, watching the table after every move; nil unless `mode`
    /// is `.computer`.
    private var opponent: ComputerOpponent<String>?

    public init(themes: [Theme], theme: Theme? = nil, seed: UInt64, clock: GameClock,
                mode: GameMode = .solo, names: [String] = []) {
        precondition(!themes.isEmpty, "EmojiMemoryGame needs at least one theme")
        builtInThemes = themes
        self.clock = clock
        self.mode = mode
        givenNames = names
        playerNames = mode.playerNames(names)
        generator = SeededRandomNumberGenerator(seed: seed)
        let chosen = theme ?? themes.randomElement(using: &generator)!
        self.theme = chosen
        model = Self.createMemoryGame(theme: chosen, players: mode.numberOfPlayers, generator: &generator, clock: clock)
        opponent = Self.createOpponent(mode: mode, generator: &generator)
    }

    /// Assignment 2: a theme with more emoji than pairs shows a different random subset each game.
    private static func createMemoryGame(theme: Theme, players: Int, generator: inout SeededRandomNumberGenerator,
                                         clock: GameClock) -> MemoryGame<String> {
        let emoji = Array(theme.emoji.shuffled(using: &generator).prefix(theme.numberOfPairs))
        return MemoryGame(numberOfPairsOfCards: emoji.count, numberOfPlayers: players, seed: generator.next(), clock: clock) { emoji[$0] }
    }

    /// The computer's chances come from the session's generator, so `--seed` replays its play;
    /// solo games draw nothing more, so they deal exactly as before there was an opponent.
    private static func createOpponent(mode: GameMode, generator: inout SeededRandomNumberGenerator) -> ComputerOpponent<String>? {
        mode.opponentLevel.map { ComputerOpponent(level: $0, seed: generator.next()) }
    }

    // MARK: - Access to the model

    public var cards: [Card] { model.cards }
    public var score: Int { model.score }
    public var pairsLeft: Int { model.pairsLeft }
    public var moves: Int { model.moves }
    public var isOver: Bool { model.isOver }
    /// Every seat's tally and whose turn it is (one seat when solo).
    public var players: [Player] { model.players }
    public var currentPlayer: Int { model.currentPlayer }
    /// The computer is to choose: the human's choices wait.
    public var isComputersTurn: Bool { opponent != nil && model.currentPlayer == 1 && !model.isOver }

    /// The model's own consistency checks (fuzzing and soak runs call this after every event).
    public func modelInvariantViolations() -> [String] { model.invariantViolations() }

    // MARK: - Intents

    public func choose(_ card: Card) {
        lastIntent = "choose(card \(card.id))"
        model.choose(card)
        // The table is public: the computer sees every move, its own and the human's.
        opponent?.observe(model.table, move: model.moves)
        if model.isOver, endTime == nil { endTime = clock.now() }
    }
    public func shuffle() {
        lastIntent = "shuffle()"
        model.shuffle()
        // Every card flew somewhere else at once: it cannot follow them, as a person could not.
        opponent?.forgetPositions()
        opponent?.observe(model.table, move: model.moves)
    }
    /// The card the computer chooses next (drawing on its memory and its chances), while it is
    /// its turn; nil otherwise.
    public func computerChoice() -> Card? {
        guard isComputersTurn, let position = opponent?.nextChoice(on: model.table, move: model.moves) else { return nil }
        return model.cards[position]
    }
    /// Same theme, freshly shuffled cards, score back to 0.
    public func restart() {
        lastIntent = "restart()"
        startOver()
    }
    /// A fresh shuffle of the theme in the current mode: restart, a new game and a new theme all begin here.
    private func startOver() {
        model = Self.createMemoryGame(theme: theme, players: mode.numberOfPlayers, generator: &generator, clock: clock)
        opponent = Self.createOpponent(mode: mode, generator: &generator)
        startTime = nil
        endTime = nil
    }
    /// The mode of the next game (the chooser and the win screen offer every mode); it takes
    /// effect with the `restart`, `newGame` or `play(theme:)` that follows.
    public func setMode(_ newMode: GameMode) {
        mode = newMode
        playerNames = newMode.playerNames(givenNames)
    }
    /// A seat's name, learnt after the game began (a table's second player sat down).
    public func rename(seat: Int, to name: String) {
        guard playerNames.indices.contains(seat), playerNames[seat] != name else { return }
        playerNames[seat] = name
    }
    /// The game clock starts with the first deal, not when the cards sit in the deck.
    public func startClock() {
        lastIntent = "startClock()"
        if startTime == nil { startTime = clock.now() }
    }

    /// The finished game with more than one seat: each player's tally, by name.
    public var standings: Standings? {
        guard mode != .solo, isOver else { return nil }
        return Standings(names: playerNames, players: model.players, level: mode.opponentLevel)
    }

    /// The finished game, for the win screen and the score book; nil while pairs are left.
    public var result: GameResult? {
        guard isOver, let endTime else { return nil }
        return GameResult(theme: theme.name, score: score, moves: moves, seconds: max(0, endTime - (startTime ?? endTime)))
    }

    /// Replaces the player's themes. Ones that cannot be played (a built-in's name, a repeated
    /// name, a bad emoji) are left out here; the chooser still lists them so they can be fixed.
    public func setUserThemes(_ candidates: [Theme]) {
        var accepted: [Theme] = []
        var taken = ThemeRules.TakenNames(builtInThemes.map(\.name))
        for theme in candidates where ThemeRules.problems(with: theme, otherNames: taken.clashing(with: theme.name)).isEmpty {
            accepted.append(theme)
            taken.insert(theme.name)
        }
        userThemes = accepted
    }

    /// A random theme (a different one when there is a choice), as assignment 2 asks.
    public func newGame() {
        lastIntent = "newGame()"
        let others = themes.filter { $0.name != theme.name }
        theme = (others.isEmpty ? themes : others).randomElement(using: &generator)!
        startOver()
    }
    public func play(theme newTheme: Theme) {
        lastIntent = "play(theme: \(newTheme.name))"
        theme = newTheme
        startOver()
    }

    /// Finds a theme by name, ignoring case (`--theme`, key scripts).
    public func theme(named name: String) -> Theme? {
        themes.named(name)
    }
}
