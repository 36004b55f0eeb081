import MemorizeStore
import Memorize

/// What a page asks of the router once it has handled input. Pages never switch pages
/// themselves: the router owns which one shows (and keeps the game, untouched, underneath).
enum PageRequest {
    case none
    case help
    case quit
    /// Back to the game, as it was.
    case showGame
    /// Play this theme in this mode (a new game, unless both are the ones being played).
    case play(Theme, GameMode)
    case showChooser(message: String?, select: String?)
    /// From the editor back to the chooser as it was, with a message.
    case returnToChooser(message: String?)
    case openEditor(ThemeEditor)
}

/// What pages read and write besides their own state: the view model and the player's themes.
struct PageContext {
    let game: EmojiMemoryGame
    let userThemes: UserThemeStoring
    let options: AppOptions
}
