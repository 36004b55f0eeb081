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
    /// The key whose start of this run is recorded on the board: marked ended when the game
    /// goes. nil for a guest, a replay, or a run the board could not record (not ranked).
    var countedKey: String? = nil
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
        case .success(.replay(let rank, let date)):
            startReplay(rank: rank, date: date, context: context)
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
        let stale = daily.longestRun(configuration: server.configuration)
        loop.makeFutureWithTask { () async throws -> String in
            let store = try await daily.store()
            let runs = try await store.top(on: date, limit: LeaderboardLimits.boardSize)
            let total = try await store.count(on: date)
            let unfinished = try await store.unfinished(on: date, limit: LeaderboardLimits.boardSize)
            let now = Date().timeIntervalSince1970
            return ScoresTable.render(date: date.description, runs: runs, total: total, unfinished: unfinished,
                                      isPlaying: { !$0.ended && date == today && now - $0.startedAt <= stale })
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
    /// secret) and that it plays that day's deal. A key's run is recorded in the board's store
    /// before the game starts (DailyStart): a key that has started one today is refused here,
    /// before any card is shown, however its first run ended.
    private func startDaily(context: ChannelHandlerContext) {
        guard let today = DailyService.today() else { return refuse("the server's clock is not a date", reason: "clock") }
        guard let terminal else {
            return refuse("the game needs a terminal: connect with ssh -t (for example: ssh -t -p \(server.configuration.port) \(server.configuration.host) daily)",
                          reason: "no pty requested")
        }
        if let full = server.admission.startGame(from: identity.address) { return refuse(full, reason: full) }
        machine.advance(to: .starting)
        let daily = server.daily
        let player = identity.player, name = identity.userName
        let startedAt = Date().timeIntervalSince1970
        context.eventLoop.makeFutureWithTask { () async -> DailyGate in
            guard let (deal, _) = await daily.deal(on: today) else { return .noDeal }
            guard case .key(let fingerprint) = player else { return .play(deal, counted: nil) }
            do {
                let start = DailyStart(date: today, fingerprint: "\(fingerprint)", name: name, startedAt: startedAt)
                switch try await daily.store().start(start) {
                case .started: return .play(deal, counted: "\(fingerprint)")
                case .alreadyStarted: return .alreadyPlayed
                }
            } catch {
                // No start could be recorded: the run cannot count, so it plays as a guest's does.
                daily.logger.warning("daily run not counted: its start could not be recorded",
                                     metadata: ["key": "\(fingerprint)", "error": "\(error)"])
                return .play(deal, counted: nil)
            }
        }.assumeIsolated().whenSuccess { gate in
            self.openDaily(gate, date: today, terminal: terminal)
        }
    }

    /// What the board said about a `daily` before its game starts.
    private enum DailyGate: Sendable {
        case noDeal
        case alreadyPlayed
        /// Deal it; `counted` is the key whose start was recorded (nil: the run is not ranked).
        case play(DailyDeal, counted: String?)
    }

    private func openDaily(_ gate: DailyGate, date: DailyDate, terminal: Terminal) {
        guard let context, !machine.isEnding else {
            server.admission.endGame(from: identity.address)
            if case .play(_, let counted?) = gate { server.daily.endRun(on: date, fingerprint: counted) }
            return
        }
        switch gate {
        case .noDeal:
            server.admission.endGame(from: identity.address)
            refuse("the daily deal is unavailable on this server right now", reason: "no daily secret")
        case .alreadyPlayed:
            server.admission.endGame(from: identity.address)
            refuse("you have already played today's daily (\(date), UTC): one run per key per day; "
                   + "see ssh -p \(server.configuration.port) \(server.configuration.host) scores",
                   reason: "a second daily of the day")
        case .play(let deal, let counted):
            var run = DailyRun(date: date, deal: deal)
            run.countedKey = counted
            launchDaily(run, arguments: ["--server-daily", date.description, "--theme", deal.themeName, "--seed", "\(deal.seed)"],
                        terminal: terminal, context: context)
        }
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
