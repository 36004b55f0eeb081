import Testing
import MemorizeStore
import Memorize
import TerminalUI
@testable import MemorizeApp

/// The win screen (assignment 6): score, time, moves, the best for the theme, and the score book
/// told exactly once per finished game.
@Suite struct WinSummaryTests {
    @Test func aFinishedGameIsRecordedExactlyOnce() {
        let scores = CountingScores()
        let h = ThemeHarness(scores: scores)
        h.winGame(pause: 0.2)
        #expect(h.view.game.isOver)
        #expect(scores.recorded.count == 1)
        // Frames, help, a visit to the chooser and back: still once.
        for key in ["?", "esc", "t", "esc", "s", "d", "space"] { h.press(key); h.advance(0.5) }
        _ = h.render()
        #expect(scores.recorded.count == 1)
        let result = scores.recorded[0]
        #expect(result.theme == "Halloween")
        #expect(result.moves == 16)
        #expect(result.score == h.view.game.score)
        // Dealt at 0 s, first click at 3 s, 15 more 0.2 s apart: the last match at 6 s.
        #expect(abs(result.seconds - 6) < 1e-9)
        #expect(h.text.contains("Score: \(result.score)   Time: 6.0 s   Moves: 16"))
    }

    @Test func replayingRecordsTheNextGameToo() {
        let scores = CountingScores()
        let h = ThemeHarness(scores: scores)
        h.winGame()
        h.press("r")
        #expect(h.view.win == nil)
        #expect(!h.text.contains("You matched every pair!"))
        h.advance(1)
        h.winGame()
        #expect(scores.recorded.count == 2)
        #expect(scores.recorded.map(\.theme) == ["Halloween", "Halloween"])
    }

    @Test func theClockStartsAtTheFirstDeal() {
        let scores = CountingScores()
        let h = ThemeHarness(scores: scores)
        h.advance(60)                   // a minute looking at the deck does not count
        h.winGame(pause: 0.5)
        #expect(abs(scores.recorded[0].seconds - (3 + 15 * 0.5)) < 1e-9)
    }

    @Test func firstGameThenANewBestThenNot() {
        let scores = InMemoryScores()
        let h = ThemeHarness(scores: scores)
        h.winGame(pause: 1)
        #expect(h.text.contains("First game with Halloween: the best so far"))
        #expect(!h.text.contains("new best"))
        let first = scores.best(forTheme: "Halloween")!

        // Quicker clicking earns more bonus: a better score.
        h.press("r")
        h.advance(1)
        h.winGame(pause: 0.1)
        #expect(h.text.contains("Moves: 16   new best!"))
        #expect(h.text.contains("Best for Halloween before: \(WinSummary.describe(first))"))
        let best = scores.best(forTheme: "Halloween")!
        #expect(best.isBetter(than: first))

        h.press("r")
        h.advance(1)
        h.winGame(pause: 2)
        #expect(!h.text.contains("new best"))
        #expect(h.text.contains("Best for Halloween: \(WinSummary.describe(best))"))
    }

    @Test func nTAndRWorkFromTheWinScreen() {
        let h = ThemeHarness()
        h.winGame()
        #expect(h.text.contains("n new game   r replay   t themes   q quit"))
        h.press("t")
        #expect(h.router.page == .chooser)
        h.press(.escape)
        #expect(h.text.contains("You matched every pair!"), "back from the chooser: the same finished game")
        h.press("n")
        #expect(h.view.game.theme.name != "Halloween")
        #expect(h.view.win == nil)
        #expect(h.view.game.score == 0)
    }

    @Test func theScoreBookWarningIsShown() {
        let scores = CountingScores()
        scores.warning = "Best scores: scores.json was corrupt; kept as scores.json.bad"
        let h = ThemeHarness(scores: scores)
        h.winGame()
        #expect(h.text.contains("scores.json was corrupt"))
    }

    @Test func timesReadAsAGameLasts() {
        #expect(WinSummary.format(6.75) == "6.8 s")
        #expect(WinSummary.format(59.94) == "59.9 s")
        #expect(WinSummary.format(65.2) == "1:05")
        #expect(WinSummary.format(3600) == "60:00")
    }
}

/// A warning on the win screen is wrapped to the box, never cut: its reason and file are read whole.
@Suite struct WinScreenWarningTests {
    @Test func aLongWarningIsWrappedWhole() {
        let scores = CountingScores()
        let path = "/home/player/.local/state/some/deeply/nested/directory/memorize-tui/scores.json"
        scores.warning = "Best scores not saved: cannot save \(path): Permission denied"
        let h = ThemeHarness(scores: scores)
        h.winGame()
        let text = h.text
        #expect(text.contains("You matched every pair!"))
        let joined = text.split(separator: "\n").map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }.joined()
        #expect(joined.contains("Permission denied"), "\(text)")
        #expect(joined.contains(path), "the file name is readable whole:\n\(text)")
    }
}
