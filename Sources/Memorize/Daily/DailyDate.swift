/// A day of the proleptic Gregorian calendar in UTC, as days since 1970-01-01: what a daily deal
/// is derived from. Written and read only as `YYYY-MM-DD`, strictly (no time zone: the day
/// changes at 00:00 UTC for everyone, so everyone plays the same deal).
public struct DailyDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let daysSinceEpoch: Int

    /// Years the game accepts: enough for any day someone plays, small enough for any arithmetic.
    public static let years = 1970...9999

    public init?(daysSinceEpoch: Int) {
        guard (Self.firstDay...Self.lastDay).contains(daysSinceEpoch) else { return nil }
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The UTC day `seconds` after the Unix epoch (a wall clock's reading).
    public init?(secondsSince1970 seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds < Double(Self.lastDay + 1) * 86_400 else { return nil }
        self.init(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
    }

    /// Exactly `YYYY-MM-DD` with a real month and day; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              Self.years.contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(daysSinceEpoch: Self.days(year: year, month: month, day: day))
    }

    public var description: String {
        let (year, month, day) = civil
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (a: DailyDate, b: DailyDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    static let firstDay = 0
    static let lastDay = days(year: 9999, month: 12, day: 31)

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days_from_civil (public domain), for years ≥ 0.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Hinnant's civil_from_days, the inverse of `days`.
    var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
