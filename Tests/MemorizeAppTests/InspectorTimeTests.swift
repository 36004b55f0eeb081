import Testing
import MemorizeStore
import Memorize
import TerminalUI
@testable import MemorizeApp

/// The inspector's time controls: `p` pauses app time (the model's bonus clock and the Animator),
/// `.` steps one frame, a paused game asks the run loop for nothing, and a game in which time was
/// paused is not kept as a best score.
@Suite struct InspectorTimeTests {
    @Test func pauseStopsTheBonusClockAndTheAnimationsAndStepsByOneFrame() {
        let h = ThemeHarness(size: Size(width: 160, height: 48))
        h.press("d")
        h.advance(3)
        h.press("i")
        h.press("space")
        h.advance(1)
        let card = h.view.game.cards[h.view.focusIndex]
        #expect(card.isConsumingBonusTime)
        let bonusBefore = card.bonusTimeRemaining
        h.press("p")
        #expect(h.view.isTimePaused && !h.view.isAnimating && h.view.nextTimedChange == nil)
        h.advance(4)
        #expect(h.view.game.cards[h.view.focusIndex].bonusTimeRemaining == bonusBefore)
        h.press(".")
        #expect(abs(h.view.game.cards[h.view.focusIndex].bonusTimeRemaining - (bonusBefore - 1.0 / 30)) < 1e-9)
        h.press("p")
        h.advance(1)
        #expect(abs(h.view.game.cards[h.view.focusIndex].bonusTimeRemaining - (bonusBefore - 1.0 / 30 - 1)) < 1e-9)
    }

    /// Closed, `p`, `.` and `tab` are not the inspector's: the game goes on as before.
    @Test func timeKeysDoNothingWhileTheInspectorIsClosed() {
        let h = ThemeHarness()
        h.press("d")
        h.press("p")
        h.press(".")
        #expect(!h.view.isTimePaused && h.view.isAnimating)
    }

    @Test func closingTheInspectorLetsTimeRunAgain() {
        let h = ThemeHarness()
        h.press("i")
        h.press("p")
        #expect(h.view.isTimePaused)
        h.press("i")
        #expect(!h.view.isTimePaused && !h.router.isInspecting)
    }

    @Test func aGameWithPausedTimeIsNotKeptAsABestScore() {
        let scores = CountingScores()
        let h = ThemeHarness(scores: scores)
        h.press("i")
        h.press("p")
        h.press("p")
        h.press("i")
        h.winGame()
        #expect(h.view.game.isOver)
        #expect(scores.recorded.isEmpty)
        #expect(h.view.win?.timeWasPaused == true && h.view.win?.isNewBest == false)
        #expect(h.text.contains("Time was paused: this game is not kept as a best score"))
        // The next game, played without pausing, counts again.
        h.press("r")
        h.advance(1)
        h.winGame()
        #expect(scores.recorded.count == 1)
    }

    /// `tab` hands the keys to the inspector; ↓ selects the next card in the model's order, and
    /// that card's row is highlighted in the model's table.
    @Test func tabAndArrowsSelectACardWhoseRowsLightUp() {
        let size = Size(width: 160, height: 48)
        let h = ThemeHarness(size: size)
        h.press("i")
        h.press("tab")
        #expect(h.router.inspectorHasFocus)
        h.press("down", 2)
        #expect(h.view.focusIndex == 2)
        let card = h.view.game.cards[2]
        let canvas = h.router.render(in: size)
        let palette = Palette(theme: h.view.game.theme.color, monochrome: false, ascii: false)
        let rows = (0..<size.height).filter { y in canvas.line(y).contains(" \(card.id) \(card.content) dn") }
        #expect(rows.count == 1)
        let highlighted = (96..<size.width).contains { x in
            rows.first.map { canvas[x, $0].style == palette.selection } ?? false
        }
        #expect(highlighted)
        h.press("tab")
        h.press("right")
        #expect(!h.router.inspectorHasFocus)
    }
}
