import Memorize
@testable import MemorizeApp
import MemorizeStore
import ThemeFormat
import Testing

@Suite struct DailyDealAppTests {
    /// The server replays a reported run from `DailyDeal.setup`: it must be the very set-up the
    /// app deals for the same theme and seed, card for card.
    @Test func theModelsDealIsTheAppsDeal() throws {
        let themes = ThemeLibrary.builtIn()
        for days in stride(from: 20_000, to: 20_400, by: 13) {
            let date = try #require(DailyDate(daysSinceEpoch: days))
            let deal = try #require(DailyDeal(date: date, themeNames: themes.map(\.name)))
            let theme = try #require(themes.named(deal.themeName))
            let app = EmojiMemoryGame(themes: themes, theme: theme, seed: deal.seed, clock: GameClock { 0 })
            let setup = DailyDeal.setup(theme: theme, seed: deal.seed)
            #expect(app.gameState.setup == setup, "\(date)")
            #expect(app.cards.map(\.model) == GameState(setup: setup).model.cards, "\(date)")
        }
    }

    @Test func dailyOptionsTakeTheDaysDealAndRefuseTheFuture() throws {
        let now = 1_764_115_200.0 + 3600          // 2025-11-26 01:00 UTC
        var options = AppOptions()
        #expect(options.playDaily(date: nil, now: now) == nil)
        #expect(options.daily?.description == "2025-11-26")
        let deal = try #require(DailyDeal(date: DailyDate("2025-11-26")!, themeNames: ThemeLibrary.builtIn().map(\.name)))
        #expect(options.themeName == deal.themeName && options.seed == deal.seed)

        var past = AppOptions()
        #expect(past.playDaily(date: "2025-11-25", now: now) == nil)
        #expect(past.daily?.description == "2025-11-25")
        var future = AppOptions()
        #expect(future.playDaily(date: "2025-11-27", now: now)?.contains("is in the future") == true)
        #expect(future.daily == nil && future.seed == nil)
        var malformed = AppOptions()
        let line = malformed.playDaily(date: "2025-11-2\u{1b}[2J", now: now) ?? ""
        #expect(line.hasPrefix("memorize-tui: --date wants"))
        #expect(!line.contains("\u{1b}") && !line.contains("\n"), "one safe line: \(line)")
    }

    @Test func theWinCardSharesTheDayWithoutSpoilers() throws {
        let scores = InMemoryScores()
        let result = GameResult(theme: "Animals", score: 14, moves: 20, seconds: 42.5)
        let date = try #require(DailyDate("2026-11-26"))
        let summary = WinSummary.recording(result, standings: nil, mode: .solo, in: scores, timeWasPaused: false, daily: date)
        let lines = summary.lines(ascii: false)
        #expect(lines.contains("memorize-tui daily 2026-11-26 | Animals | score 14 | 42.5 s | 20 moves"), "\(lines)")
        #expect(scores.bestDaily(on: date)?.best.score == 14)
        // Not a daily: no share line, nothing kept for a day.
        let plain = WinSummary.recording(result, standings: nil, mode: .solo, in: InMemoryScores(), timeWasPaused: false)
        #expect(!plain.lines(ascii: false).contains { $0.contains("daily") })
    }
}
