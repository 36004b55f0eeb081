import Memorize
import MemorizeStore
import TerminalUI

/// The view model (lecture 3): owns the game (a `GameState`: the `MemoryGame<String>`, the
/// computer, the theme), publishes every change, and offers the intents the UI calls. Every
/// intent becomes a `TimedIntent` stamped with the game clock and goes through `apply(_:)`, the
/// only way the game changes: a key, a click, a key script, the computer, the inspector and the
/// win page all end there, and a table's channel or a replay can call it the same way.
/// It knows the theme's emoji; it knows nothing about terminals.
public final class EmojiMemoryGame: ObservableObject {
    public let objectWillChange = ObservableObjectPublisher()
    /// The game; `apply(_:)` is the only place it is assigned after `init`.
    @Published private var state: GameState
    /// The model's cards as the view reads them (EmojiMemoryGame+Card.swift): made once per
    /// applied intent, not per frame.
    public private(set) var cards: [Card] = []

    /// Built-in themes (assets/themes.json) first, then the player's playable ones (assignment 6).
    public var themes: [Theme] { builtInThemes + userThemes }
    public let builtInThemes: [Theme]
    public private(set) var userThemes: [Theme] = []
    /// Every intent taken, in order, as it is applied: the view, the inspector and later a
    /// table's channel hear of it here.
    public let appliedIntents = AppliedIntents()
    private let clock: GameClock
    /// The game clock's reading when this view model was made: intents are stamped with seconds
    /// since then, the game's timeline (a line carries at most a day; the clock's own origin may
    /// be the machine's boot).
    private let origin: Double

    /// The seats' names; names given from outside (`--names`) are kept for the next mode's seats.
    public private(set) var playerNames: [String]
    private var givenNames: [String]

    public init(themes: [Theme], theme: Theme? = nil, seed: UInt64, clock: GameClock,
                mode: GameMode = .solo, names: [String] = []) {
        precondition(!themes.isEmpty, "EmojiMemoryGame needs at least one theme")
        builtInThemes = themes
        self.clock = clock
        origin = clock.now()
        givenNames = names
        playerNames = mode.playerNames(names)
        state = Self.createMemoryGame(theme: theme, from: themes, seed: seed, mode: mode)
        cards = makeCards()
    }

    /// Lecture 3's `createMemoryGame()`: the model the view model starts with, its cards the
    /// theme's emoji (chosen, with the deal's order, by the seed: same seed, same game).
    private static func createMemoryGame(theme: Theme?, from themes: [Theme], seed: UInt64, mode: GameMode) -> GameState {
        GameState(setup: GameSetup.first(theme: theme, from: themes, seed: seed, mode: mode)!)
    }

    // MARK: - The one way the game changes

    /// Applies an intent at its stamped time, by its seat. Refused intents (out of turn, a card
    /// not in play, an unknown theme) change nothing and are not announced.
    @discardableResult
    public func apply(_ intent: TimedIntent) -> Bool {
        var next = state
        guard next.apply(intent, themes: themes) else { return false }
        state = next
        cards = makeCards()
        if case .setMode(let mode) = intent.intent { playerNames = mode.playerNames(givenNames) }
        appliedIntents.send(state.lastApplied ?? intent)
        return true
    }

    /// Now on the game's timeline: the time an intent made here is stamped with.
    public var now: Double { clock.now() - origin }

    /// On one keyboard the seat choosing is whoever's turn it is (solo, hot seat); against the
    /// computer the keyboard is the first seat.
    public var keyboardSeat: Int { state.setup.mode.opponentLevel == nil ? state.model.currentPlayer : 0 }

    private func send(_ intent: GameIntent, seat: Int = 0) {
        apply(TimedIntent(intent, at: now, seat: seat))
    }

    // MARK: - Access to the model

    public var theme: Theme { state.theme }
    /// The mode of the next game (the current one's until a `setMode`).
    public var mode: GameMode { state.mode }
    public var score: Int { state.model.score }
    public var pairsLeft: Int { state.model.pairsLeft }
    public var moves: Int { state.model.moves }
    public var isOver: Bool { state.model.isOver }
    /// Every seat's tally and whose turn it is (one seat when solo).
    public var players: [Player] { state.model.players }
    public var currentPlayer: Int { state.model.currentPlayer }
    /// The computer is to choose: the human's choices wait.
    public var isComputersTurn: Bool { state.isComputersTurn }
    /// When dealing began and when the last pair matched, on the game's timeline: the win screen's time.
    public var startTime: Double? { state.startTime }
    public var endTime: Double? { state.endTime }
    /// This game's set-up and intents so far: replaying it gives this game (`GameRecord.replay`).
    public var record: GameRecord { state.record }
    /// The whole game as a value, to compare with a replay of its record.
    public var gameState: GameState { state }
    /// The last intent taken, as its line ("choose 7", "deal"): the inspector shows it.
    public var lastIntent: String? { state.lastApplied?.intent.line }

    /// The model's own consistency checks (fuzzing and soak runs call this after every event).
    public func modelInvariantViolations() -> [String] { state.model.invariantViolations() }

    // MARK: - Intents (each one a TimedIntent through apply)

    /// Lecture 3's `choose(_:)`, from the keyboard's seat unless another is named (the computer).
    public func choose(_ card: Card, by seat: Int? = nil) {
        send(.choose(cardID: card.id), seat: seat ?? keyboardSeat)
    }
    public func shuffle() { send(.shuffle) }
    /// Lecture 8's deal: the cards leave the deck and the game clock starts.
    public func deal() { send(.deal) }
    /// Same theme, freshly shuffled cards, score back to 0.
    public func restart() { send(.restart) }
    /// The mode of the next game (the chooser and the win screen offer every mode); it takes
    /// effect with the `restart`, `newGame` or `play(theme:)` that follows.
    public func setMode(_ newMode: GameMode) { send(.setMode(newMode)) }

    /// A random theme (a different one when there is a choice), as assignment 2 asks. Drawn from
    /// the session's generator where the game would continue it, so `--seed` replays a session.
    public func newGame() {
        var generator = SeededRandomNumberGenerator(seed: state.nextSeed)
        let others = themes.filter { $0.name != theme.name }
        let next = (others.isEmpty ? themes : others).randomElement(using: &generator)!
        send(.newGame(theme: next.name, seed: generator.continuingSeed))
    }
    public func play(theme newTheme: Theme) {
        send(.newGame(theme: newTheme.name, seed: state.nextSeed))
    }

    /// The card the computer chooses next (drawing on its memory and its chances), while it is
    /// its turn; nil otherwise.
    public func computerChoice() -> Card? {
        guard let choice = state.computerChoice() else { return nil }
        return cards.first { $0.id == choice.id }
    }

    /// A seat's name, learnt after the game began (a table's second player sat down).
    public func rename(seat: Int, to name: String) {
        guard playerNames.indices.contains(seat), playerNames[seat] != name else { return }
        objectWillChange.send()         // the scoreboard shows the names
        playerNames[seat] = name
    }

    /// The finished game with more than one seat: each player's tally, by name.
    public var standings: Standings? {
        guard mode != .solo, isOver else { return nil }
        return Standings(names: playerNames, players: players, level: mode.opponentLevel)
    }

    /// The finished game, for the win screen and the score book; nil while pairs are left.
    public var result: GameResult? {
        guard isOver, let endTime else { return nil }
        return GameResult(theme: theme.name, score: score, moves: moves, seconds: max(0, endTime - (startTime ?? endTime)))
    }

    /// Replaces the player's themes. Ones that cannot be played (a built-in's name, a repeated
    /// name, a bad emoji) are left out here; the chooser still lists them so they can be fixed.
    /// (The catalog a `newGame` names its theme in; the game itself does not change.)
    public func setUserThemes(_ candidates: [Theme]) {
        var accepted: [Theme] = []
        var taken = ThemeRules.TakenNames(builtInThemes.map(\.name))
        for theme in candidates where ThemeRules.problems(with: theme, otherNames: taken.clashing(with: theme.name)).isEmpty {
            accepted.append(theme)
            taken.insert(theme.name)
        }
        userThemes = accepted
    }

    /// Finds a theme by name, ignoring case (`--theme`, key scripts).
    public func theme(named name: String) -> Theme? {
        themes.named(name)
    }

    private func makeCards() -> [Card] {
        let now = { [clock, origin] in clock.now() - origin }
        return state.model.cards.map { Card(model: $0, now: now) }
    }
}
