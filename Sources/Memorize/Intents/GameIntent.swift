/// Every change of a game, as a value (lecture 3's intents — `choose(_:)`, `shuffle()`, … — made
/// data). Keys, clicks, key scripts, the computer, a second player across the network and a replay
/// all produce these; the view model applies each at the time it happened. Being values, they can
/// be recorded, sent over a channel, checked and replayed: the same seed and the same timed
/// intents give the same game.
public enum GameIntent: Hashable, Sendable {
    /// Lecture 3's `choose(_:)`: the card with this id (ids are stable; positions are not).
    case choose(cardID: Int)
    /// Lecture 8's deal: every card still in the deck leaves it; the game's clock starts.
    case deal
    /// Lecture 3's `shuffle()`.
    case shuffle
    /// Same theme, cards back to the deck, freshly shuffled.
    case restart
    /// A fresh game of the named theme, shuffled with this seed (`n`, the chooser, the win screen).
    case newGame(theme: String, seed: UInt64)
    /// Who plays the next game (solo, hot seat, against the computer): the mode takes effect with
    /// the `restart` or `newGame` that follows, as the win screen's `m` and the chooser offer it.
    case setMode(GameMode)
}

/// One intent as it happened: when (seconds on the game's timeline, the time bonus points are
/// scored from) and who (the seat that asked; the model refuses a choice out of turn).
public struct TimedIntent: Hashable, Sendable {
    public var intent: GameIntent
    public var time: Double
    public var seat: Int

    public init(_ intent: GameIntent, at time: Double, seat: Int = 0) {
        self.intent = intent
        self.time = time
        self.seat = seat
    }
}
