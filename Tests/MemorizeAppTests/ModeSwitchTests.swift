import Testing
import MemorizeStore
import Memorize
import TerminalUI
@testable import MemorizeApp

/// Starting any mode from the theme chooser and the win screen.
@Suite struct ModeSwitchTests {
    @Test func mCyclesEveryModeInOrder() {
        var mode = GameMode.solo
        var seen: [GameMode] = []
        for _ in GameMode.all.indices {
            seen.append(mode)
            mode = mode.next
        }
        #expect(seen == GameMode.all && mode == .solo)
        #expect(GameMode.all.map(\.label) == ["solo", "2 players", "vs easy", "vs medium", "vs hard"])
    }

    @Test func theChooserPlaysThePickedThemeInThePickedMode() {
        let h = ThemeHarness()
        h.press("t")
        #expect(!h.text.contains("mode:"), "solo, unchanged: the chooser looks as it did")
        h.press("m")
        #expect(h.text.contains("mode: 2 players (m)"))
        h.press("m", 3)
        #expect(h.text.contains("mode: vs hard (m)"))
        h.press(.enter)
        #expect(h.router.page == .game)
        #expect(h.view.game.mode == .computer(.hard) && h.view.game.players.count == 2)
        #expect(h.view.game.theme.name == "Halloween", "same theme, new mode: a new game")
        h.press("d")
        h.advance(3)
        #expect(h.text.contains("▸You 0") && h.text.contains("Computer 0"))
        h.press("t")
        #expect(h.text.contains("mode: vs hard (m)"), "the chooser starts from the mode being played")
        h.press("m")
        #expect(h.text.contains("mode: solo (m)"), "solo is named when it is a change")
        h.press(.enter)
        #expect(h.view.game.mode == .solo && h.text.contains("Score: 0"))
    }

    @Test func escapeLeavesTheModeAlone() {
        let h = ThemeHarness()
        h.press("t")
        h.press("m")
        h.press(.escape)
        #expect(h.view.game.mode == .solo)
    }

    @Test func theSoloWinScreenStartsAnyModeWithM() {
        let h = ThemeHarness()
        h.winGame()
        #expect(h.text.contains("You matched every pair!") && !h.text.contains("Next game"))
        h.press("m")
        #expect(h.text.contains("Next game: 2 players") && h.text.contains("m mode"))
        h.press("m")
        #expect(h.text.contains("Next game: vs easy"))
        h.press("r")
        #expect(h.view.win == nil && h.view.game.mode == .computer(.easy))
        #expect(h.view.game.theme.name == "Halloween")
    }

    @Test func aVersusWinScreenListsTheModeKeyAndKeepsTheModeForR() {
        var options = AppOptions()
        options.mode = .hotSeat
        let h = ThemeHarness(options: options)
        h.winGame()
        #expect(h.text.contains("Next game: 2 players") && h.text.contains("m mode"))
        h.press("?")
        #expect(h.text.contains("mode of the next game"))
        h.press(.escape)
        h.press("r")
        #expect(h.view.game.mode == .hotSeat)
        h.winGame()
        h.press("m", 4)
        #expect(h.text.contains("Next game: solo"))
        h.press("n")
        #expect(h.view.game.mode == .solo && h.view.game.players.count == 1)
    }
}
