import Memorize
import MemorizeStore
import TableProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A server's daily run, reported over the channel the server gave the game (`--report-channel`,
/// docs/leaderboard.md) for the server to replay through the model and rank the score it
/// recomputes: the game's own record of the deal (`GameRecord`) with the result the player saw,
/// as DailyReport frames. The report is the board's business only: one that cannot go (a closed
/// or full channel) is dropped, and the player still sees their win.
enum DailyRunReport {
    /// The longest a report waits for room in a full channel (the win is drawn right after).
    static let patience = 0.25

    /// Sends `report` over `descriptor`; false when it did not all go. Never waits longer than
    /// `patience`, and a channel the server closed is an error here, never a SIGPIPE.
    @discardableResult
    static func send(_ report: DailyReport, over descriptor: Int32, patience: Double = patience) -> Bool {
        let messages = report.messages
        guard !messages.isEmpty else { return false }
        var bytes: [UInt8] = []
        for message in messages {
            guard let frame = message.frame.bytes else { return false }
            bytes += frame
        }
        let deadline = monotonicSeconds() + patience
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count > 0 {
                sent += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return false }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&waiting, 1, Int32((left * 1000).rounded(.up)))
        }
        return true
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

extension GamePage {
    /// A won game that is a key's server daily (the first game, time never stopped): its report
    /// goes to the server. A record that overflowed no longer replays to its game: not sent.
    func reportDailyRun(_ result: GameResult, timeWasPaused: Bool) {
        guard let dailyDate, !timeWasPaused, let channel = options.reportChannel,
              let report = DailyReport(date: dailyDate, score: result.score, moves: result.moves, record: game.record) else { return }
        if DailyRunReport.send(report, over: channel) { dailyVerdict.start(now: clock.now) }
    }

    /// The server's verdict, if it has come: the win card says whether the run was ranked.
    func pollDailyVerdict() {
        guard let channel = options.reportChannel, let verdict = dailyVerdict.poll(channel, now: clock.now) else { return }
        noteDailyVerdict(verdict)
    }
}

/// The server's answer to the report (`report verdict` frame), read without blocking while the
/// win card shows: the board may be down, and the player should know their run was not ranked.
/// Waits at most `patience`; a closed channel or anything else ends the wait (the card says nothing).
final class DailyVerdictReader {
    static let patience = 15.0
    /// How often the run loop looks while waiting.
    static let interval = 0.1
    private var decoder = TableFrameDecoder()
    private var deadline = 0.0
    private(set) var isWaiting = false

    func start(now: Double) {
        isWaiting = true
        deadline = now + Self.patience
    }

    func poll(_ descriptor: Int32, now: Double) -> WinSummary.Verdict? {
        guard isWaiting else { return nil }
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            guard count > 0, case .success(let frames) = decoder.feed(buffer[..<count]) else {
                isWaiting = false
                return nil
            }
            for frame in frames {
                guard case .reportVerdict(let reason)? = TableMessage(frame: frame) else { continue }
                isWaiting = false
                return reason.map { WinSummary.Verdict.unranked($0) } ?? WinSummary.Verdict.ranked
            }
        }
        if now > deadline { isWaiting = false }
        return nil
    }
}

extension AppOptions {
    /// A server's daily with no report channel is a guest's (or a key's whose start the board
    /// could not record): it is not ranked, and the first screen says so before the deal.
    var unrankedDailyNotice: String? {
        isServerDaily && reportChannel == nil ? "Not ranked: a guest's run (or one the board missed) does not count" : nil
    }
}
