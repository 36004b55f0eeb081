import TerminalUI

// Each page has its own commands (its folder's *Command.swift), so its input handler switches
// over exactly what it can be asked (exhaustively: a new command cannot be forgotten), and one key
// can mean different things on different pages (`e` edits in the chooser and types an "e" in the
// editor). This file holds every page's table, so a reader sees all the keys at once.

/// Every page's key table.
enum KeyTables {
    /// The game screen (GamePage, which shows lecture 8's EmojiMemoryGameView).
    static let game: [KeyBinding<GameCommand>] = [
        KeyBinding([.left, .character("h")], .moveFocus(dx: -1, dy: 0), "focus the card to the left"),
        KeyBinding([.right, .character("l")], .moveFocus(dx: 1, dy: 0), "focus the card to the right"),
        KeyBinding([.up, .character("k")], .moveFocus(dx: 0, dy: -1), "focus the card above"),
        KeyBinding([.down, .character("j")], .moveFocus(dx: 0, dy: 1), "focus the card below"),
        KeyBinding([.character(" "), .enter], .chooseFocused, "choose the focused card"),
        KeyBinding([.character("d")], .deal, "deal the cards from the deck"),
        KeyBinding([.character("s")], .shuffle, "shuffle the cards"),
        KeyBinding([.character("r")], .restart, "restart: cards back to the deck, same theme"),
        KeyBinding([.character("n")], .newGame, "new game with a random theme"),
        KeyBinding([.character("t")], .themes, "choose a theme (add, edit, copy, delete)"),
        KeyBinding([.character("?")], .help, "this help"),
        KeyBinding([.escape], .dismiss, "close an overlay"),
        KeyBinding([.character("q"), .control("c")], .quit, "quit"),
    ]

    /// The inspector's keys, on the game page and its win screen (listed in their help).
    static let inspector: [KeyBinding<InspectorCommand>] = [
        KeyBinding([.character("i")], .toggle, "inspector: watch the model, @State and the animations live"),
        KeyBinding([.tab], .switchFocus, "inspector open: keys to the inspector (arrows pick a card) or the game"),
        KeyBinding([.character("p")], .pauseTime, "inspector open: pause or resume time (not kept as a best score)"),
        KeyBinding([.character(".")], .stepFrame, "inspector open, time paused: one frame on"),
    ]

    /// While the inspector has the keys (`tab`): the selected card moves through the model's cards.
    static let inspectorFocused: [KeyBinding<InspectorCommand>] = [
        KeyBinding([.up, .character("k"), .left, .character("h")], .select(-1), "select the card before"),
        KeyBinding([.down, .character("j"), .right, .character("l")], .select(1), "select the card after"),
    ]

    /// Keys the terminal layer takes on every screen before any page sees them
    /// (TerminalInputDecoder, RunLoop): listed for the manual, not bindings a page could change.
    static let everyScreen: [KeyHelp] = [
        KeyHelp(keys: [.control("z")], summary: "suspend to the shell (where it has job control); fg brings the game back, redrawn", hint: nil),
    ]

    /// The win screen, shown over the finished game.
    static let win: [KeyBinding<WinCommand>] = [
        KeyBinding([.character("n")], .newGame, "new game with a random theme", hint: "new game"),
        KeyBinding([.character("r")], .restart, "replay this theme", hint: "replay"),
        KeyBinding([.character("t")], .themes, "choose a theme", hint: "themes"),
        KeyBinding([.character("?")], .help, "help"),
        KeyBinding([.character("q"), .control("c")], .quit, "quit", hint: "quit"),
    ]

    /// The win screen's mode key: always bound, always listed (its footer, its help).
    static let winModes: [KeyBinding<WinCommand>] = [
        KeyBinding([.character("m")], .cycleMode, "mode of the next game: solo, 2 players, vs easy, medium, hard", hint: "mode"),
    ]

    /// The theme chooser (assignment 6's theme list).
    static let chooser: [KeyBinding<ChooserCommand>] = [
        KeyBinding([.up, .character("k")], .moveSelection(-1), "pick the theme above"),
        KeyBinding([.down, .character("j")], .moveSelection(1), "pick the theme below"),
        KeyBinding([.enter, .character(" ")], .playSelected, "play the picked theme", hint: "play"),
        KeyBinding([.character("e")], .editSelected, "edit the picked theme (your own themes)", hint: "edit"),
        KeyBinding([.character("a")], .addTheme, "add a new theme", hint: "add"),
        KeyBinding([.character("c")], .copySelected, "copy the picked theme into a new one", hint: "copy"),
        KeyBinding([.character("x")], .deleteSelected, "delete the picked theme (your own; asks first)", hint: "delete"),
        KeyBinding([.character("?")], .help, "this help", hint: "help"),
        KeyBinding([.escape], .back, "back to the game, as it was", hint: "back"),
        // No footer hint: the footer is full; the help lists it and the title shows the mode.
        KeyBinding([.character("m")], .cycleMode, "mode: solo, 2 players, vs easy, medium, hard"),
        KeyBinding([.character("p")], .showProblems, "list every problem with your themes (theme, line, reason)"),
        KeyBinding([.character("q"), .control("c")], .quit, "quit"),
    ]

    /// While the help is open.
    static let overlay: [KeyBinding<OverlayCommand>] = [
        KeyBinding([.up, .character("k")], .scroll(-1), "scroll up", hint: "scroll"),
        KeyBinding([.down, .character("j")], .scroll(1), "scroll down", hint: "scroll"),
        KeyBinding([.pageUp], .scroll(-10), "scroll up a page"),
        KeyBinding([.pageDown, .character(" ")], .scroll(10), "scroll down a page"),
        KeyBinding([.escape, .character("?")], .close, "close this help", hint: "close"),
        KeyBinding([.character("q"), .control("c")], .quit, "quit"),
    ]

    /// A yes/no question (deleting a theme); any other key says no.
    static let confirmation: [KeyBinding<ConfirmationCommand>] = [
        KeyBinding([.character("y")], .confirm, "yes", hint: "yes"),
        KeyBinding([.character("n"), .escape], .cancel, "no", hint: "no"),
        KeyBinding([.control("c")], .quit, "quit"),
    ]

    /// The theme editor. Keys not listed here are typed into the focused field.
    static let editor: [KeyBinding<EditorCommand>] = [
        KeyBinding([.tab, .down], .nextField, "next field", hint: "next field"),
        KeyBinding([.backTab, .up], .previousField, "previous field", hint: "previous"),
        KeyBinding([.left], .adjust(-1), "pick an emoji, fewer pairs, previous colour", hint: "change"),
        KeyBinding([.right], .adjust(1), "pick an emoji, more pairs, next colour", hint: "change"),
        KeyBinding([.enter], .submit, "add the typed emoji; on other fields, save", hint: "add/save"),
        KeyBinding([.control("s")], .save, "save the theme", hint: "save"),
        KeyBinding([.backspace], .deleteBackward, "delete a typed character, or the picked emoji", hint: "erase"),
        KeyBinding([.delete], .removeEmoji, "remove the picked emoji", hint: "remove"),
        KeyBinding([.escape], .cancel, "leave without saving (asks when changed)", hint: "cancel"),
        KeyBinding([.control("c")], .quit, "quit (asks when changed)"),
    ]

    /// Mouse actions, listed in the help next to the keys.
    static let mouseHelp: [(label: String, summary: String)] = [
        ("click card", "choose it"),
        ("click deck", "deal"),
        ("click button", "press it"),
    ]
    static let winMouseHelp: [(label: String, summary: String)] = [
        ("click button", "press it"),
    ]
    static let chooserMouseHelp: [(label: String, summary: String)] = [
        ("click theme", "pick it; click it again to play"),
    ]
    static let editorMouseHelp: [(label: String, summary: String)] = [
        ("click field", "go to it (an emoji or colour: pick it)"),
    ]

    /// "enter play   e edit ...": the footer of a screen, from the same table its input uses.
    static func footer<Command>(_ table: [KeyBinding<Command>], ascii: Bool) -> [String] {
        footer(table.help, ascii: ascii)
    }

    static func footer(_ table: [KeyHelp], ascii: Bool) -> [String] {
        // Bindings sharing a hint (← and →) read better as one item: "← → change".
        var items: [(keys: [String], hint: String)] = []
        for binding in table {
            guard let hint = binding.hint else { continue }
            let key = binding.keys[0].helpName(ascii: ascii)
            if let i = items.firstIndex(where: { $0.hint == hint }) { items[i].keys.append(key) } else { items.append(([key], hint)) }
        }
        return items.map { $0.keys.joined(separator: " ") + " " + $0.hint }
    }
}
