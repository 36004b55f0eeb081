import Memorize
import MemorizeStore
import TerminalUI

/// Assignment 6's intents: the theme chooser and editor. Themes are saved through the
/// `UserThemeStoring` protocol only; the view model then plays from the updated list.
extension EmojiMemoryGameView {
    // MARK: - Chooser

    /// `t`: the list of themes, the one being played picked. The game waits, untouched.
    func showChooser(message: String? = nil) {
        chooser = ThemeChooser(builtIn: game.builtInThemes, user: userThemes.themes, selecting: game.theme.name)
        chooser.message = message ?? userThemes.warning
        overlay = nil
        page = .chooser
    }

    func playSelected() {
        guard let row = chooser.selected else { return }
        if let problem = row.problem {
            chooser.message = "\"\(row.theme.name)\" cannot be played: \(problem); e edits it, x deletes it"
            return
        }
        page = .game
        // The theme being played, unchanged: back to the game exactly as it was, no restart.
        if row.theme != game.theme { play(theme: row.theme) }
    }

    func editSelected() {
        guard let row = chooser.selected else { return }
        guard !row.isBuiltIn else {
            chooser.message = "\"\(row.theme.name)\" is built in and cannot be edited: c copies it into a theme of your own"
            return
        }
        openEditor(ThemeEditor(.edit(original: row.theme.name), theme: row.theme, ascii: options.ascii))
    }

    func addTheme() { openEditor(.blank(ascii: options.ascii)) }

    func copySelected() {
        guard let row = chooser.selected else { return }
        var copy = row.theme
        copy.name = chooser.unusedName("\(row.theme.name) copy")
        openEditor(ThemeEditor(.copy(of: row.theme.name), theme: copy, ascii: options.ascii))
    }

    /// `x`: built-ins are refused; a user theme is deleted only after `y`.
    func deleteSelected() {
        guard let row = chooser.selected else { return }
        guard !row.isBuiltIn else {
            chooser.message = "\"\(row.theme.name)\" is built in and cannot be deleted (c copies it)"
            return
        }
        chooser.pendingDelete = row.theme.name
        chooser.message = "Delete \"\(row.theme.name)\"? y deletes it, n keeps it"
    }

    func confirmDelete() {
        guard let name = chooser.pendingDelete else { return }
        chooser.pendingDelete = nil
        do {
            try userThemes.save(userThemes.themes.filter { $0.name != name })
        } catch {
            chooser.message = Self.notSaved(error)
            return
        }
        game.setUserThemes(userThemes.themes)
        let selection = chooser.selection
        chooser = ThemeChooser(builtIn: game.builtInThemes, user: userThemes.themes, selecting: nil)
        chooser.select(selection)
        chooser.message = "Deleted \"\(name)\""
    }

    func cancelDelete() {
        guard let name = chooser.pendingDelete else { return }
        chooser.pendingDelete = nil
        chooser.message = "Kept \"\(name)\""
    }

    // MARK: - Editor

    private func openEditor(_ newEditor: ThemeEditor) {
        editor = newEditor
        chooser.message = nil
        page = .editor
    }

    /// Checks the draft, then saves the whole list through the store. On any failure the editor
    /// stays open with the draft and says why: nothing the player typed is lost.
    func saveEditor() {
        guard let draft = editor else { return }
        let theme = draft.themeToSave
        let others = game.builtInThemes.map(\.name) + userThemes.themes.map(\.name).filter { $0 != draft.originalName }
        let problems = ThemeRules.problems(with: theme, otherNames: others)
        guard problems.isEmpty else {
            editor?.message = .init(text: "Cannot save: " + problems.joined(separator: "; "), isError: true)
            return
        }
        var themes = userThemes.themes
        if let original = draft.originalName, let index = themes.firstIndex(where: { $0.name == original }) {
            themes[index] = theme
        } else {
            themes.append(theme)
        }
        do {
            try userThemes.save(themes)
        } catch {
            editor?.message = .init(text: Self.notSaved(error), isError: true)
            return
        }
        game.setUserThemes(userThemes.themes)
        editor = nil
        showChooser(message: "Saved \"\(theme.name)\": enter plays it")
        chooser.select(chooser.index(of: theme.name) ?? chooser.selection)
    }

    /// Esc: back to the chooser; with unsaved changes only on the second esc.
    func cancelEditor() {
        guard editor?.requestCancel() == true else { return }
        let changed = editor?.hasChanges ?? false
        editor = nil
        page = .chooser
        chooser.message = changed ? "Left the editor without saving" : nil
    }

    private static func notSaved(_ error: Error) -> String {
        let text = "\(error)"
        return text.hasPrefix("Not saved") ? text : "Not saved: \(text)"
    }

    // MARK: - Input

    func handleChooser(_ key: Key) {
        if chooser.pendingDelete != nil {
            let answer: ConfirmationCommand? = KeyTables.confirmation.command(for: key)
            switch answer {
            case .confirm: confirmDelete()
            case .quit: quit()
            case .cancel, nil: cancelDelete()   // any other key keeps the theme
            }
            return
        }
        guard let command: ChooserCommand = KeyTables.chooser.command(for: key) else { return }
        chooser.message = nil
        switch command {
        case .moveSelection(let delta): chooser.move(by: delta)
        case .playSelected: playSelected()
        case .editSelected: editSelected()
        case .addTheme: addTheme()
        case .copySelected: copySelected()
        case .deleteSelected: deleteSelected()
        case .help: overlay = .help
        case .back: page = .game
        case .quit: quit()
        }
    }

    func handleEditor(_ key: Key) {
        guard let current = editor else { return }
        guard let command: EditorCommand = KeyTables.editor.command(for: key) else {
            if case .character(let character) = key { editor?.type(character) }
            return
        }
        switch command {
        case .nextField: editor?.moveField(1)
        case .previousField: editor?.moveField(-1)
        case .adjust(let delta): editor?.adjust(delta)
        case .submit where current.field == .emoji && !current.typed.isEmpty: editor?.addTyped()
        case .submit, .save: saveEditor()
        case .deleteBackward: editor?.deleteBackward()
        case .removeEmoji: editor?.removePickedEmoji()
        case .cancel: cancelEditor()
        case .quit: quit()
        }
    }

    func clickChooser(at point: Point) {
        let view = ThemeChooserView(chooser: chooser, playing: game.theme, ascii: options.ascii, monochrome: options.monochrome)
        guard chooser.pendingDelete == nil else { return cancelDelete() }
        guard let index = view.rowIndex(at: point, in: size) else { return }
        chooser.message = nil
        // A click picks; a click on the picked row plays it (what enter does).
        if index == chooser.selection { playSelected() } else { chooser.select(index) }
    }

    func clickEditor(at point: Point) {
        guard let current = editor else { return }
        switch ThemeEditorView(editor: current, monochrome: options.monochrome).target(at: point, width: size.width) {
        case .field(let field): editor?.focus(field)
        case .emoji(let index): editor?.pick(emoji: index)
        case .color(let index): editor?.pick(color: index)
        case nil: break
        }
    }
}
