import Memorize
import ThemeFormat

/// The optional "daily" object of scores.json: the best daily deal per UTC day,
/// `"daily":{"2026-11-26":{"moves":20,"score":14,"seconds":42.5,"theme":"Animals"}}`.
/// Absent in files without one (older files load, and keep their bytes).
extension ScoreFile {
    static func daily(_ node: JSONValue?) throws(Problem) -> [String: DailyBest] {
        guard let node else { return [:] }
        guard case .object(let entries) = node.kind else { throw .invalid(offset: node.offset, reason: "daily: expected an object, found \(node.kindDescription)") }
        guard entries.count <= DailyBest.maximumDays * 2 else { throw .invalid(offset: node.offset, reason: "daily: more than \(DailyBest.maximumDays * 2) days") }
        var days: [String: DailyBest] = [:]
        for entry in entries {
            let (date, value) = (entry.key, entry.value)
            let name = "daily.\(date)"
            guard DailyDate(date) != nil else { throw .invalid(offset: value.offset, reason: "daily: \"\(date)\" is not a date YYYY-MM-DD") }
            guard case .object = value.kind else { throw .invalid(offset: value.offset, reason: "\(name): expected an object, found \(value.kindDescription)") }
            func field(_ key: String) throws(Problem) -> JSONValue {
                guard let field = value.member(key) else { throw .invalid(offset: value.offset, reason: "\(name): missing \"\(key)\"") }
                return field
            }
            let themeNode = try field("theme")
            guard case .string(let theme) = themeNode.kind, !theme.allSatisfy(\.isWhitespace), theme.count <= 64 else {
                throw .invalid(offset: themeNode.offset, reason: "\(name).theme: expected a theme name")
            }
            days[date] = DailyBest(theme: theme, best: BestScore(
                score: try integer(field("score"), named: "\(name).score", in: -scoreLimit...scoreLimit),
                moves: try integer(field("moves"), named: "\(name).moves", in: 0...movesLimit),
                seconds: try seconds(field("seconds"), named: "\(name).seconds")))
        }
        return DailyBest.bounded(days)
    }

    static func encodeDaily(_ days: [String: DailyBest]) throws -> JSONValue.Member? {
        guard !days.isEmpty else { return nil }
        var entries: [JSONValue.Member] = []
        for (date, day) in days.sorted(by: { $0.key < $1.key }) {
            guard let seconds = JSONValue.number(day.best.seconds) else { throw UnwritableTime(theme: day.theme, seconds: day.best.seconds) }
            entries.append(.init(date, JSONValue(.object([
                .init("moves", .integer(day.best.moves)), .init("score", .integer(day.best.score)),
                .init("seconds", seconds), .init("theme", JSONValue(.string(day.theme))),
            ]))))
        }
        return .init("daily", JSONValue(.object(entries)))
    }
}
