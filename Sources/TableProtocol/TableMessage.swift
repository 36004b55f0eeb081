import Memorize
import Primitives

/// Where a process sits at a table: seat 0 or 1 (the players' "seat 1" and "seat 2"), or watching.
public enum TableSeat: Hashable, Sendable {
    case seat(Int)
    case watcher

    public static let count = 2
}

/// What the table tells a process first: where it sits, and what every process must agree on.
public struct TableHello: Hashable, Sendable {
    public var seat: TableSeat
    public var seed: UInt64
    /// nil: the game's default theme.
    public var theme: String?
    /// One per seat; nil for a seat nobody has taken yet.
    public var names: [String?]
    /// The line that seats a friend (`ssh -t -p PORT HOST join CODE`), shown while a seat is free.
    public var invitation: String?
    /// Entries of the log sent right after this hello: the catch-up, applied without animating.
    public var catchUp: Int
    /// This seat is a guest's: nobody can take it back if its link drops (a key's is held).
    public var guestSeat: Bool

    public init(seat: TableSeat, seed: UInt64, theme: String?, names: [String?], invitation: String? = nil, catchUp: Int = 0,
                guestSeat: Bool = false) {
        self.seat = seat
        self.seed = seed
        self.theme = theme
        self.names = names
        self.invitation = invitation
        self.catchUp = catchUp
        self.guestSeat = guestSeat
    }
}

/// The table's news about its seats.
public enum SeatStatus: Hashable, Sendable {
    /// `seat` is taken (or taken again after a drop) by `name`.
    case seated(seat: Int, name: String)
    /// `seat`'s link dropped; it is held `seconds` more for the same key.
    case waiting(seat: Int, seconds: Int, name: String)
    case watchers(Int)
    /// The table is over for everyone, and why (each process shows its own final scores: the same
    /// log gave every process the same ones).
    case ended(reason: String)
}

/// Every message of the table channel, and its text inside a TableFrame.
public enum TableMessage: Hashable, Sendable {
    case intent(GameIntent)
    case hello(TableHello)
    /// Number `sequence` (0, 1, 2, … with no gap) of the table's log.
    case ordered(sequence: Int, TimedIntent)
    case status(SeatStatus)
    /// Whole lines of a server's daily run's report (DailyReport.messages), in order.
    case reportPart(String)
    /// The report is whole: `byteCount` bytes of parts came before.
    case reportEnd(byteCount: Int)
    /// The server's answer to a report: nil, ranked; otherwise why the run was not ranked (one
    /// showable line, at most `maximumReasonLength`).
    case reportVerdict(unrankedBecause: String?)

    public static let maximumNameLength = 16
    public static let maximumReasonLength = 200
    /// A game is a few hundred intents; the table's log bound is lower still (the server's flag).
    public static let maximumSequence = 99_999

    public var frame: TableFrame {
        switch self {
        case .intent(let intent): TableFrame(kind: .intent, text: intent.line)
        case .hello(let hello):
            TableFrame(kind: .hello, text: ([hello.seat.line, "seed \(hello.seed)", "catch-up \(hello.catchUp)"]
                + (hello.guestSeat ? ["guest"] : [])
                + (hello.theme.map { ["theme " + $0] } ?? [])
                + (hello.invitation.map { ["invite " + $0] } ?? [])
                + hello.names.enumerated().compactMap { seat, name in name.map { "name\(seat) " + $0 } }).joined(separator: "\n"))
        case .ordered(let sequence, let timed): TableFrame(kind: .ordered, text: "\(sequence) " + timed.line)
        case .status(let status): TableFrame(kind: .status, text: status.line)
        case .reportPart(let lines): TableFrame(kind: .reportPart, text: lines)
        case .reportEnd(let byteCount): TableFrame(kind: .reportEnd, text: "\(byteCount)")
        case .reportVerdict(let reason): TableFrame(kind: .reportVerdict, text: reason.map { "unranked " + $0 } ?? "ranked")
        }
    }

    /// The message a frame carries; nil for any text that is not exactly one (the caller ends
    /// the peer: it is not believed).
    public init?(frame: TableFrame) {
        guard let text = String(validating: frame.payload, as: UTF8.self) else { return nil }
        switch frame.kind {
        case .intent:
            guard let intent = GameIntent(line: Substring(text)) else { return nil }
            self = .intent(intent)
        case .hello:
            guard let hello = TableHello(text: text) else { return nil }
            self = .hello(hello)
        case .ordered:
            let number = text.prefix { $0 != " " }
            guard !number.isEmpty, number.count <= 5, number.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let sequence = Int(number), sequence <= Self.maximumSequence,
                  let timed = TimedIntent(line: text.dropFirst(number.count + 1)) else { return nil }
            self = .ordered(sequence: sequence, timed)
        case .status:
            guard let status = SeatStatus(text: text) else { return nil }
            self = .status(status)
        case .reportPart:
            // Whole lines only: a part never ends inside a line (DailyReport.messages packs them).
            guard text.hasSuffix("\n") else { return nil }
            self = .reportPart(text)
        case .reportEnd:
            guard !text.isEmpty, text.count <= 7, text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text) else { return nil }
            self = .reportEnd(byteCount: count)
        case .reportVerdict:
            if text == "ranked" {
                self = .reportVerdict(unrankedBecause: nil)
            } else {
                guard text.hasPrefix("unranked "), text.count > 9, Self.isShowable(text.dropFirst(9), limit: Self.maximumReasonLength) else { return nil }
                self = .reportVerdict(unrankedBecause: String(text.dropFirst(9)))
            }
        }
    }

    /// Text from another process that will be shown: printable, bounded, one line.
    static func isShowable(_ text: Substring, limit: Int) -> Bool {
        ShowableText.isShowable(text, limit: limit)
    }
}

extension TableSeat {
    var line: String {
        switch self {
        case .seat(let seat): "seat \(seat)"
        case .watcher: "watch"
        }
    }
}

extension TableHello {
    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let seatLine = lines.popFirst() else { return nil }
        switch seatLine {
        case "watch": seat = .watcher
        case "seat 0": seat = .seat(0)
        case "seat 1": seat = .seat(1)
        default: return nil
        }
        guard let seedLine = lines.popFirst(), seedLine.hasPrefix("seed "), seedLine.utf8.count <= 25,
              seedLine.dropFirst(5).allSatisfy({ $0.isASCII && $0.isNumber }),
              let seed = UInt64(seedLine.dropFirst(5)) else { return nil }
        self.seed = seed
        guard let catchUpLine = lines.popFirst(), catchUpLine.hasPrefix("catch-up "), catchUpLine.utf8.count <= 14,
              catchUpLine.dropFirst(9).allSatisfy({ $0.isASCII && $0.isNumber }),
              let catchUp = Int(catchUpLine.dropFirst(9)), catchUp <= TableMessage.maximumSequence else { return nil }
        self.catchUp = catchUp
        guestSeat = lines.first == "guest"
        if guestSeat { lines = lines.dropFirst() }
        theme = nil
        if let themeLine = lines.first, themeLine.hasPrefix("theme ") {
            guard TableMessage.isShowable(themeLine.dropFirst(6), limit: GameIntent.maximumThemeNameLength) else { return nil }
            theme = String(themeLine.dropFirst(6))
            lines = lines.dropFirst()
        }
        invitation = nil
        if let inviteLine = lines.first, inviteLine.hasPrefix("invite ") {
            guard TableMessage.isShowable(inviteLine.dropFirst(7), limit: TableMessage.maximumReasonLength) else { return nil }
            invitation = String(inviteLine.dropFirst(7))
            lines = lines.dropFirst()
        }
        names = Array(repeating: nil, count: TableSeat.count)
        for seat in 0..<TableSeat.count where lines.first?.hasPrefix("name\(seat) ") == true {
            let name = lines.removeFirst().dropFirst(6)
            guard TableMessage.isShowable(name, limit: TableMessage.maximumNameLength) else { return nil }
            names[seat] = String(name)
        }
        guard lines.isEmpty else { return nil }
    }
}

extension SeatStatus {
    var line: String {
        switch self {
        case .seated(let seat, let name): "seated \(seat) \(name)"
        case .waiting(let seat, let seconds, let name): "waiting \(seat) \(seconds) \(name)"
        case .watchers(let count): "watchers \(count)"
        case .ended(let reason): "ended \(reason)"
        }
    }

    init?(text: String) {
        let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        func seat(_ word: Substring) -> Int? {
            word.count == 1 ? Int(word).flatMap { (0..<TableSeat.count).contains($0) ? $0 : nil } : nil
        }
        func count(_ word: Substring) -> Int? {
            word.count <= 6 && word.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(word) : nil
        }
        switch words.first {
        case "seated":
            let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let seat = seat(parts[1]),
                  TableMessage.isShowable(parts[2], limit: TableMessage.maximumNameLength) else { return nil }
            self = .seated(seat: seat, name: String(parts[2]))
        case "waiting":
            guard words.count == 4, let seat = seat(words[1]), let seconds = count(words[2]),
                  TableMessage.isShowable(words[3], limit: TableMessage.maximumNameLength) else { return nil }
            self = .waiting(seat: seat, seconds: seconds, name: String(words[3]))
        case "watchers":
            guard words.count == 2, let watchers = count(words[1]) else { return nil }
            self = .watchers(watchers)
        case "ended":
            let reason = text.dropFirst(6)
            guard text.hasPrefix("ended "), TableMessage.isShowable(reason, limit: TableMessage.maximumReasonLength) else { return nil }
            self = .ended(reason: String(reason))
        default:
            return nil
        }
    }
}
