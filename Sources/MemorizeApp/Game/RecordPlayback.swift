import Memorize
#if canImport(Glibc)
import Glibc
#endif

/// A recorded run played back on the live game (the server's `replay N`): its intents, each at
/// its recorded time from the start of playback, carried out as the player's own intents would
/// be (so they animate). The file is the server's (`--play-record`), read with the same bounds
/// and strict line form as a report.
final class RecordPlayback {
    /// The intents still to play, in order; times relative to the first.
    private var pending: ArraySlice<TimedIntent>
    /// App time the first intent plays at; set on the first tick.
    private var start: Double?
    /// A little time to see the table before the deal.
    static let lead = 1.0

    init(intents: [TimedIntent]) {
        let origin = intents.first?.time ?? 0
        pending = ArraySlice(intents.map { TimedIntent($0.intent, at: $0.time - origin, seat: $0.seat) })
    }

    /// The record in `path`: one `TimedIntent` line each, at most `GameRecord.maximumIntents`;
    /// nil for a file that is missing, too large or holds anything else.
    static func load(path: String) -> RecordPlayback? {
        guard let bytes = readBounded(path, limit: 512 * 1024), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var intents: [TimedIntent] = []
        for line in text.split(separator: "\n") {
            guard intents.count < GameRecord.maximumIntents, let intent = TimedIntent(line: line) else { return nil }
            intents.append(intent)
        }
        return RecordPlayback(intents: intents)
    }

    private static func readBounded(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }

    /// The intents due at `now` (app time), taken off the list.
    func due(at now: Double) -> [GameIntent] {
        let start = self.start ?? (now + Self.lead)
        self.start = start
        var due: [GameIntent] = []
        while let next = pending.first, start + next.time <= now {
            due.append(next.intent)
            pending.removeFirst()
        }
        return due
    }

    /// When the next intent falls due, for the run loop to wake then.
    func nextDue(after now: Double) -> Double? {
        guard let next = pending.first else { return nil }
        return (start ?? (now + Self.lead)) + next.time
    }
}

extension GamePage {
    /// Plays what is due of `--play-record` as the view's own intents.
    func playRecord() {
        guard let playback else { return }
        for intent in playback.due(at: clock.now) {
            switch intent {
            case .deal: dealAll()
            case .choose(let id): if let card = game.cards.first(where: { $0.id == id }) { choose(card) }
            case .shuffle: shuffle()
            case .restart, .newGame, .setMode: break      // a daily run has none (the server refused them)
            }
        }
    }
}
