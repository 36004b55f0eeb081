import Testing
import TerminalUI
@testable import MemorizeApp

/// Every screen's keys come from one table, and the help or footer the player reads is made from
/// the same table: these check both halves.
@Suite struct KeyTableTests {
    static let tables: [(String, [KeyBinding])] = [
        ("game", KeyBinding.all), ("win", KeyBinding.win), ("chooser", KeyBinding.chooser),
        ("confirmation", KeyBinding.confirmation), ("editor", KeyBinding.editor), ("overlay", KeyBinding.overlay),
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
        for binding in KeyBinding.editor {
            for key in binding.keys {
                if case .character = key { Issue.record("the editor binds \(key), which could not then be typed") }
            }
        }
    }

    @Test func theChooserHelpListsEveryChooserKey() {
        let h = ThemeHarness()
        h.press("t")
        h.press("?")
        for binding in KeyBinding.chooser {
            #expect(h.text.contains(binding.label + String(repeating: " ", count: 2)) && h.text.contains(binding.summary), "\(binding.summary)")
        }
        h.press("?")
        #expect(!h.text.contains("Keys"))
    }

    @Test func theWinHelpListsEveryWinKey() {
        let h = ThemeHarness()
        h.winGame()
        h.press("?")
        for binding in KeyBinding.win { #expect(h.text.contains(binding.summary), "\(binding.summary)") }
    }

    @Test func footersComeFromTheTables() {
        let h = ThemeHarness()
        h.press("t")
        #expect(h.text.contains(KeyBinding.footer(KeyBinding.chooser, ascii: false).joined(separator: "   ")))
        h.press("a")
        for item in KeyBinding.footer(KeyBinding.editor, ascii: false) { #expect(h.text.contains(item), "\(item)") }
        #expect(KeyBinding.footer(KeyBinding.editor, ascii: false).contains("← → change"))
        #expect(KeyBinding.footer(KeyBinding.editor, ascii: true).contains("left right change"))
    }

    @Test func helpLabelsAreMadeFromTheKeys() {
        #expect(KeyBinding.all[0].label == "← h")
        #expect(KeyBinding.all[0].label(ascii: true) == "left h")
        #expect(KeyBinding.all.first { $0.command == .chooseFocused }?.label == "space enter")
        #expect(KeyBinding.editor.first { $0.command == .previousField }?.label == "shift-tab ↑")
    }
}
