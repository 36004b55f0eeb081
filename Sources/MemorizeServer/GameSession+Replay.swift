import Foundation
import Memorize
import MemorizeLeaderboard
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// `replay N`: the day's run at rank N, played back by the game in the viewer's terminal. The
/// server writes the run's intents to a file of its own (`<state>/replays/`, removed when the
/// game ends) and starts the game on the day's deal with `--play-record`.
extension GameSession {
    /// Today's runs teach today's deal, so they are shown only to a key whose own run of today
    /// has ended (won or left): a guest, or a key that has not played (or is playing), is
    /// refused until the day is over (UTC). Past days are open to everyone.
    func startReplay(rank: Int, date requested: DailyDate?, context: ChannelHandlerContext) {
        guard let today = DailyService.today() else { return refuse("the server's clock is not a date", reason: "clock") }
        let date = requested ?? today
        guard date <= today else { return refuse("\(date) is in the future: today is \(today) (UTC)", reason: "replay of a future day") }
        guard terminal != nil else {
            return refuse("a replay needs a terminal: connect with ssh -t (for example: ssh -t -p \(server.configuration.port) \(server.configuration.host) replay \(rank))",
                          reason: "no pty requested")
        }
        let daily = server.daily
        let player = identity.player
        let stale = server.daily.longestRun(configuration: server.configuration)
        let yesterday = DailyDate(daysSinceEpoch: today.daysSinceEpoch - 1).map { " (replay \(rank) \($0))" } ?? ""
        context.eventLoop.makeFutureWithTask { () async throws -> ReplayGate in
            if date == today {
                guard case .key(let fingerprint) = player else {
                    return .refused("today's runs can be watched once the day is over (UTC), or with a key that has played today's daily; past days are open to all\(yesterday)")
                }
                switch try await daily.store().status(on: today, fingerprint: "\(fingerprint)") {
                case .ended: break
                case .playing(let startedAt) where Date().timeIntervalSince1970 - startedAt > stale: break
                case .playing: return .refused("your own run of today's daily has not ended: today's runs can be watched once it has")
                case .notStarted:
                    return .refused("play today's daily first (ssh -t … daily): today's runs can be watched once your own run has ended; past days are open to all\(yesterday)")
                }
            }
            guard let (deal, _) = await daily.deal(on: date) else { return .noDeal }
            let runs = try await daily.store().top(on: date, limit: rank)
            return runs.count >= rank ? .play(runs[rank - 1], deal) : .missing
        }.assumeIsolated().whenComplete { result in
            switch result {
            case .success(.play(let run, let deal)): self.launchReplay(run, deal: deal, date: date)
            case .success(.refused(let line)): self.refuse(line, reason: "replay of \(date) refused")
            case .success(.noDeal): self.refuse("the daily deal is unavailable on this server right now", reason: "no daily secret")
            case .success(.missing): self.refuse("no run at rank \(rank) on the board of \(date)", reason: "replay of a missing rank")
            case .failure: self.refuse("the leaderboard is unavailable right now; games go on (try again later)", reason: "replay: board unavailable")
            }
        }
    }

    private enum ReplayGate: Sendable {
        case play(LeaderboardRun, DailyDeal)
        case refused(String)
        case noDeal
        case missing
    }

    private func launchReplay(_ run: LeaderboardRun, deal: DailyDeal, date: DailyDate) {
        guard let context, let terminal, !machine.isEnding else { return }
        let path: String
        do {
            let directory = server.stateFiles.root + "/replays"
            try StateFiles.makeDirectory(directory)
            path = directory + "/" + (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
            guard FileManager.default.createFile(atPath: path, contents: Data(run.intents.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw StateFiles.Failure(description: "cannot write \(path)")
            }
        } catch {
            return refuse("the server cannot keep the replay right now; try again later", reason: "replay file: \(error)")
        }
        if let full = server.admission.startGame(from: identity.address) {
            unlink(path)
            return refuse(full, reason: full)
        }
        machine.advance(to: .starting)
        dailyRun = DailyRun(date: date, deal: deal, replayFile: path)
        launch(arguments: ["--theme", deal.themeName, "--seed", "\(deal.seed)", "--play-record", path], terminal: terminal, context: context)
    }
}
