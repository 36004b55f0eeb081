import Primitives

/// The text form of an intent, one line each: what a replay file, a table's channel and a
/// leaderboard submission carry. Readable by a person (`choose 7`, `deal`, `new 42 Animals`, `mode hard`) and
/// strict to read back, because these lines come from outside: a bounded length, known verbs,
/// numbers in range, a theme name with no control or invisible characters.
extension GameIntent {
    /// Longest line `init(line:)` reads: a verb, a theme name (at most `maximumThemeNameLength`
    /// characters of up to 4 UTF-8 bytes) and a seed.
    public static let maximumLineBytes = 320
    public static let maximumThemeNameLength = 64
    /// Card ids are `0..<2·pairs`; no theme has anywhere near this many.
    public static let maximumCardID = 9_999

    public var line: String {
        switch self {
        case .choose(let id): "choose \(id)"
        case .deal: "deal"
        case .shuffle: "shuffle"
        case .restart: "restart"
        case .newGame(let theme, let seed): "new \(seed) \(theme)"
        case .setMode(let mode): "mode \(mode.lineName)"
        }
    }

    /// Reads `line`'s form back; nil for anything else (the caller says what it got, neutralised).
    public init?(line: Substring) {
        guard line.utf8.count <= Self.maximumLineBytes else { return nil }
        let verb = line.prefix { $0 != " " }
        let rest = line.dropFirst(verb.count).dropFirst()
        switch verb {
        case "choose":
            guard rest.utf8.count <= 4, rest.allSatisfy(\.isASCIIDigit), let id = Int(rest), id <= Self.maximumCardID
            else { return nil }
            self = .choose(cardID: id)
        case "deal" where rest.isEmpty && line.count == 4: self = .deal
        case "shuffle" where line.count == 7: self = .shuffle
        case "restart" where line.count == 7: self = .restart
        case "new":
            let seedText = rest.prefix { $0 != " " }
            let theme = rest.dropFirst(seedText.count).dropFirst()
            guard !seedText.isEmpty, seedText.utf8.count <= 20, seedText.allSatisfy(\.isASCIIDigit),
                  let seed = UInt64(seedText), Self.isAcceptableThemeName(theme)
            else { return nil }
            self = .newGame(theme: String(theme), seed: seed)
        case "mode":
            guard let mode = GameMode(lineName: rest) else { return nil }
            self = .setMode(mode)
        default: return nil
        }
    }

    /// A theme name as a line may carry it: not empty, bounded, no leading or trailing space, and
    /// nothing a terminal would act on or hide (controls, format and bidi characters).
    static func isAcceptableThemeName(_ name: Substring) -> Bool {
        name.first != " " && name.last != " " && ShowableText.isShowable(name, limit: maximumThemeNameLength)
    }
}

extension TimedIntent {
    /// `TIME SEAT INTENT`, the time in seconds as Swift prints a Double (it reads back exactly).
    public var line: String { "\(time) \(seat) \(intent.line)" }

    /// Seats are 0 and 1 at a table; a few more leave room without trusting a number from outside.
    public static let maximumSeat = 7
    /// A game is minutes long; a day bounds any timeline a replay has to believe.
    public static let maximumTime = 86_400.0

    public init?(line: Substring) {
        guard line.utf8.count <= GameIntent.maximumLineBytes + 32 else { return nil }
        let timeText = line.prefix { $0 != " " }
        let afterTime = line.dropFirst(timeText.count).dropFirst()
        let seatText = afterTime.prefix { $0 != " " }
        let intentText = afterTime.dropFirst(seatText.count).dropFirst()
        guard timeText.utf8.count <= 32, timeText.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+" }),
              let time = Double(timeText), time.isFinite, time >= 0, time <= Self.maximumTime,
              seatText.count == 1, let seat = Int(seatText), seat <= Self.maximumSeat,
              let intent = GameIntent(line: intentText)
        else { return nil }
        self.init(intent, at: time, seat: seat)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
