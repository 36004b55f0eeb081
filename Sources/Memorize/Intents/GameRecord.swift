/// One game as data: its set-up and the intents applied to it, in order, with their times and
/// seats. What a replay file holds and what the leaderboard recomputes a score from: the same
/// set-up and the same timed intents give the same game (`replay(themes:)`).
///
/// A record is one game: `restart` and `newGame` begin a new record, whose set-up says all the
/// next game needs (the seed continues the session's generator), so a record never needs the
/// ones before it.
public struct GameRecord: Hashable, Sendable {
    /// The longest game a record holds. The biggest theme deals 24 pairs; a player with no memory
    /// at all needs about n² turns for n pairs, 576 turns or 1,152 choices, and a real game far
    /// fewer. 4,096 is over three times that, and bounds a replay's work on a record from outside.
    public static let maximumIntents = 4_096

    public let setup: GameSetup
    public private(set) var intents: [TimedIntent] = []
    /// The game went on past `maximumIntents`: the intents after that were applied but not kept.
    /// Play never stops for bookkeeping, but such a record no longer replays to its game, so a
    /// score from it cannot be checked (the leaderboard must refuse it).
    public private(set) var isOverflowed = false

    public init(setup: GameSetup) {
        self.setup = setup
    }

    /// A record from outside: nil when it holds more intents than any game can.
    public init?(setup: GameSetup, intents: [TimedIntent]) {
        guard intents.count <= Self.maximumIntents else { return nil }
        self.setup = setup
        self.intents = intents
    }

    var isFull: Bool { intents.count >= Self.maximumIntents }

    mutating func append(_ intent: TimedIntent) {
        if isFull {
            isOverflowed = true
        } else {
            intents.append(intent)
        }
    }

    /// The game this record played: its set-up dealt afresh and every intent applied in order,
    /// at most `maximumIntents` steps. `themes` names the themes a `newGame` may ask for.
    public func replay(themes: [Theme]) -> GameState {
        var state = GameState(setup: setup)
        for intent in intents.prefix(Self.maximumIntents) {
            state.apply(intent, themes: themes)
        }
        return state
    }
}
