import Testing
import TerminalUI
@testable import MemorizeApp

/// Every screen's keys come from one table, and the help or footer the player reads is made from
/// the same table: these check both halves.
@Suite struct KeyTableTests {
    static let tables: [(String, [KeyHelp])] = [
        ("game", KeyTables.game.help), ("win", KeyTables.win.help), ("chooser", KeyTables.chooser.help),
        ("confirmation", KeyTables.confirmation.help), ("editor", KeyTables.editor.help), ("overlay", KeyTables.overlay.help),
    ]

    @Test func noKeyIsBoundTwiceInATable() {
        // The first match wins, so a second binding of the same key would be dead and its help a lie.
        for (name, table) in Self.tables {
            let keys = table.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "\(name) binds a key twice")
        }
    }

    @Test func theEditorTypesEveryPrintableCharacter() {
        // Only keys that cannot be typed may act in the editor: a name or an emoji may hold any character.
        for binding in KeyTables.editor {
            for key in binding.keys {
                if case .character = key { Issue.record("the editor binds \(key), which could not then be typed") }
            }
        }
    }

    @Test func theChooserHelpListsEveryChooserKey() {
        let h = ThemeHarness()
        h.press("t")
        h.press("?")
        for binding in KeyTables.chooser {
            #expect(h.text.contains(binding.label + String(repeating: " ", count: 2)) && h.text.contains(binding.summary), "\(binding.summary)")
        }
        h.press("?")
        #expect(!h.text.contains("Keys"))
    }

    @Test func theWinHelpListsEveryWinKey() {
        let h = ThemeHarness()
        h.winGame()
        h.press("?")
        for binding in KeyTables.win { #expect(h.text.contains(binding.summary), "\(binding.summary)") }
    }

    @Test func footersComeFromTheTables() {
        let h = ThemeHarness()
        h.press("t")
        #expect(h.text.contains(KeyTables.footer(KeyTables.chooser, ascii: false).joined(separator: "   ")))
        h.press("a")
        for item in KeyTables.footer(KeyTables.editor, ascii: false) { #expect(h.text.contains(item), "\(item)") }
        #expect(KeyTables.footer(KeyTables.editor, ascii: false).contains("← → change"))
        #expect(KeyTables.footer(KeyTables.editor, ascii: true).contains("left right change"))
    }

    @Test func helpLabelsAreMadeFromTheKeys() {
        #expect(KeyTables.game[0].label == "← h")
        #expect(KeyTables.game[0].label(ascii: true) == "left h")
        #expect(KeyTables.game.first { $0.command == .chooseFocused }?.label == "space enter")
        #expect(KeyTables.editor.first { $0.command == .previousField }?.label == "shift-tab ↑")
    }
}
