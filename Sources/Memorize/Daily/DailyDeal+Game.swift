extension DailyDeal {
    /// The game a deal starts, built exactly as the app's view model builds a game for a theme
    /// and a seed (EmojiMemoryGame.createMemoryGame: the theme's emoji shuffled by a generator of
    /// that seed, the first `numberOfPairs` of them, and the model seeded with the generator's
    /// next number). A server replays a reported run on this game; a test keeps the two equal.
    public static func game(theme: Theme, seed: UInt64, clock: GameClock) -> MemoryGame<String> {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let emoji = Array(theme.emoji.shuffled(using: &generator).prefix(theme.numberOfPairs))
        return MemoryGame(numberOfPairsOfCards: emoji.count, seed: generator.next(), clock: clock) { emoji[$0] }
    }
}
