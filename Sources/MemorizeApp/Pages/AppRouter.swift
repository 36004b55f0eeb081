import Memorize
import MemorizeStore
import TerminalUI

/// Owns the pages and decides which one shows: the game (always there underneath: leaving it for
/// the chooser keeps it exactly as it was), the theme chooser, the theme editor, and the help
/// overlay over any of them. Pages handle their own input and draw themselves; what would leave
/// a page comes back here as a PageRequest.
final class AppRouter {
    enum Page: Equatable { case game, chooser, editor }

    let game: GamePage
    private(set) var page = Page.game
    private(set) var chooserPage: ThemeChooserPage
    private(set) var editorPage: ThemeEditorPage?
    private(set) var showsHelp = false {
        didSet { if !oldValue { helpScroll = 0 } }
    }
    /// How far the help is scrolled (lines), while it is taller than the screen.
    private(set) var helpScroll = 0
    private(set) var exitCode: Int32?
    /// The inspector (`i`, `--inspect`): open or not, and the terminal's size, of which the game
    /// gets what the pane leaves (AppRouter+Inspector.swift).
    var isInspecting = false
    /// `tab`: the inspector has the keys (arrows pick a card in its tables) rather than the game.
    var inspectorHasFocus = false
    var terminalSize: Size
    /// What the run loop reports; it keeps these books only while the inspector shows them.
    let runLoopStats = RunLoopStats()

    init(game: GamePage) {
        self.game = game
        terminalSize = game.size
        chooserPage = ThemeChooserPage(context: game.pageContext, message: nil)
        if game.options.inspect { setInspector(open: true) }
    }

    /// The chooser's and the editor's state (tests and the help read them).
    var chooser: ThemeChooser { chooserPage.chooser }
    var editor: ThemeEditor? { editorPage?.editor }

    /// `t`: the list of themes, the one being played picked. The game waits, untouched.
    func showChooser(message: String? = nil, select: String? = nil) {
        chooserPage = ThemeChooserPage(context: game.pageContext, message: message, select: select)
        showsHelp = false
        editorPage = nil
        page = .chooser
    }

    // MARK: Input

    func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if showsHelp {
                switch help.handle(key) {
                case .close: showsHelp = false
                case .quit: quit()
                case .scroll(let lines):
                    let limit = help.layout(in: terminalSize, ascii: game.options.ascii).maximumScroll
                    helpScroll = min(max(0, helpScroll + lines), limit)
                case nil: break                     // other keys wait for the help to close
                }
                return
            }
            switch page {
            case .game:
                if handleInspectorKey(key) { return }
                if let winPage { follow(winPage.handle(key)) } else { follow(game.handle(key: key)) }
            case .chooser: follow(chooserPage.handle(key))
            case .editor: follow(editorPage?.handle(key) ?? .none)
            }
        case .mouse(let mouse):
            // A press acts at once; the release that follows it must not act twice.
            guard mouse.button == .left, mouse.kind != .release else { return }
            if showsHelp {
                showsHelp = false
                return
            }
            if isInspecting, InspectorPlacement(terminal: terminalSize).pane.contains(mouse.position) { return }
            switch page {
            case .game: game.handle(click: mouse.position)
            case .chooser: follow(chooserPage.click(at: mouse.position, size: game.size))
            case .editor: follow(editorPage?.click(at: mouse.position, size: game.size) ?? .none)
            }
        case .resize(let newSize):
            terminalSize = newSize
            game.resize(to: gameSize(in: newSize))
        case .terminate:
            quit()
        case .suspend:
            break                           // the run loop's: it stops the process and the clock
        case .watchedInput:
            break                           // a table's channel: TableApplication reads it
        }
    }

    private func follow(_ request: PageRequest) {
        switch request {
        case .none: break
        case .help: showsHelp = true
        case .quit: quit()
        case .showGame: page = .game
        case .play(let theme, let mode):
            page = .game
            // The theme and mode being played, unchanged: back to the game exactly as it was, no restart.
            if theme != game.game.theme || mode != game.game.mode { game.play(theme: theme, mode: mode) }
        case .showChooser(let message, let select): showChooser(message: message, select: select)
        case .returnToChooser(let message):
            editorPage = nil
            page = .chooser
            chooserPage.say(message)
        case .openEditor(let editor):
            chooserPage.say(nil)
            editorPage = ThemeEditorPage(editor: editor, context: game.pageContext)
            page = .editor
        }
    }

    private func quit() {
        exitCode = 0
        game.quit()
    }

    // MARK: Drawing and time

    func render(in size: Size) -> Canvas {
        isInspecting ? renderInspecting(in: size) : renderPages(in: size)
    }

    /// The page showing (and the help over it) in `size`: the whole terminal, or the game's part of it.
    func renderPages(in size: Size, withHelp: Bool = true) -> Canvas {
        var canvas: Canvas
        switch page {
        case .game:
            canvas = game.render(in: size, focusVisible: !showsHelp)
            if game.showsWin(in: size) { winPage?.draw(on: &canvas) }
        case .chooser:
            canvas = Canvas(size: size)
            guard Overlays.fits(size, ThemeChooserPage.minimumSize, on: &canvas) else { return canvas }
            chooserPage.draw(on: &canvas)
        case .editor:
            canvas = Canvas(size: size)
            guard let editorPage, Overlays.fits(size, ThemeEditorPage.minimumSize, on: &canvas) else { return canvas }
            editorPage.draw(on: &canvas)
        }
        if showsHelp, withHelp { drawHelp(on: &canvas) }
        return canvas
    }

    func drawHelp(on canvas: inout Canvas) {
        let options = game.options
        help.draw(on: &canvas, palette: Palette(theme: game.game.theme.color, monochrome: options.monochrome, ascii: options.ascii),
                  ascii: options.ascii, scroll: helpScroll)
    }

    /// The help for the page showing, from that page's key table.
    var help: HelpOverlay {
        switch page {
        case .game where game.win != nil:
            // The inspector works over the win screen too (KeyTables.inspector), so its help says so.
            HelpOverlay(table: (KeyTables.win + KeyTables.winModes).help
                            + KeyTables.inspector.help,
                        mouse: KeyTables.winMouseHelp)
        case .game: HelpOverlay(table: KeyTables.game.help + KeyTables.inspector.help, mouse: KeyTables.mouseHelp)
        case .chooser: HelpOverlay(table: KeyTables.chooser.help, mouse: KeyTables.chooserMouseHelp)
        case .editor: HelpOverlay(table: KeyTables.editor.help, mouse: KeyTables.editorMouseHelp)
        }
    }

    /// The win screen's page while the finished game shows it.
    private var winPage: WinPage? { game.win.map { WinPage(summary: $0, game: game) } }

    func tick() {
        // The computer plays only while its game is what the player sees.
        game.opponent.isHeld = showsHelp || page != .game
        game.tick()
    }

    /// Only the game page moves by itself; the chooser and editor change only on input.
    var isAnimating: Bool { page == .game && game.isAnimating }
    var nextTimedChange: Double? { page == .game ? game.nextTimedChange : nil }
}

extension GamePage {
    /// What the other pages share with the game: the view model and the player's themes.
    var pageContext: PageContext { PageContext(game: game, userThemes: userThemes, options: options) }
}
