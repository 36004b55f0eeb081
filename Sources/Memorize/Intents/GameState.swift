/// A game as intents change it: the model (`MemoryGame<String>`), the computer in the second
/// seat, the theme and mode, and the session's generator that later games are dealt from. Its one
/// way to change is `apply(_:themes:)`, so every process that applies the same set-up and the
/// same timed intents holds the same game: the view model wraps one, a table's seats each keep
/// one, and the server replays a `GameRecord` into one to recompute a score. No UI, no clock.
public struct GameState: Equatable, Sendable {
    /// The computer always plays the second seat.
    public static let computerSeat = 1

    /// What the current game was dealt from.
    public private(set) var setup: GameSetup
    public private(set) var model: MemoryGame<String>
    /// The computer in the second seat, watching the table after every move; nil unless the
    /// current game is against it.
    public private(set) var opponent: ComputerOpponent<String>?
    /// The mode the next game is played in (`setMode`); the current game's is `setup.mode`.
    public private(set) var mode: GameMode
    /// When the first deal and the last match happened, on the intents' timeline.
    public private(set) var startTime: Double?
    public private(set) var endTime: Double?
    /// This game's intents so far, the set-up it started from first.
    public private(set) var record: GameRecord
    /// The last intent taken, with the time it counted at.
    public private(set) var lastApplied: TimedIntent?
    /// Continues the set-up's generator: `restart` deals the next game from it.
    private var generator: SeededRandomNumberGenerator

    public init(setup: GameSetup) {
        var generator = SeededRandomNumberGenerator(seed: setup.seed)
        // Assignment 2: a theme with more emoji than pairs shows a different random subset each game.
        let emoji = Array(setup.theme.emoji.shuffled(using: &generator).prefix(setup.theme.numberOfPairs))
        model = MemoryGame(numberOfPairsOfCards: emoji.count, numberOfPlayers: setup.mode.numberOfPlayers,
                           seed: generator.next()) { emoji[$0] }
        // The computer's chances come from the same generator, so the seed replays its play too;
        // a solo game draws nothing more.
        opponent = setup.mode.opponentLevel.map { ComputerOpponent(level: $0, seed: generator.next()) }
        self.generator = generator
        self.setup = setup
        mode = setup.mode
        record = GameRecord(setup: setup)
    }

    public var theme: Theme { setup.theme }
    /// The seed a game started now would continue the session with (`restart`, a new theme).
    public var nextSeed: UInt64 { generator.continuingSeed }
    /// The cards have left the deck (the first `deal` happened).
    public var isDealt: Bool { startTime != nil }
    /// It is the computer's turn: only a choice from its seat is taken.
    public var isComputersTurn: Bool { opponent != nil && model.currentPlayer == Self.computerSeat && !model.isOver }

    /// The card the computer would choose now, while it is its turn. It thinks on a copy: the
    /// thought that counts is the one `apply` has when its choice arrives, so a process that only
    /// replays the choice draws the same chances.
    public func computerChoice() -> MemoryGame<String>.Card? {
        guard isComputersTurn, var thinking = opponent,
              let position = thinking.nextChoice(on: model.table, move: model.moves) else { return nil }
        return model.cards[position]
    }

    /// Applies one intent at its time, by its seat; returns whether it was taken. What is refused
    /// changes nothing: a choice out of turn, of a card not in play or before the deal, a theme not
    /// in `themes`, a deal already done. A time earlier than the last one taken counts as that one
    /// (time on a game's timeline never runs back). Taken intents go on the record.
    @discardableResult
    public mutating func apply(_ intent: TimedIntent, themes: [Theme]) -> Bool {
        let time = max(intent.time, lastApplied?.time ?? intent.time)
        let taken: Bool
        switch intent.intent {
        case .choose(let cardID): taken = choose(cardID: cardID, at: time, by: intent.seat)
        case .deal: taken = deal(at: time)
        case .shuffle: taken = shuffle()
        case .restart: taken = startGame(GameSetup(theme: theme, seed: nextSeed, mode: mode))
        case .newGame(let name, let seed):
            guard let theme = themes.named(name) else { return false }
            taken = startGame(GameSetup(theme: theme, seed: seed, mode: mode))
        case .setMode(let newMode):
            mode = newMode
            taken = true
        }
        guard taken else { return false }
        if !intent.intent.startsAGame { record.append(intent) }
        lastApplied = TimedIntent(intent.intent, at: time, seat: intent.seat)
        return true
    }

    private mutating func choose(cardID: Int, at time: Double, by seat: Int) -> Bool {
        guard isDealt, seat == model.currentPlayer,
              let card = model.cards.first(where: { $0.id == cardID }), !card.isFaceUp, !card.isMatched
        else { return false }
        if seat == Self.computerSeat, opponent != nil {
            // The computer's think, which draws on its chances: part of applying its choice, so
            // every process draws the same whatever it did while waiting.
            _ = opponent?.nextChoice(on: model.table, move: model.moves)
        }
        model.choose(card, at: time, by: seat)
        // The table is public: the computer sees every move, its own and the other seat's.
        opponent?.observe(model.table, move: model.moves)
        if model.isOver, endTime == nil { endTime = time }
        return true
    }

    private mutating func deal(at time: Double) -> Bool {
        guard startTime == nil else { return false }
        startTime = time
        return true
    }

    private mutating func shuffle() -> Bool {
        model.shuffle()
        // Every card flew somewhere else at once: it cannot follow them, as a person could not.
        opponent?.forgetPositions()
        opponent?.observe(model.table, move: model.moves)
        return true
    }

    /// A fresh game from `setup`, in a fresh record; the timeline and the next game's mode go on.
    private mutating func startGame(_ setup: GameSetup) -> Bool {
        let (mode, lastApplied) = (mode, lastApplied)
        self = GameState(setup: setup)
        self.mode = mode
        self.lastApplied = lastApplied
        return true
    }
}

extension GameIntent {
    /// `restart` and `newGame` deal a new game, which a new record's set-up describes.
    var startsAGame: Bool {
        switch self {
        case .restart, .newGame: true
        default: false
        }
    }
}
