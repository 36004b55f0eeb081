import TerminalUI

/// The win screen (assignment 6) as a page over the finished game: its commands and its box.
/// Its state, the result and the best before it, is the WinScreen the game recorded.
struct WinPage {
    let screen: WinScreen
    let game: EmojiMemoryGameView

    func handle(_ key: Key) -> PageRequest {
        guard let command: WinCommand = (KeyTables.win + KeyTables.winModes).command(for: key) else { return .none }
        // Too small to show the game: only quitting works, as on the game page.
        guard !game.layout.isTooSmall || command == .quit else { return .none }
        switch command {
        case .cycleMode: game.win?.nextMode = screen.nextMode.next
        case .newGame:
            game.game.setMode(screen.nextMode)
            game.perform(.newGame)
        case .restart:
            game.game.setMode(screen.nextMode)
            game.perform(.restart)
        case .themes: return .showChooser(message: nil, select: nil)
        case .help: return .help
        case .quit: return .quit
        }
        return .none
    }

    func draw(on canvas: inout Canvas) {
        let options = game.options
        let palette = Palette(theme: game.game.theme.color, monochrome: options.monochrome, ascii: options.ascii)
        Overlays.drawBox(screen.lines(ascii: options.ascii), on: &canvas, palette: palette)
    }
}
