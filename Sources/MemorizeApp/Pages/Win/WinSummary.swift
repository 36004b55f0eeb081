import Memorize
import MemorizeStore
import TerminalUI

/// The win page's model (assignment 6's win screen): the finished game, how it compares with the
/// best for its theme, and what to do next; WinPage shows it and takes its keys. Built once, when the last pair matches, right after the game was
/// recorded in the score book, so the comparison is with the best there was *before* it.
struct WinSummary: Equatable {
    let result: GameResult
    /// The best game for this theme before this one; nil for the first game recorded.
    let previousBest: BestScore?
    /// The score book's complaint, if it has one (a file it could not read or write).
    let warning: String?
    /// A game of two: who won, and the record against the computer's level.
    var versus: Versus? = nil
    /// The mode of the game just won, and the one `n` and `r` start (`m` cycles it).
    var playedMode: GameMode = .solo
    var chosenMode: GameMode? = nil
    var nextMode: GameMode {
        get { chosenMode ?? playedMode }
        set { chosenMode = newValue }
    }

    /// The next game's mode is named after a game of two, or once the player changed it (`m`,
    /// which the card always lists).
    var listsModes: Bool { versus != nil || nextMode != playedMode }

    struct Versus: Equatable {
        let standings: Standings
        /// Wins, losses and ties at this level, this game included; nil for a hot-seat game and
        /// for a game in which time was paused (not recorded).
        let record: VersusRecord?
    }

    /// The day's deal that was played, and that day's best before this game.
    var daily: Daily? = nil

    /// Time was paused in this game (the inspector's `p`): it was not recorded as a best score.
    var timeWasPaused = false

    var thisGame: BestScore { BestScore(score: result.score, moves: result.moves, seconds: result.seconds) }
    var isNewBest: Bool { !timeWasPaused && (previousBest.map { thisGame.isBetter(than: $0) } ?? false) }
    /// Whichever is better, this game or the one before: the best for the theme now.
    var best: BestScore { previousBest.map { isNewBest ? thisGame : $0 } ?? thisGame }

    func lines(ascii: Bool) -> [String] {
        if let versus { return versusLines(versus, ascii: ascii) }
        let theme = result.theme.asciiOnly(ascii)
        let scoreLine = "Score: \(result.score)   Time: \(Self.format(result.seconds))   Moves: \(result.moves)"
        var lines = ["You matched every pair!", "", scoreLine + (isNewBest ? "   new best!" : "")]
        if timeWasPaused {
            lines.append("Time was paused: this game is not kept as a best score")
            if let previousBest { lines.append("Best for \(theme): \(Self.describe(previousBest))") }
        } else if isNewBest {
            lines.append("Best for \(theme) before: \(Self.describe(previousBest!))")
        } else if previousBest == nil {
            lines.append("First game with \(theme): the best so far")
        } else {
            lines.append("Best for \(theme): \(Self.describe(best))")
        }
        if let daily { lines += dailyLines(daily, ascii: ascii) }
        if let warning { lines.append(warning.asciiOnly(ascii)) }
        return lines + footer(ascii: ascii)
    }

    /// "Next game: vs hard" once it matters, then every key, `m mode` too: a key the card does not
    /// list is a key nobody finds.
    private func footer(ascii: Bool) -> [String] {
        let keys = KeyTables.footer(KeyTables.win + KeyTables.winModes, ascii: ascii).joined(separator: "   ")
        guard listsModes else { return ["", keys] }
        return ["Next game: \(nextMode.label)", "", keys]
    }

    /// The winner (or a tie), each player's pairs and score, and the record against the level.
    private func versusLines(_ versus: Versus, ascii: Bool) -> [String] {
        let standings = versus.standings
        var lines = [standings.headline.asciiOnly(ascii), ""]
        lines += standings.lines.map { $0.asciiOnly(ascii) }
        lines.append("Time: \(Self.format(result.seconds))   Moves: \(result.moves)")
        if let record = versus.record, let level = standings.level {
            lines.append("Against \(level.rawValue): \(record.summary)")
        }
        if let warning { lines.append(warning.asciiOnly(ascii)) }
        return lines + footer(ascii: ascii)
    }

    static func describe(_ best: BestScore) -> String {
        "\(best.score) points, \(best.moves) moves, \(format(best.seconds))"
    }

    /// "42.5 s" for a quick game, "1:05" once it takes minutes.
    static func format(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded())
        guard tenths >= 600 else { return "\(tenths / 10).\(tenths % 10) s" }
        let whole = tenths / 10
        return "\(whole / 60):" + String(whole % 60).leftPadded(to: 2)
    }
}
