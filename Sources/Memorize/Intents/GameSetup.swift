/// Everything a game is dealt from, before anyone plays: the theme, the seed and who plays. From
/// it `GameState(setup:)` makes, every time the same way, the theme's emoji subset (assignment 2),
/// the shuffled cards, the seats and the computer's chances.
public struct GameSetup: Hashable, Sendable {
    public var theme: Theme
    /// Seeds the session's generator, which draws the emoji subset, the game's shuffle seed, the
    /// computer's seed and later games' (`restart` continues from it).
    public var seed: UInt64
    public var mode: GameMode

    public init(theme: Theme, seed: UInt64, mode: GameMode = .solo) {
        self.theme = theme
        self.seed = seed
        self.mode = mode
    }

    /// The first game of a session (`--seed N`, `--theme NAME`): the theme given, or one drawn
    /// from `themes` with the seed's generator, which then goes on to deal it, as it always did.
    public static func first(theme: Theme?, from themes: [Theme], seed: UInt64, mode: GameMode = .solo) -> GameSetup? {
        var generator = SeededRandomNumberGenerator(seed: seed)
        guard let chosen = theme ?? themes.randomElement(using: &generator) else { return nil }
        return GameSetup(theme: chosen, seed: generator.continuingSeed, mode: mode)
    }
}
