import Foundation
import Memorize
import MemorizeLeaderboard
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// The end of a daily game: the game left its run's report in the player's state directory
/// (which only the server and the game it started write); the server reads and removes it,
/// replays it through the model and ranks the recomputed score (DailyBoard). Guests play
/// unranked: their report is not read.
extension GameSession {
    static let maximumReportBytes = LeaderboardLimits.maximumIntentLogBytes + 4096

    func collectDailyReport() {
        guard let run = dailyRun else { return }
        dailyRun = nil
        if let replayFile = run.replayFile {
            unlink(replayFile)
            return
        }
        guard case .key(let fingerprint) = identity.player else { return }
        guard let directory = try? server.stateFiles.playerDirectory(for: fingerprint) else { return }
        let path = directory + "/state/memorize-tui/daily-report"
        guard let text = Self.takeReport(at: path) else { return }
        let report: DailyBoard.Report
        switch Self.parseReport(text, date: run.date) {
        case .success(let parsed): report = parsed
        case .failure(let refusal):
            logger.notice("daily run refused", metadata: ["key": "\(fingerprint)", "reason": "\(refusal)"])
            return
        }
        guard let theme = server.daily.themes.named(run.deal.themeName) else { return }
        let daily = server.daily
        let entrant = DailyBoard.Entrant.key(fingerprint: "\(fingerprint)", name: identity.userName)
        let logger = self.logger
        let date = run.date, setup = DailyDeal.setup(theme: theme, seed: run.deal.seed)
        Task {
            do {
                let outcome = try await daily.board().submit(report, by: entrant, date: date, setup: setup,
                                                             now: Date().timeIntervalSince1970)
                logger.info("daily run", metadata: ["key": "\(fingerprint)", "date": "\(date)", "outcome": "\(outcome)"])
            } catch {
                logger.notice("daily run not ranked", metadata: ["key": "\(fingerprint)", "reason": "\(error)"])
            }
        }
    }

    /// The report's bytes, and the file gone; nil for no file, a link, or one too large.
    static func takeReport(at path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer {
            Glibc.close(fd)
            unlink(path)
        }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= maximumReportBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count == bytes.count else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `memorize-daily-report 1`, `date D`, `score N`, `moves N`, then the intent lines.
    static func parseReport(_ text: String, date: DailyDate) -> Result<DailyBoard.Report, LeaderboardRefusal> {
        let lines = text.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        guard lines.count == 5, lines[0] == "memorize-daily-report 1", lines[1] == "date \(date)",
              lines[2].hasPrefix("score "), let score = Int(lines[2].dropFirst(6)),
              lines[3].hasPrefix("moves "), let moves = Int(lines[3].dropFirst(6))
        else { return .failure(LeaderboardRefusal(description: "not a report of \(date)'s run")) }
        var intents = String(lines[4])
        if intents.hasSuffix("\n") { intents.removeLast() }
        return .success(DailyBoard.Report(intents: intents, claimedScore: score, claimedMoves: moves))
    }
}
