/// Who plays: the lecture's solo game, two people taking turns at one keyboard
/// (hot seat), or a person against the computer in the second seat. Part of a game's set-up, so
/// it lives with the model: a replay needs the seats and the computer's level, never the app.
public enum GameMode: Hashable, Sendable {
    case solo
    case hotSeat
    case computer(OpponentLevel)

    public var numberOfPlayers: Int { self == .solo ? 1 : 2 }
    public var opponentLevel: OpponentLevel? {
        if case .computer(let level) = self { return level }
        return nil
    }

    /// Every mode in the order the chooser and the win screen cycle through them.
    public static let all: [GameMode] = [.solo, .hotSeat] + OpponentLevel.allCases.map { .computer($0) }

    /// "solo", "2 players", "vs hard": short enough for a footer.
    public var label: String {
        switch self {
        case .solo: "solo"
        case .hotSeat: "2 players"
        case .computer(let level): "vs \(level.rawValue)"
        }
    }

    /// The mode after this one in `all` (the `m` key).
    public var next: GameMode { Self.all[((Self.all.firstIndex(of: self) ?? 0) + 1) % Self.all.count] }

    /// The seats' names: those given, in seat order, then the defaults.
    public func playerNames(_ given: [String]) -> [String] {
        let defaults: [String]
        switch self {
        case .solo: defaults = ["You"]
        case .hotSeat: defaults = ["Player 1", "Player 2"]
        case .computer: defaults = ["You", "Computer"]
        }
        return defaults.indices.map { $0 < given.count ? given[$0] : defaults[$0] }
    }
}

extension GameMode {
    /// One word per mode for an intent's line (`mode hotseat`): no spaces, stable across releases.
    public var lineName: String {
        switch self {
        case .solo: "solo"
        case .hotSeat: "hotseat"
        case .computer(let level): level.rawValue
        }
    }

    public init?(lineName: Substring) {
        switch lineName {
        case "solo": self = .solo
        case "hotseat": self = .hotSeat
        default:
            guard let level = OpponentLevel(rawValue: String(lineName)) else { return nil }
            self = .computer(level)
        }
    }
}
