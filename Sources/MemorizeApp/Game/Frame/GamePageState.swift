import TerminalUI

/// What a frame of the game page is drawn from besides the view model and the Animator: the
/// page's @State, its layout and the run's options, handed to the renderer as a value on every
/// call. The renderer keeps no pointer to the page, so it reads nothing the page did not give it.
struct GamePageState {
    /// Lecture 8's @State: the cards that have left the deck.
    var dealt: Set<Int>
    var focusIndex: Int
    var startNotice: String?
    /// The game is over and recorded (the win screen may show).
    var isWon: Bool
    var size: Size
    var layout: GameLayout
    var options: AppOptions
    /// Bumped by every model and @State change (QuietFrame's stamp).
    var stateRevision: Int
    /// The computer's note in a game of two, and until when it shows.
    var note: (text: String, until: Double)?
    /// App time stands behind the run loop's clock by this much (the inspector paused it).
    var timeBehind: Double

    func isUndealt(_ card: EmojiMemoryGame.Card) -> Bool { !dealt.contains(card.id) }

    /// The layout for `size` (another one while the help or the inspector takes part of the screen).
    func layout(for size: Size) -> GameLayout { .fitting(size, cardCount: layout.grid.itemFrames.count, current: layout) }

    /// The note while it lasts.
    func visibleNote(at time: Double) -> String? {
        guard let note, time < note.until else { return nil }
        return note.text
    }
}
