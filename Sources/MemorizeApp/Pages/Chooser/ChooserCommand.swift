/// The theme chooser (assignment 6's theme list).
enum ChooserCommand: Equatable, Sendable {
    case moveSelection(Int), playSelected, editSelected, addTheme, copySelected, deleteSelected, help, back, quit
    /// Solo, 2 players, vs easy/medium/hard: the mode the next game is played in.
    case cycleMode
    /// The list of the player's themes that could not be loaded or played, and why.
    case showProblems
}
