import Memorize
import TerminalUI

/// The table's win page: once the last pair is matched, every seat and every watcher shows who
/// won (or a tie) with both names and scores, as a solo game shows its own win page; `q` leaves.
/// Drawn from the model alone, which the same log made the same in every process, so every
/// screen shows the same result; the exit line (`result`) says it again.
enum TableWinPage {
    /// "alice wins! Final scores: alice 9, bob 4"; nil while pairs are left.
    static func result(_ game: EmojiMemoryGame) -> String? {
        guard let standings = game.standings else { return nil }
        return standings.headline + " " + TableLine.scores(game)
    }

    static func lines(_ game: EmojiMemoryGame, ascii: Bool) -> [String]? {
        guard let standings = game.standings else { return nil }
        let lines = [standings.headline, ""] + standings.lines + ["", "q leave the table"]
        return lines.map { $0.asciiOnly(ascii) }
    }

    static func draw(_ view: GamePage, on canvas: inout Canvas) {
        guard !view.layout.isTooSmall, let lines = lines(view.game, ascii: view.options.ascii) else { return }
        let palette = Palette(theme: view.game.theme.color, monochrome: view.options.monochrome, ascii: view.options.ascii)
        Overlays.drawBox(lines, on: &canvas, palette: palette)
    }
}
