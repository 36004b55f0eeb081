import Memorize
import MemorizeStore
import TerminalUI

/// Assignment 6's theme chooser as a page: its state (the list, the pick, a pending delete), its
/// commands, its input and its drawing. Themes are saved through `UserThemeStoring` only.
final class ThemeChooserPage {
    var chooser: ThemeChooser
    let context: PageContext
    /// The list of theme problems (`p`), scrolled this far; nil while closed.
    var problemScroll: Int?
    /// The size last drawn in: how far the problem list can scroll.
    var lastSize = Size(width: 80, height: 24)
    /// The mode the picked theme will be played in (`m` cycles it).
    private(set) var nextMode: GameMode

    /// The list of themes, `select` picked (the one being played when nil).
    init(context: PageContext, message: String?, select: String? = nil) {
        self.context = context
        nextMode = context.game.mode
        chooser = ThemeChooser(builtIn: context.game.builtInThemes, user: context.userThemes.themes,
                               selecting: select ?? context.game.theme.name)
        chooser.message = message ?? openingMessage
        if let select { chooser.select(chooser.index(of: select) ?? chooser.selection) }
    }

    func say(_ message: String?) { chooser.message = message }

    // MARK: Input

    func handle(_ key: Key) -> PageRequest {
        if problemScroll != nil { return handleProblemListKey(key) }
        if chooser.pendingDelete != nil {
            let answer: ConfirmationCommand? = KeyTables.confirmation.command(for: key)
            switch answer {
            case .confirm: confirmDelete()
            case .quit: return .quit
            case .cancel, nil: cancelDelete()   // any other key keeps the theme
            }
            return .none
        }
        guard let command: ChooserCommand = KeyTables.chooser.command(for: key) else { return .none }
        chooser.message = nil
        switch command {
        case .moveSelection(let delta): chooser.move(by: delta)
        case .playSelected: return playSelected()
        case .editSelected: return editSelected()
        case .addTheme: return .openEditor(.blank(ascii: context.options.ascii))
        case .copySelected: return copySelected()
        case .deleteSelected: deleteSelected()
        case .help: return .help
        case .back: return .showGame
        case .quit: return .quit
        case .cycleMode: nextMode = nextMode.next
        case .showProblems: showProblems()
        }
        return .none
    }

    func click(at point: Point, size: Size) -> PageRequest {
        if problemScroll != nil {
            problemScroll = nil
            return .none
        }
        guard chooser.pendingDelete == nil else {
            cancelDelete()
            return .none
        }
        guard let index = view.rowIndex(at: point, in: size) else { return .none }
        chooser.message = nil
        // A click picks; a click on the picked row plays it (what enter does).
        if index == chooser.selection { return playSelected() }
        chooser.select(index)
        return .none
    }

    // MARK: Drawing

    static let minimumSize = ThemeChooserView.minimumSize

    private var view: ThemeChooserView {
        // The mode shows once it is not the lecture's solo game, or is about to change.
        let showsMode = nextMode != .solo || nextMode != context.game.mode
        return ThemeChooserView(chooser: chooser, playing: context.game.theme, ascii: context.options.ascii,
                                monochrome: context.options.monochrome, mode: showsMode ? nextMode.label : nil)
    }

    func draw(on canvas: inout Canvas) {
        view.draw(on: &canvas)
        drawProblemList(on: &canvas)
    }

    // MARK: Intents

    private func playSelected() -> PageRequest {
        guard let row = chooser.selected else { return .none }
        if let problem = row.problem {
            chooser.message = "\"\(row.theme.name)\" cannot be played: \(problem); e edits it, x deletes it"
            return .none
        }
        return .play(row.theme, nextMode)
    }

    private func editSelected() -> PageRequest {
        guard let row = chooser.selected else { return .none }
        guard !row.isBuiltIn else {
            chooser.message = "\"\(row.theme.name)\" is built in and cannot be edited: c copies it into a theme of your own"
            return .none
        }
        return .openEditor(ThemeEditor(.edit(original: row.theme.name), theme: row.theme, ascii: context.options.ascii))
    }

    private func copySelected() -> PageRequest {
        guard let row = chooser.selected else { return .none }
        var copy = row.theme
        copy.name = chooser.unusedName("\(row.theme.name) copy")
        return .openEditor(ThemeEditor(.copy(of: row.theme.name), theme: copy, ascii: context.options.ascii))
    }

    /// `x`: built-ins are refused; a user theme is deleted only after `y`.
    private func deleteSelected() {
        guard let row = chooser.selected else { return }
        guard !row.isBuiltIn else {
            chooser.message = "\"\(row.theme.name)\" is built in and cannot be deleted (c copies it)"
            return
        }
        chooser.pendingDelete = row.theme.name
        chooser.message = "Delete \"\(row.theme.name)\"? y deletes it, n keeps it"
    }

    private func confirmDelete() {
        guard let name = chooser.pendingDelete else { return }
        chooser.pendingDelete = nil
        do {
            try context.userThemes.save(context.userThemes.themes.filter { $0.name != name })
        } catch {
            chooser.message = Self.notSaved(error)
            return
        }
        context.game.setUserThemes(context.userThemes.themes)
        let selection = chooser.selection
        chooser = ThemeChooser(builtIn: context.game.builtInThemes, user: context.userThemes.themes, selecting: nil)
        chooser.select(selection)
        chooser.message = "Deleted \"\(name)\""
    }

    private func cancelDelete() {
        guard let name = chooser.pendingDelete else { return }
        chooser.pendingDelete = nil
        chooser.message = "Kept \"\(name)\""
    }

    static func notSaved(_ error: Error) -> String {
        let text = "\(error)"
        return text.hasPrefix("Not saved") ? text : "Not saved: \(text)"
    }
}
