import Testing
import TerminalUI
@testable import MemorizeApp

/// The win card lists every key it answers to, `m mode` too, and so does its help.
@Suite struct WinCardKeysTests {
    @Test func soloWinCardListsEveryKeyItsTableBinds() {
        let h = ThemeHarness()
        h.winGame()
        h.advance(2)
        let text = h.text
        #expect(text.contains("You matched every pair!"))
        for item in KeyTables.footer(KeyTables.win + KeyTables.winModes, ascii: false) {
            #expect(text.contains(item), "the win card does not list '\(item)'")
        }
        #expect(text.contains("m mode"))
        // The next game's mode is named only once it is not the one just played.
        #expect(!text.contains("Next game:"))
        h.press("m")
        #expect(h.text.contains("Next game: 2 players"))
    }

    @Test func winHelpListsTheModeKey() {
        let h = ThemeHarness()
        h.winGame()
        h.advance(2)
        h.press("?")
        let text = h.text
        #expect(text.contains("mode of the next game"))
        #expect(text.contains("inspector"))
    }
}
