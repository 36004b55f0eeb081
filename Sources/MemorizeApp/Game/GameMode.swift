import Memorize
import Primitives
import TerminalUI

/// Who plays: the lecture's solo game, two people taking turns at one keyboard
/// (hot seat), or a person against the computer in the second seat.
public enum GameMode: Equatable, Sendable {
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

/// `--names A,B` and a key script's `names A,B`: text from outside, so bounded and made safe
/// before it is kept (every printing path then shows the kept, safe text).
public enum PlayerNames {
    public static let maxCharacters = 16
    /// Bytes too: one character can carry any number of combining marks.
    public static let maxBytes = 64

    /// The names, trimmed and neutralised; or why they will not do, as one line.
    public static func parse(_ text: String) -> Result<[String], Problem> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
        guard parts.count <= 2 else { return .failure(Problem("give at most 2 names, separated by a comma, not \(parts.count)")) }
        var names: [String] = []
        for (number, name) in zip(1..., parts) {
            guard !name.isEmpty else { return .failure(Problem("name \(number) is empty")) }
            guard name.utf8.count <= maxBytes, name.count <= maxCharacters else {
                return .failure(Problem("name \(number) is longer than \(maxCharacters) characters"))
            }
            names.append(SafeText.neutralised(name))
        }
        return .success(names)
    }

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The command line's `--players`, `--opponent` and `--names`, checked together: the mode and
/// the names, or one line saying what is wrong (the executable turns it into exit 2).
public enum PlayerFlags {
    /// "easy|medium|hard", for the help.
    public static let levels = OpponentLevel.choices

    public static func parse(players: Int?, opponent: String?, names: String?)
        -> Result<(mode: GameMode?, names: [String]?), PlayerNames.Problem> {
        if let players, !(1...2).contains(players) { return .failure(.init("--players must be 1 or 2, not \(players)")) }
        var mode: GameMode? = players.map { $0 == 2 ? .hotSeat : .solo }
        if let opponent {
            guard let level = OpponentLevel(rawValue: opponent) else {
                return .failure(.init("--opponent must be one of \(levels), not \"\(opponent)\""))
            }
            if players == 1 { return .failure(.init("--opponent takes the second seat: it needs 2 players, not --players 1")) }
            mode = .computer(level)
        }
        guard let names else { return .success((mode, nil)) }
        guard let mode, mode != .solo else { return .failure(.init("--names needs --players 2 or --opponent LEVEL")) }
        switch PlayerNames.parse(names) {
        case .success(let parsed): return .success((mode, parsed))
        case .failure(let problem): return .failure(.init("--names: \(problem)"))
        }
    }
}
