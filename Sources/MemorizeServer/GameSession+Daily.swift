import Foundation
import Memorize
import MemorizeLeaderboard
import NIOCore
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// A session playing the server's daily deal: which day and deal, for the report at its end.
struct DailyRun {
    let date: DailyDate
    let deal: DailyDeal
    /// A `replay`: the server's file of the run being played back (removed at the end); such a
    /// game reports nothing (it has no report channel).
    var replayFile: String? = nil
    /// The server's end of a key's report channel (GameSession+DailyReport.swift), once watched.
    var link: Channel? = nil
}

/// The leaderboard's commands on a session (DailyCommand): `daily` starts the server's deal of
/// the day as a game, `scores` prints a day's board, `replay` plays a ranked run back.
extension GameSession {
    /// True when `command` was one of the leaderboard's (and is now handled); false for the game's flags.
    func startDailyCommand(_ command: String, context: ChannelHandlerContext) -> Bool {
        guard let parsed = DailyCommand.parse(command) else { return false }
        // Past admission: a second request on this channel is not taken while this one runs.
        machine.advance(to: .authenticated)
        switch parsed {
        case .failure(let refusal):
            refuse(refusal.description, reason: "exec \"\(ClientText.neutralised(command, limit: 80))\": \(refusal)")
        case .success(.scores(let date)):
            printScores(date)
        case .success(.daily):
            startDaily(context: context)
        case .success(.replay(let rank)):
            startReplay(rank: rank, context: context)
        }
        return true
    }

    /// The day's top 20, or one line saying the board is unavailable (exit 1); no pty needed.
    private func printScores(_ requested: DailyDate?) {
        guard let today = DailyService.today() else { return refuse("the server's clock is not a date", reason: "clock") }
        let date = requested ?? today
        guard date <= today else { return refuse("\(date) is in the future: today is \(today) (UTC)", reason: "scores for a future day") }
        guard let loop = context?.eventLoop else { return }
        let daily = server.daily
        loop.makeFutureWithTask { () async throws -> String in
            let store = try await daily.store()
            let runs = try await store.top(on: date, limit: LeaderboardLimits.boardSize)
            let total = try await store.count(on: date)
            return ScoresTable.render(date: date.description, runs: runs, total: total)
        }.assumeIsolated().whenComplete { result in
            switch result {
            case .success(let table):
                self.write(stdout: table)
                self.finish(status: 0)
            case .failure(let error):
                self.logger.warning("scores unavailable", metadata: ["error": "\(error)"])
                self.tell("the leaderboard is unavailable right now; games go on (try again later)")
                self.finish(status: 1)
            }
        }
    }

    /// The server's deal of the day, as a game: the game is told the theme and seed (never the
    /// secret) and that it plays that day's deal.
    private func startDaily(context: ChannelHandlerContext) {
        guard let today = DailyService.today(), let (deal, _) = server.daily.deal(on: today) else {
            return refuse("the daily deal is unavailable on this server right now", reason: "no daily secret")
        }
        guard let terminal else {
            return refuse("the game needs a terminal: connect with ssh -t (for example: ssh -t -p \(server.configuration.port) \(server.configuration.host) daily)",
                          reason: "no pty requested")
        }
        if let full = server.admission.startGame(from: identity.address) { return refuse(full, reason: full) }
        machine.advance(to: .starting)
        launchDaily(DailyRun(date: today, deal: deal),
                    arguments: ["--server-daily", today.description, "--theme", deal.themeName, "--seed", "\(deal.seed)"],
                    terminal: terminal, context: context)
    }

    /// Text on the client's stdout, in order with everything else written.
    func write(stdout text: String) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        // A pty's client is in raw mode: a line ends with CR LF there; plain bytes otherwise.
        buffer.writeString(terminal == nil ? text : text.replacingOccurrences(of: "\n", with: "\r\n"))
        lastWrite = context.channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)))
    }
}
