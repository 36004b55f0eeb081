extension DailyDeal {
    /// The set-up of the game a deal starts, as the app makes it for `--theme T --seed S`
    /// (`GameSetup.first` with the theme given): a server replays a reported run from it.
    public static func setup(theme: Theme, seed: UInt64) -> GameSetup {
        GameSetup.first(theme: theme, from: [theme], seed: seed, mode: .solo)!
    }
}
