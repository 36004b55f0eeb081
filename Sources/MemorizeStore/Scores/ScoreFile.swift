import Memorize
import ThemeFormat

/// The scores.json format: `{"version":1,"best":{"Halloween":{"score":12,"moves":20,"seconds":41.5}}}`,
/// and, once the player has played the computer, `"versus":{"hard":{"wins":1,"losses":2,"ties":0}}`
/// (optional: older files load, and a file without games against the computer keeps its bytes).
/// Decoding checks every value's type and range and says where a bad one is.
enum ScoreFile {
    /// Everything the file holds.
    struct Contents: Equatable {
        var bests: [String: BestScore] = [:]
        var versus: [String: VersusRecord] = [:]
        var daily: [String: DailyBest] = [:]
    }

    static let version = 1

    /// Anything outside these is not a game anyone played: the file was edited or damaged.
    static let scoreLimit = 1_000_000_000
    static let movesLimit = 1_000_000_000
    static let secondsLimit = 1e9

    enum Problem: Error, Equatable {
        /// Bad content: where (byte offset, when known) and what.
        case invalid(offset: Int?, reason: String)
        /// Written by a newer memorize-tui: fine, just not ours to read or replace.
        case newerVersion(Int, offset: Int)

        /// `path:line:column: reason`, the way compilers name places.
        func message(path: String, bytes: [UInt8]) -> String {
            switch self {
            case .invalid(let offset?, let reason):
                let place = JSONValue.lineAndColumn(ofOffset: offset, in: bytes)
                return "\(path):\(place.line):\(place.column): \(reason)"
            case .invalid(nil, let reason):
                return "\(path): \(reason)"
            case .newerVersion(let version, let offset):
                let place = JSONValue.lineAndColumn(ofOffset: offset, in: bytes)
                return "\(path):\(place.line):\(place.column): version \(version) was written by a newer memorize-tui"
            }
        }
    }

    static func decode(_ bytes: [UInt8]) throws(Problem) -> [String: BestScore] {
        try decodeContents(bytes).bests
    }

    static func decodeContents(_ bytes: [UInt8]) throws(Problem) -> Contents {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw .invalid(offset: error.offset, reason: "invalid JSON: \(error.message)")
        }
        guard case .object = root.kind else { throw .invalid(offset: root.offset, reason: "expected an object at the top level, found \(root.kindDescription)") }

        guard let versionNode = root.member("version") else { throw .invalid(offset: root.offset, reason: "missing \"version\"") }
        let version = try integer(versionNode, named: "version", in: Int.min...Int.max)
        if version > Self.version { throw .newerVersion(version, offset: versionNode.offset) }
        if version < Self.version { throw .invalid(offset: versionNode.offset, reason: "version: \(version) is not a version memorize-tui writes") }

        guard let best = root.member("best") else { throw .invalid(offset: root.offset, reason: "missing \"best\"") }
        guard case .object(let entries) = best.kind else { throw .invalid(offset: best.offset, reason: "best: expected an object, found \(best.kindDescription)") }
        var bests: [String: BestScore] = [:]
        for entry in entries {
            let (theme, node) = (entry.key, entry.value)
            let name = "best.\(theme)"
            guard !theme.allSatisfy(\.isWhitespace) else { throw .invalid(offset: node.offset, reason: "best: a theme name is empty") }
            guard case .object = node.kind else { throw .invalid(offset: node.offset, reason: "\(name): expected an object, found \(node.kindDescription)") }
            func field(_ key: String) throws(Problem) -> JSONValue {
                guard let value = node.member(key) else { throw .invalid(offset: node.offset, reason: "\(name): missing \"\(key)\"") }
                return value
            }
            bests[theme] = BestScore(
                score: try integer(field("score"), named: "\(name).score", in: -scoreLimit...scoreLimit),
                moves: try integer(field("moves"), named: "\(name).moves", in: 0...movesLimit),
                seconds: try seconds(field("seconds"), named: "\(name).seconds"))
        }
        return Contents(bests: bests, versus: try versus(root.member("versus")), daily: try daily(root.member("daily")))
    }

    /// The "versus" object, if any: counts per level name, each a whole number in range.
    private static func versus(_ node: JSONValue?) throws(Problem) -> [String: VersusRecord] {
        guard let node else { return [:] }
        guard case .object(let entries) = node.kind else { throw .invalid(offset: node.offset, reason: "versus: expected an object, found \(node.kindDescription)") }
        var records: [String: VersusRecord] = [:]
        for entry in entries {
            let (level, value) = (entry.key, entry.value)
            let name = "versus.\(level)"
            guard !level.allSatisfy(\.isWhitespace) else { throw .invalid(offset: value.offset, reason: "versus: a level name is empty") }
            guard case .object = value.kind else { throw .invalid(offset: value.offset, reason: "\(name): expected an object, found \(value.kindDescription)") }
            func count(_ key: String) throws(Problem) -> Int {
                guard let field = value.member(key) else { throw .invalid(offset: value.offset, reason: "\(name): missing \"\(key)\"") }
                return try integer(field, named: "\(name).\(key)", in: 0...movesLimit)
            }
            records[level] = VersusRecord(wins: try count("wins"), losses: try count("losses"), ties: try count("ties"))
        }
        return records
    }

    /// Pretty-printed with sorted keys (as JSONEncoder wrote it, so files keep their bytes):
    /// readable, and the same bests always give the same bytes.
    /// - Throws: rather than return something partial (saving nothing beats saving garbage) when
    ///   a time cannot be written in JSON (NaN, infinity; `isStorable` keeps those out).
    static func encode(_ bests: [String: BestScore], versus: [String: VersusRecord] = [:],
                       daily: [String: DailyBest] = [:]) throws -> [UInt8] {
        var entries: [JSONValue.Member] = []
        for (theme, best) in bests.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            guard let seconds = JSONValue.number(best.seconds) else { throw UnwritableTime(theme: theme, seconds: best.seconds) }
            entries.append(.init(theme, JSONValue(.object([
                .init("moves", .integer(best.moves)),
                .init("score", .integer(best.score)),
                .init("seconds", seconds),
            ]))))
        }
        var members: [JSONValue.Member] = [.init("best", JSONValue(.object(entries)))]
        if let daily = try encodeDaily(daily) { members.append(daily) }
        members.append(.init("version", .integer(version)))
        if !versus.isEmpty {
            let records = versus.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { level, record in
                JSONValue.Member(level, JSONValue(.object([
                    .init("losses", .integer(record.losses)), .init("ties", .integer(record.ties)), .init("wins", .integer(record.wins)),
                ])))
            }
            members.append(.init("versus", JSONValue(.object(records))))
        }
        let file = JSONValue(.object(members))
        return file.prettyPrinted() + [UInt8(ascii: "\n")]
    }

    struct UnwritableTime: Error, CustomStringConvertible {
        let theme: String
        let seconds: Double
        var description: String { "best.\(theme).seconds: \(seconds) cannot be written as JSON" }
    }

    /// Whether a result can be stored and read back (a NaN or negative time from a bug is not).
    static func isStorable(_ best: BestScore) -> Bool {
        (-scoreLimit...scoreLimit).contains(best.score) && (0...movesLimit).contains(best.moves)
            && best.seconds.isFinite && (0...secondsLimit).contains(best.seconds)
    }

    static func integer(_ node: JSONValue, named name: String, in range: ClosedRange<Int>) throws(Problem) -> Int {
        guard case .number(let text) = node.kind else { throw .invalid(offset: node.offset, reason: "\(name): expected a whole number, found \(node.kindDescription)") }
        guard let value = Int(text) else {
            let isWhole = !text.contains(where: { ".eE".contains($0) })
            throw .invalid(offset: node.offset, reason: isWhole ? "\(name): \(text) is too large" : "\(name): \(text) is not a whole number")
        }
        guard range.contains(value) else {
            throw .invalid(offset: node.offset, reason: "\(name): \(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
        }
        return value
    }

    static func seconds(_ node: JSONValue, named name: String) throws(Problem) -> Double {
        guard case .number(let text) = node.kind else { throw .invalid(offset: node.offset, reason: "\(name): expected a number, found \(node.kindDescription)") }
        // Double("1e999") is infinity: a valid JSON number, but no game lasted that long.
        guard let value = Double(text), value.isFinite, (0...secondsLimit).contains(value) else {
            throw .invalid(offset: node.offset, reason: "\(name): \(text) is out of range (0…\(Int(secondsLimit)))")
        }
        return value
    }
}
