import Memorize

/// A server's daily run as the game reports it to the server when it is won: the result the
/// player saw and the game's own record (every intent it took, timed on its timeline). The server
/// replays the record through the model and ranks the score it recomputes (docs/leaderboard.md).
///
/// Its text, which the board keeps the intent lines of:
///
///     memorize-daily-report 1
///     date 2026-11-26
///     score 14
///     moves 20
///     0.0 0 deal          (one TimedIntent line each)
///
/// It travels over the daily channel as `reportPart` frames of whole lines, then `reportEnd`
/// with the byte count, since a report (up to the board's 256 KiB log) is larger than a frame.
public struct DailyReport: Hashable, Sendable {
    public var date: DailyDate
    public var score: Int
    public var moves: Int
    /// The TimedIntent lines, separated by "\n" (no final newline): the log the board replays and stores.
    public var intents: String

    /// The four lines before the intents are never longer than this.
    public static let headerBytes = 128

    public init(date: DailyDate, score: Int, moves: Int, intents: String) {
        self.date = date
        self.score = score
        self.moves = moves
        self.intents = intents
    }

    /// The report of a won game: nil for a record that overflowed (it no longer replays to its game).
    public init?(date: DailyDate, score: Int, moves: Int, record: GameRecord) {
        guard !record.isOverflowed else { return nil }
        self.init(date: date, score: score, moves: moves, intents: record.intents.map(\.line).joined(separator: "\n"))
    }

    public var text: String {
        let header = ["memorize-daily-report 1", "date \(date)", "score \(score)", "moves \(moves)"]
        return (header + (intents.isEmpty ? [] : [intents])).joined(separator: "\n") + "\n"
    }

    /// The report as `text` writes it; nil for anything else (the first line names the format).
    public init?(text: String) {
        let lines = text.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        func number(_ line: Substring, after prefix: String) -> Int? {
            guard line.hasPrefix(prefix) else { return nil }
            let digits = line.dropFirst(prefix.count)
            let magnitude = digits.first == "-" ? digits.dropFirst() : digits
            guard (1...9).contains(magnitude.count), magnitude.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
        guard lines.count == 5, lines[0] == "memorize-daily-report 1", lines[1].hasPrefix("date "),
              let date = DailyDate(lines[1].dropFirst(5)), let score = number(lines[2], after: "score "),
              let moves = number(lines[3], after: "moves "), text.hasSuffix("\n") else { return nil }
        self.init(date: date, score: score, moves: moves, intents: String(lines[4].dropLast()))
    }

    /// The messages that carry the report: whole lines packed into parts that each fit a frame,
    /// then the end with the byte count. Empty for a line longer than a frame (no intent line is).
    public var messages: [TableMessage] {
        let room = TableFrame.maximumBodyBytes - 1
        var messages: [TableMessage] = []
        var part = ""
        for line in text.split(separator: "\n") {
            guard line.utf8.count + 1 <= room else { return [] }
            if part.utf8.count + line.utf8.count + 1 > room {
                messages.append(.reportPart(part))
                part = ""
            }
            part += line + "\n"
        }
        if !part.isEmpty { messages.append(.reportPart(part)) }
        return messages + [.reportEnd(byteCount: text.utf8.count)]
    }
}

/// The server's side of a daily channel: report parts in, one report out. Bounded by
/// `maximumBytes` (the board's log bound plus the header); anything that is not a report's part or
/// end, a report over the bound, or one whose end miscounts it, is a `Problem`.
public struct DailyReportAssembler: Sendable {
    public let maximumBytes: Int
    private var text = ""

    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Bytes of parts held for the report not yet ended.
    public var heldBytes: Int { text.utf8.count }

    /// The report, once `message` ends it; nil while parts are still coming.
    public mutating func take(_ message: TableMessage) -> Result<DailyReport?, Problem> {
        switch message {
        case .reportPart(let lines):
            guard text.utf8.count + lines.utf8.count <= maximumBytes else {
                text = ""
                return .failure(Problem(description: "a report over \(maximumBytes) bytes"))
            }
            text += lines
            return .success(nil)
        case .reportEnd(let byteCount):
            let whole = text
            text = ""
            guard byteCount == whole.utf8.count else {
                return .failure(Problem(description: "a report of \(whole.utf8.count) bytes that says it has \(byteCount)"))
            }
            guard let report = DailyReport(text: whole) else { return .failure(Problem(description: "text that is not a daily report")) }
            return .success(report)
        case .intent, .hello, .ordered, .status:
            return .failure(Problem(description: "a table's message (\(message.frame.kind)) on a daily channel"))
        case .reportVerdict:
            return .failure(Problem(description: "the server's verdict, sent by the game"))
        }
    }
}
