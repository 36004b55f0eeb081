import Memorize

/// The leaderboard's SSH commands, read from an exec request before the game's flags are:
///   daily          play the server's deal of the day (needs a terminal: ssh -t)
///   scores [DATE]  that day's top 20 (today by default), as a table; no terminal needed
///   replay N [DATE] the day's run at rank N (today by default), played back in the viewer's terminal
enum DailyCommand: Equatable {
    case daily
    case scores(DailyDate?)
    case replay(rank: Int, date: DailyDate?)

    struct Refusal: Error, Equatable, CustomStringConvertible { var description: String }

    /// nil when the command is not one of these (it is then the game's flags); a refusal for
    /// one of these words used wrongly.
    static func parse(_ command: String) -> Result<DailyCommand, Refusal>? {
        guard command.utf8.count <= 64 else { return nil }
        let words = command.split(separator: " ", omittingEmptySubsequences: true)
        switch words.first {
        case "daily":
            return words.count == 1 ? .success(.daily) : .failure(Refusal(description: "daily takes nothing after it"))
        case "scores":
            guard words.count <= 2 else { return .failure(Refusal(description: "usage: scores [YYYY-MM-DD]")) }
            guard words.count == 2 else { return .success(.scores(nil)) }
            guard let date = DailyDate(words[1]) else {
                return .failure(Refusal(description: "scores wants a day as YYYY-MM-DD, not \"\(ClientText.neutralised(String(words[1]), limit: 16))\""))
            }
            return .success(.scores(date))
        case "replay":
            guard words.count == 2 || words.count == 3, let rank = Int(words[1]), (1...20).contains(rank) else {
                return .failure(Refusal(description: "usage: replay N [YYYY-MM-DD] (a rank on that day's board, 1-20; today by default)"))
            }
            guard words.count == 3 else { return .success(.replay(rank: rank, date: nil)) }
            guard let date = DailyDate(words[2]) else {
                return .failure(Refusal(description: "replay wants a day as YYYY-MM-DD, not \"\(ClientText.neutralised(String(words[2]), limit: 16))\""))
            }
            return .success(.replay(rank: rank, date: date))
        default:
            return nil
        }
    }
}
