import Memorize
import Primitives
import TerminalUI

/// The theme editor's state (assignment 6): a draft theme and which field the keys go to.
/// A value kept in the game view's `@State`; saving goes through the view, which owns the store.
struct ThemeEditor: Equatable {
    enum Field: Int, CaseIterable {
        case name, emoji, pairs, color
        var title: String { ["Name", "Emoji", "Pairs", "Colour"][rawValue] }
    }
    enum Purpose: Equatable { case add, edit(original: String), copy(of: String) }
    struct Message: Equatable {
        var text: String
        var isError: Bool
    }

    let purpose: Purpose
    let ascii: Bool
    private(set) var draft: Theme
    private let initial: Theme
    private(set) var field = Field.name
    /// The emoji ←/→ pick on the emoji field, the one backspace or del removes.
    private(set) var picked = 0
    /// Typed or pasted, not yet added: a paste arrives one code point at a time, and only the
    /// whole grapheme (❤ + U+FE0F) can be judged.
    private(set) var typed = ""
    let colors: [NamedColor]
    var message: Message?
    /// Esc was pressed with unsaved changes; a second esc leaves.
    private(set) var confirmingDiscard = false
    /// Ctrl-C was pressed with unsaved changes; a second ctrl-c quits.
    private(set) var confirmingQuit = false

    init(_ purpose: Purpose, theme: Theme, ascii: Bool) {
        self.purpose = purpose
        self.ascii = ascii
        draft = theme
        if draft.ascii == nil, draft.emoji.isEmpty { draft.ascii = [] }
        initial = draft
        colors = NamedColor.choices(including: theme.color)
        picked = max(0, theme.emoji.count - 1)
    }

    /// A blank theme for `a`: no emoji yet, the palette's first colour.
    static func blank(ascii: Bool) -> ThemeEditor {
        ThemeEditor(.add, theme: Theme(name: "", emoji: [], pairs: 2, color: NamedColor.choices[0].color, ascii: []), ascii: ascii)
    }

    var originalName: String? {
        if case .edit(let original) = purpose { return original }
        return nil
    }

    var title: String {
        switch purpose {
        case .add: return "New theme"
        case .edit(let original): return "Edit \"\(original)\""
        case .copy(let source): return "Copy of \"\(source)\""
        }
    }

    var hasChanges: Bool { draft != initial || !typed.isEmpty }
    var colorIndex: Int { colors.firstIndex { $0.color == draft.color } ?? 0 }
    /// What saving writes: the name without stray spaces.
    var themeToSave: Theme {
        var theme = draft
        theme.name = theme.name.trimmingWhitespace
        return theme
    }

    // MARK: - Intents

    mutating func moveField(_ delta: Int) {
        let all = Field.allCases
        field = all[(field.rawValue + delta + all.count) % all.count]
        settle()
    }

    mutating func focus(_ newField: Field) { field = newField; settle() }

    /// A click on an emoji or a colour swatch.
    mutating func pick(emoji index: Int) {
        focus(.emoji)
        if draft.emoji.indices.contains(index) { picked = index }
    }

    mutating func pick(color index: Int) {
        focus(.color)
        if colors.indices.contains(index) { draft.color = colors[index].color }
    }

    /// A typed character goes to the name or the emoji being typed; other fields say how they work.
    mutating func type(_ character: Character) {
        settle()
        switch field {
        case .name:
            if let problem = ThemeRules.typingProblem(character, after: draft.name) { return say(problem, error: true) }
            draft.name.append(character)
        case .emoji:
            guard typed.utf8.count + character.utf8.count <= ThemeRules.maxTypedBytes else {
                return say("Press enter to add what you typed first", error: true)
            }
            typed.append(character)
        case .pairs, .color:
            say("Use \(Key.left.helpName(ascii: ascii)) and \(Key.right.helpName(ascii: ascii)) to change the \(field.title.lowercased())", error: false)
        }
    }

    mutating func deleteBackward() {
        settle()
        switch field {
        case .name: if !draft.name.isEmpty { draft.name.removeLast() }
        case .emoji: if typed.isEmpty { removePickedEmoji() } else { typed.removeLast() }
        case .pairs, .color: break
        }
    }

    mutating func removePickedEmoji() {
        settle()
        guard field == .emoji, draft.emoji.indices.contains(picked) else { return }
        let removed = draft.emoji.remove(at: picked)
        if draft.ascii != nil, draft.ascii!.indices.contains(picked) { draft.ascii!.remove(at: picked) }
        draft.pairs = min(draft.pairs, max(2, draft.emoji.count))
        picked = min(picked, max(0, draft.emoji.count - 1))
        say("Removed \(ascii ? ThemeRules.codePoints(removed) : ThemeProblem.shown(removed))", error: false)
    }

    /// ←/→: pick an emoji, fewer or more pairs (2 … number of emoji), the previous or next colour.
    mutating func adjust(_ delta: Int) {
        settle()
        switch field {
        case .name: break
        case .emoji: picked = min(max(0, picked + delta), max(0, draft.emoji.count - 1))
        case .pairs: draft.pairs = min(max(2, draft.pairs + delta), max(2, draft.emoji.count))
        case .color: draft.color = colors[(colorIndex + delta + colors.count) % colors.count].color
        }
    }

    /// Adds every typed grapheme that is one two-column code point and new; says why any was not.
    mutating func addTyped() {
        settle()
        var added: [String] = []
        var refusal: String?
        var refused = 0
        for grapheme in typed.map(String.init) {
            if let problem = ThemeRules.emojiProblem(grapheme, joining: draft.emoji, ascii: ascii) {
                refusal = refusal ?? problem
                refused += 1
                continue
            }
            append(grapheme)
            added.append(ascii ? ThemeRules.codePoints(grapheme) : ThemeProblem.shown(grapheme))
        }
        typed = ""
        let addedText = added.isEmpty ? "" : "Added \(added.joined(separator: " "))"
        if let refusal {
            let more = refused > 1 ? " (and \(refused - 1) more not added)" : ""
            say((addedText.isEmpty ? "" : addedText + "; ") + "not added: " + refusal + more, error: true)
        } else {
            say(addedText, error: false)
        }
    }

    /// Esc: true when the editor may close now; with unsaved changes it asks first.
    mutating func requestCancel() -> Bool {
        if !hasChanges || confirmingDiscard { return true }
        confirmingDiscard = true
        confirmingQuit = false
        message = Message(text: "Unsaved changes: esc again leaves without saving, ctrl-s saves", isError: true)
        return false
    }

    /// Ctrl-C: true when the game may quit now. With unsaved changes it asks first, as esc does:
    /// a theme typed for minutes must not vanish with one key.
    mutating func requestQuit() -> Bool {
        if !hasChanges || confirmingQuit { return true }
        confirmingQuit = true
        confirmingDiscard = false
        message = Message(text: "Unsaved changes: ctrl-c again quits without saving, ctrl-s saves", isError: true)
        return false
    }

    // MARK: - Helpers

    private mutating func append(_ emoji: String) {
        let oldCount = draft.emoji.count
        draft.emoji.append(emoji)
        if draft.ascii != nil { draft.ascii!.append(Self.unusedASCII(in: draft.ascii!)) }
        // The pairs follow the emoji until the player asks for fewer.
        if oldCount < 2 || draft.pairs >= oldCount { draft.pairs = max(2, draft.emoji.count) }
        picked = draft.emoji.count - 1
    }

    /// The `--ascii` face of a new emoji: the first letter or digit the theme does not use yet.
    private static func unusedASCII(in used: [String]) -> String {
        let pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
        return pool.first { !used.contains($0) } ?? "?"
    }

    /// Any key but a second esc (ctrl-c) ends the "discard?" ("quit?") question.
    private mutating func settle() {
        if confirmingDiscard || confirmingQuit { confirmingDiscard = false; confirmingQuit = false; message = nil }
    }

    private mutating func say(_ text: String, error: Bool) {
        message = text.isEmpty ? nil : Message(text: text, isError: error)
    }
}
