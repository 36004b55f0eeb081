import Memorize
import Primitives
import TerminalUI

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
