import Memorize
import MemorizeStore
import TerminalUI

/// Assignment 6's theme editor as a page: the draft, its commands, its input and its drawing.
/// Saving checks the draft with ThemeValidator, then saves the whole list through the store; on
/// any failure the editor stays open and says why, so nothing the player typed is lost.
final class ThemeEditorPage {
    private(set) var editor: ThemeEditor
    private let context: PageContext

    init(editor: ThemeEditor, context: PageContext) {
        self.editor = editor
        self.context = context
    }

    // MARK: Input

    func handle(_ key: Key) -> PageRequest {
        guard let command: EditorCommand = KeyTables.editor.command(for: key) else {
            if case .character(let character) = key { editor.type(character) }
            return .none
        }
        switch command {
        case .nextField: editor.moveField(1)
        case .previousField: editor.moveField(-1)
        case .adjust(let delta): editor.adjust(delta)
        case .submit where editor.field == .emoji && !editor.typed.isEmpty: editor.addTyped()
        case .submit, .save: return save()
        case .deleteBackward: editor.deleteBackward()
        case .removeEmoji: editor.removePickedEmoji()
        case .cancel: return cancel()
        case .quit: return editor.requestQuit() ? .quit : .none
        }
        return .none
    }

    func click(at point: Point, size: Size) -> PageRequest {
        switch view.target(at: point, width: size.width) {
        case .field(let field): editor.focus(field)
        case .emoji(let index): editor.pick(emoji: index)
        case .color(let index): editor.pick(color: index)
        case nil: break
        }
        return .none
    }

    // MARK: Drawing

    static let minimumSize = ThemeEditorView.minimumSize

    private var view: ThemeEditorView { ThemeEditorView(editor: editor, monochrome: context.options.monochrome) }

    func draw(on canvas: inout Canvas) { view.draw(on: &canvas) }

    // MARK: Intents

    private func save() -> PageRequest {
        let theme = editor.themeToSave
        let userThemes = context.userThemes
        let others = context.game.builtInThemes.map(\.name) + userThemes.themes.map(\.name).filter { name in editor.originalName.map { !Theme.namesMatch(name, $0) } ?? true }
        let problems = ThemeRules.problems(with: theme, otherNames: others)
        guard problems.isEmpty else {
            editor.message = .init(text: "Cannot save: " + problems.joined(separator: "; "), isError: true)
            return .none
        }
        var themes = userThemes.themes
        if let original = editor.originalName, let index = themes.firstIndex(named: original) {
            themes[index] = theme
        } else {
            themes.append(theme)
        }
        do {
            try userThemes.save(themes)
        } catch {
            editor.message = .init(text: ThemeChooserPage.notSaved(error), isError: true)
            return .none
        }
        context.game.setUserThemes(userThemes.themes)
        return .showChooser(message: "Saved \"\(theme.name)\": enter plays it", select: theme.name)
    }

    /// Esc: back to the chooser; with unsaved changes only on the second esc.
    private func cancel() -> PageRequest {
        guard editor.requestCancel() else { return .none }
        return .returnToChooser(message: editor.hasChanges ? "Left the editor without saving" : nil)
    }
}
