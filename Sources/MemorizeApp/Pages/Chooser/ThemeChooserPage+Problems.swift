import Memorize
import MemorizeStore
import TerminalUI

/// The chooser's list of theme problems (`p`): every theme of the player's that could not be
/// loaded or played, with file, line and reason, in a box that scrolls like the help.
extension ThemeChooserPage {
    var problems: ThemeProblemList {
        ThemeProblemList(userThemes: context.userThemes, builtIn: context.game.builtInThemes)
    }

    /// What the chooser says when it opens: how many themes could not be loaded and how to see
    /// why, and whether saving is off; else the store's own warning, if any.
    var openingMessage: String? {
        guard let summary = problems.chooserSummary else { return context.userThemes.warning }
        guard context.userThemes.warning != nil else { return summary }
        return summary + "; saving is off until the file is fixed or moved"
    }

    func showProblems() {
        guard !problems.isEmpty else {
            chooser.message = "All your themes loaded: nothing to list"
            return
        }
        problemScroll = 0
    }

    /// Keys while the list is open: the help's (scroll, close, quit).
    func handleProblemListKey(_ key: Key) -> PageRequest {
        switch KeyTables.overlay.command(for: key) {
        case .close: problemScroll = nil
        case .quit: return .quit
        case .scroll(let lines):
            let limit = problemLayout(in: lastSize).maximumScroll
            problemScroll = min(max(0, (problemScroll ?? 0) + lines), limit)
        case nil: break
        }
        return .none
    }

    func problemLayout(in size: Size) -> HelpOverlayLayout {
        let ascii = context.options.ascii
        let rows = problems.rows.map {
            HelpOverlayLayout.Row(label: $0.label.asciiOnly(ascii), summary: $0.summary?.asciiOnly(ascii))
        }
        return HelpOverlayLayout.withOverlayKeys(rows: rows, in: size, ascii: ascii)
    }

    func drawProblemList(on canvas: inout Canvas) {
        lastSize = canvas.size
        guard let problemScroll else { return }
        let options = context.options
        let palette = Palette(theme: context.game.theme.color, monochrome: options.monochrome, ascii: options.ascii)
        problemLayout(in: canvas.size).draw(scroll: problemScroll, on: &canvas, palette: palette, ascii: options.ascii)
    }
}
