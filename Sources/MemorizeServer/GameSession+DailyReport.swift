import CGameSpawn
import Foundation
import Logging
import Memorize
import MemorizeLeaderboard
import NIOCore
import TableProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A daily game's report: a key's game gets a channel only the server made (`--report-channel 3`,
/// as a table's game gets `--table-channel 3`), and reports its won run over it; the server
/// replays the report through the model and ranks the recomputed score (DailyBoard). Guests play
/// unranked: their game gets no channel, so there is nothing to read.
extension GameSession {
    /// Starts the daily game with its report channel (a key's only); false when it did not start
    /// (the player has been told why).
    @discardableResult
    func launchDaily(_ run: DailyRun, arguments: [String], terminal: Terminal, context: ChannelHandlerContext) -> Bool {
        dailyRun = run
        guard case .key(let fingerprint) = identity.player, run.countedKey != nil else {
            return launch(arguments: arguments, terminal: terminal, context: context)
        }
        var serverEnd: Int32 = -1
        var gameEnd: Int32 = -1
        let paired = gs_channel_pair(&serverEnd, &gameEnd)
        guard paired == 0 else {
            server.admission.endGame(from: identity.address)
            endDailyRun()
            refuse("no terminal is free for your game right now; try again later", reason: "daily channel: \(String(cString: strerror(paired)))")
            return false
        }
        let started = launch(arguments: arguments + [GameArguments.reportChannelFlag, "\(GS_TABLE_CHANNEL_FD)"],
                             terminal: terminal, context: context, channel: gameEnd)
        Glibc.close(gameEnd)
        guard started else {
            Glibc.close(serverEnd)
            endDailyRun()
            return false
        }
        let logger = { var logger = self.logger; logger[metadataKey: "key"] = "\(fingerprint)"; return logger }()
        let session = NIOLoopBound(self, eventLoop: context.eventLoop)
        DailyReportLink.attach(descriptor: serverEnd, on: context.eventLoop, logger: logger) { report in
            session.value.rank(report, of: run, by: fingerprint)
        }.whenComplete { result in
            switch result {
            case .success(let link): session.value.dailyRun?.link = link
            case .failure(let error): logger.notice("cannot watch the daily channel; the run will not be ranked", metadata: ["error": "\(error)"])
            }
        }
        return true
    }

    /// The report of this session's daily run (it may come just after the game has gone):
    /// replayed on the day's deal and ranked by the score the replay computes.
    func rank(_ report: DailyReport, of run: DailyRun, by fingerprint: KeyFingerprint) {
        guard report.date == run.date else {
            return logger.notice("daily run refused", metadata: ["key": "\(fingerprint)", "reason": "a report of \(report.date), not \(run.date)"])
        }
        guard let theme = server.daily.themes.named(run.deal.themeName) else { return }
        let daily = server.daily
        let entrant = DailyBoard.Entrant.key(fingerprint: "\(fingerprint)", name: identity.userName)
        let logger = self.logger
        let date = run.date, setup = DailyDeal.setup(theme: theme, seed: run.deal.seed)
        let submitted = DailyBoard.Report(intents: report.intents, claimedScore: report.score, claimedMoves: report.moves)
        let key = "\(fingerprint)"
        guard let link = dailyRun?.link else {
            Task { _ = await GameSession.submit(submitted, by: entrant, key: key, date: date, setup: setup, to: daily, logger: logger) }
            return
        }
        link.eventLoop.makeFutureWithTask {
            await GameSession.submit(submitted, by: entrant, key: key, date: date, setup: setup, to: daily, logger: logger)
        }.assumeIsolated().whenSuccess { unranked in
            GameSession.sendVerdict(over: link, unrankedBecause: unranked)
        }
    }

    /// Ranks the run; nil when it was, else why not (said in the log too).
    private static func submit(_ report: DailyBoard.Report, by entrant: DailyBoard.Entrant, key: String, date: DailyDate, setup: GameSetup,
                               to daily: DailyService, logger: Logger) async -> String? {
        do {
            let outcome = try await daily.board().submit(report, by: entrant, date: date, setup: setup, now: Date().timeIntervalSince1970)
            logger.info("daily run", metadata: ["key": "\(key)", "date": "\(date)", "outcome": "\(outcome)"])
            switch outcome {
            case .ranked: return nil
            case .alreadyPlayed: return "this key already has a run on the board of \(date)"
            case .unranked: return "a guest's run does not count"
            }
        } catch {
            let unavailable = error is LeaderboardUnavailable
            logger.notice("daily run not ranked", metadata: ["key": "\(key)",
                                                             "reason": "\(unavailable ? "the board is unavailable: " : "")\(error)"])
            return unavailable ? "the leaderboard is unavailable right now" : "the server's replay of the run did not confirm its score"
        }
    }

    /// The verdict on a report, back to the game over its channel, for the win card (a game
    /// already gone, or a closed link, loses it: the log has said it).
    static func sendVerdict(over link: Channel, unrankedBecause reason: String?) {
        guard let bytes = TableMessage.reportVerdict(unrankedBecause: reason).frame.bytes else { return }
        var buffer = link.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        link.writeAndFlush(buffer, promise: nil)
    }

    /// The game has gone: a replay's file is removed; the report channel is closed once what the
    /// game wrote before it went has been read (a moment later, on this loop).
    func endDailyRun() {
        guard let run = dailyRun else { return }
        dailyRun = nil
        if let replayFile = run.replayFile { unlink(replayFile) }
        if let key = run.countedKey { server.daily.endRun(on: run.date, fingerprint: key) }
        if let link = run.link {
            link.eventLoop.scheduleTask(in: .seconds(1)) { link.close(promise: nil) }
        }
    }
}
