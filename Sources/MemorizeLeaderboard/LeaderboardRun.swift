import Memorize
import Primitives

/// One finished daily run as the board keeps it: whose (a public key's fingerprint and the name
/// it played under), which day, and the score the server recomputed by replaying it.
public struct LeaderboardRun: Equatable, Sendable {
    public var date: DailyDate
    /// The key's full fingerprint ("SHA256:…"): the identity a run counts for.
    public var fingerprint: String
    /// Shown on the board; always `LeaderboardName.neutralised` before it is stored.
    public var name: String
    public var score: Int
    public var moves: Int
    /// Deal to last match, in milliseconds (whole, so both databases order them alike).
    public var milliseconds: Int
    /// The run's intent log, one `TimedIntent` line each: what `replay N` plays back.
    public var intents: String
    /// Server time the run was reported (seconds since 1970): ties go to the earlier run.
    public var reportedAt: Double

    public init(date: DailyDate, fingerprint: String, name: String, score: Int, moves: Int, milliseconds: Int,
                intents: String, reportedAt: Double) {
        self.date = date
        self.fingerprint = fingerprint
        self.name = LeaderboardName.neutralised(name)
        self.score = score
        self.moves = moves
        self.milliseconds = milliseconds
        self.intents = intents
        self.reportedAt = reportedAt
    }

    /// "SHA256:abcdef12": enough of a fingerprint to tell players apart on the board.
    public var shortFingerprint: String { String(fingerprint.prefix(15)) }
}

/// Every size the board accepts, checked before anything is written.
public enum LeaderboardLimits {
    public static let maximumFingerprintBytes = 128
    public static let maximumIntentLogBytes = 256 * 1024
    /// A day's board shows this many.
    public static let boardSize = 20
    public static let scores = -1_000_000...1_000_000
    public static let moves = 0...1_000_000
    /// A day at most (a session is shorter still).
    public static let milliseconds = 0...86_400_000

    /// Why a run may not be stored, or nil.
    public static func problem(with run: LeaderboardRun) -> String? {
        if run.fingerprint.isEmpty || run.fingerprint.utf8.count > maximumFingerprintBytes
            || !run.fingerprint.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) {
            return "a fingerprint of 1 to \(maximumFingerprintBytes) printable ASCII characters"
        }
        if run.intents.utf8.count > maximumIntentLogBytes { return "an intent log over \(maximumIntentLogBytes) bytes" }
        if !scores.contains(run.score) || !moves.contains(run.moves) || !milliseconds.contains(run.milliseconds) {
            return "a score, move count or time out of range"
        }
        if !run.reportedAt.isFinite { return "a report time that is not a time" }
        return nil
    }
}

/// Player names on the board: whatever a client sent as its user name, made harmless.
public enum LeaderboardName {
    public static let maximumCharacters = 16

    /// Controls, bidi and invisible characters become "?", surrounding blanks go, and at most
    /// `maximumCharacters` characters stay; an empty result is "anonymous".
    public static func neutralised(_ name: String) -> String {
        var text = ""
        var count = 0
        for character in name {
            guard count < maximumCharacters else { break }
            let hostile = character.unicodeScalars.contains { ControlCharacters.contains($0) || InvisibleCharacters.contains($0) }
            text.append(hostile ? "?" : character)
            count += 1
        }
        let trimmed = text.drop(while: { $0 == " " })
        let result = String(trimmed.reversed().drop(while: { $0 == " " }).reversed())
        return result.isEmpty ? "anonymous" : result
    }
}
