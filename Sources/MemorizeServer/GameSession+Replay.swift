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
    func startReplay(rank: Int, context: ChannelHandlerContext) {
        guard let today = DailyService.today(), let (deal, _) = server.daily.deal(on: today) else {
            return refuse("the daily deal is unavailable on this server right now", reason: "no daily secret")
        }
        guard terminal != nil else {
            return refuse("a replay needs a terminal: connect with ssh -t (for example: ssh -t -p \(server.configuration.port) \(server.configuration.host) replay \(rank))",
                          reason: "no pty requested")
        }
        let daily = server.daily
        context.eventLoop.makeFutureWithTask { () async throws -> LeaderboardRun? in
            let runs = try await daily.store().top(on: today, limit: rank)
            return runs.count >= rank ? runs[rank - 1] : nil
        }.assumeIsolated().whenComplete { result in
            switch result {
            case .success(let run?): self.launchReplay(run, deal: deal, date: today)
            case .success(nil): self.refuse("no run at rank \(rank) on today's board", reason: "replay of a missing rank")
            case .failure: self.refuse("the leaderboard is unavailable right now; games go on (try again later)", reason: "replay: board unavailable")
            }
        }
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
