import TerminalUI

/// The win page (assignment 6's win screen) over the finished game: its commands and its box.
/// Its model, the result and the best before it, is the WinSummary the game recorded.
struct WinPage {
    let summary: WinSummary
    let game: GamePage

    func handle(_ key: Key) -> PageRequest {
        guard let command: WinCommand = (KeyTables.win + KeyTables.winModes).command(for: key) else { return .none }
        // Too small to show the game: only quitting works, as on the game page.
        guard !game.layout.isTooSmall || command == .quit else { return .none }
        switch command {
        case .cycleMode: game.chooseNextMode(summary.nextMode.next)
        case .newGame:
            game.game.setMode(summary.nextMode)
            game.perform(.newGame)
        case .restart:
            game.game.setMode(summary.nextMode)
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
        Overlays.drawBox(summary.lines(ascii: options.ascii), on: &canvas, palette: palette)
    }
}
