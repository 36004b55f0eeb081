import TerminalUI

/// The inspector pane: beside, below or over the game (InspectorPlacement), showing
/// the model, the view model, @State, the Animator and the run loop as they change.
///
/// Closed, it costs nothing: the router draws as before and the run loop keeps no books. Open,
/// every frame is drawn whole (the pane changes with the animations it lists), and nothing more
/// happens while nothing moves: the pane is part of the frame, not a timer of its own.
extension AppRouter {
    /// `i`, `--inspect`: the game gets the room the pane leaves, at once (as on a resize).
    func setInspector(open: Bool) {
        isInspecting = open
        inspectorHasFocus = false
        // Closed, nothing would say that time stands still: closing lets it run again.
        if !open { game.setTimePaused(false) }
        runLoopStats.isEnabled = open
        game.resize(to: gameSize(in: terminalSize))
    }

    /// The game's region for a terminal of `size`: all of it, unless the pane sits beside or below.
    func gameSize(in size: Size) -> Size {
        isInspecting ? InspectorPlacement(terminal: size).gameSize : size
    }

    /// Handles the inspector's keys on the game page; false for any other key.
    /// Closed, only `i` is the inspector's: `tab`, `p` and `.` go on to the game as before.
    func handleInspectorKey(_ key: Key) -> Bool {
        var found: InspectorCommand? = KeyTables.inspector.command(for: key)
        if found == nil, isInspecting, inspectorHasFocus { found = KeyTables.inspectorFocused.command(for: key) }
        guard let command = found, isInspecting || command == .toggle else { return false }
        // A server's ranked daily: the inspector shows every face-down card and can stop time, so
        // opening it would make the run worthless on the board (as at a table). A played-back run
        // (the server's `replay N`) likewise: the pane would show the day's deal before it turns.
        // The key is spent.
        if command == .toggle, !isInspecting, game.options.isServerDaily || game.options.playRecordPath != nil { return true }
        switch command {
        case .toggle: setInspector(open: !isInspecting)
        case .switchFocus: inspectorHasFocus.toggle()
        case .pauseTime: game.setTimePaused(!game.isTimePaused)
        case .stepFrame: game.stepFrame()
        case .select(let offset): game.selectCard(by: offset)
        }
        return true
    }

    /// The pages in the game's region, the pane in its own.
    func renderInspecting(in size: Size) -> Canvas {
        let placement = InspectorPlacement(terminal: size)
        var canvas = Canvas(size: size)
        canvas.draw(renderPages(in: placement.gameSize, withHelp: false), at: .zero)
        let options = game.options
        let palette = Palette(theme: game.game.theme.color, monochrome: options.monochrome, ascii: options.ascii)
        // The rule lights up while the inspector has the keys.
        let styles = InspectorPane.Styles(text: palette.text, title: palette.title, highlight: palette.selection,
                                          rule: inspectorHasFocus ? palette.selection : palette.faint)
        let width = InspectorPane.contentRect(placement.pane, edge: placement.edge).width
        let inspector = GameInspector(view: game, page: pageName, stats: runLoopStats, width: width, ascii: options.ascii)
        let now = game.clock.now
        let header = InspectorSection(title: status(at: now), lines: [], minimumLines: 0)
        InspectorPane.draw([header] + inspector.sections(at: now), in: placement.pane, edge: placement.edge,
                           on: &canvas, styles: styles, ascii: options.ascii)
        // The help lies over everything, the pane too (it lists the inspector's keys).
        if showsHelp { drawHelp(on: &canvas) }
        return canvas
    }

    /// The pane's first line: where the keys go, and whether time runs.
    private func status(at now: Double) -> String {
        let keys = inspectorHasFocus ? "keys: inspector (tab: game)" : "keys: game (tab: inspector)"
        guard game.isTimePaused else { return "INSPECTOR  \(keys)  p pause" }
        return PauseLabel.text(secondsSinceStart: now - game.timeOrigin)
    }

    /// Which page shows, and what covers it: the @State section's "page".
    private var pageName: String {
        var name: String
        switch page {
        case .game: name = game.win != nil && game.showsWin(in: game.size) ? "game + win" : "game"
        case .chooser: name = "chooser"
        case .editor: name = "editor"
        }
        if showsHelp { name += " + help" }
        return name
    }
}
