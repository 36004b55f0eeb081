import Memorize
import MemorizeStore
import TerminalUI

extension AppOptions {
    /// `--daily` (today, UTC) or `--date YYYY-MM-DD` (a day up to today): sets the theme and the
    /// seed to that day's public deal (DailyDeal). Returns the one line to print, exit 2, when the
    /// date is malformed or still to come (nobody may play tomorrow's deal today).
    public mutating func playDaily(date text: String?, now: Double = WallClock.secondsSince1970()) -> String? {
        guard let today = DailyDate(secondsSince1970: now) else { return "memorize-tui: the system clock is not a date memorize-tui knows" }
        var date = today
        if let text {
            guard let given = DailyDate(text) else {
                return "memorize-tui: --date wants a day as YYYY-MM-DD (\(DailyDate.years.lowerBound)-01-01 to today), not \"\(SafeText.neutralised(text))\""
            }
            guard given <= today else { return "memorize-tui: --date \(given) is in the future: today is \(today) (UTC)" }
            date = given
        }
        guard let deal = DailyDeal(date: date, themeNames: Launcher.builtInThemes().map(\.name)) else {
            return "memorize-tui: there is no built-in theme to deal"
        }
        themeName = deal.themeName
        seed = deal.seed
        daily = date
        return nil
    }

    /// `--server-daily DATE` (a server's daily, which gives `--theme` and `--seed` itself) and,
    /// for a key's, `--report-channel FD`: marks the first game as that day's deal; nil, or the
    /// line to print.
    public mutating func markServerDaily(_ text: String, reportChannel: Int32?) -> String? {
        guard let date = DailyDate(text) else { return "memorize-tui: --server-daily wants YYYY-MM-DD, not \"\(SafeText.neutralised(text))\"" }
        guard themeName != nil, seed != nil else { return "memorize-tui: --server-daily needs --theme and --seed" }
        daily = date
        isServerDaily = true
        self.reportChannel = reportChannel
        return nil
    }
}
