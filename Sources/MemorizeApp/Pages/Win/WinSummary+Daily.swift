import Memorize
import MemorizeStore

extension WinSummary {
    /// A daily deal's part of the win card.
    struct Daily: Equatable {
        let date: DailyDate
        /// That day's best before this game; nil for the day's first.
        let previousBest: DailyBest?
        /// A server's daily: its answer to the run's report (nil until it comes, or never).
        var verdict: Verdict? = nil
    }

    /// Whether the server ranked the run, and if not, why (its text, checked showable on arrival).
    enum Verdict: Equatable {
        case ranked
        case unranked(String)
    }

    /// The share line says what was played and how well, never where a card lay: date, theme,
    /// score, time, moves. ASCII separators, so it pastes anywhere.
    func shareLine(_ daily: Daily) -> String {
        "memorize-tui daily \(daily.date) | \(result.theme) | score \(result.score) | \(Self.format(result.seconds)) | \(result.moves) moves"
    }

    func dailyLines(_ daily: Daily, ascii: Bool) -> [String] {
        var lines = ["", shareLine(daily).asciiOnly(ascii)]
        if !timeWasPaused, let before = daily.previousBest, !thisGame.isBetter(than: before.best) {
            lines.append("Your best on \(daily.date): \(Self.describe(before.best))")
        }
        switch daily.verdict {
        case .ranked?: lines.append("Ranked on the server's board.")
        case .unranked(let reason)?: lines.append("Not ranked: \(reason).".asciiOnly(ascii))
        case nil: break
        }
        return lines
    }
}
