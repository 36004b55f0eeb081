import Testing
@testable import Memorize

@Suite struct DailyDealTests {
    static let names = ["Halloween", "Animals", "Faces", "Vehicles", "Food", "Sports"]

    @Test func sipHashMatchesTheReferenceVectors() {
        // The paper's key 00…0f: the empty message, and the 15-byte message 00…0e (appendix A).
        let hash = SipHash24(keyBytes: Array(0...15))!
        #expect(hash.hash([]) == 0x726f_db47_dd0e_0e31)
        #expect(hash.hash(Array(0...14)) == 0xa129_ca61_49be_45e5)
        #expect(SipHash24(keyBytes: Array(0...14)) == nil)
    }

    @Test func datesReadOnlyAsYYYYMMDD() throws {
        #expect(DailyDate("1970-01-01")?.daysSinceEpoch == 0)
        #expect(DailyDate("2000-03-01")?.daysSinceEpoch == 11_017)
        #expect(DailyDate("2000-02-29") != nil)
        #expect(DailyDate("2026-11-26")?.description == "2026-11-26")
        for bad in ["2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-11-26",
                    "2026-11-26 ", " 2026-11-26", "2026/11/26", "+026-11-26", "1969-12-31", "２０２６-11-26", "", "2026-11-2x"] {
            #expect(DailyDate(bad) == nil, "\(bad)")
        }
        // Every day of a few centuries reads back as it prints.
        for days in stride(from: 0, through: try #require(DailyDate("2400-12-31")).daysSinceEpoch, by: 7) {
            let date = try #require(DailyDate(daysSinceEpoch: days))
            #expect(DailyDate(date.description) == date)
        }
        #expect(DailyDate(secondsSince1970: 86_399.9)?.description == "1970-01-01")
        #expect(DailyDate(secondsSince1970: 1_764_115_200)?.description == "2025-11-26")
        #expect(DailyDate(secondsSince1970: -1) == nil)
        #expect(DailyDate(secondsSince1970: .nan) == nil)
    }

    @Test func theSameDateDealsTheSameGameWhateverTheThemeOrder() throws {
        let date = try #require(DailyDate("2026-11-26"))
        let deal = try #require(DailyDeal(date: date, themeNames: Self.names))
        #expect(DailyDeal(date: date, themeNames: Self.names.reversed()) == deal)
        #expect(DailyDeal(date: date, themeNames: Self.names.shuffled()) == deal)
        #expect(DailyDeal(date: date, themeNames: []) == nil)
    }

    /// The function is fixed (docs/leaderboard.md): these values may never change, on any machine.
    @Test func theFunctionIsPinned() throws {
        let date = try #require(DailyDate("2026-11-26"))
        let message = DailyDeal.message("seed", date)
        #expect(message == Array("seed".utf8) + [0x2f, 0x51, 0, 0, 0, 0, 0, 0])
        let deal = try #require(DailyDeal(date: date, themeNames: Self.names))
        #expect(deal.seed == DailyKey.public.hash.hash(message))
        let sorted = Self.names.sorted()
        #expect(deal.themeName == sorted[Int(DailyKey.public.hash.hash(DailyDeal.message("theme", date)) % 6)])
        #expect(deal.seed == Self.pinnedSeed, "seed \(deal.seed)")
    }
    static let pinnedSeed: UInt64 = 12_856_602_187_830_636_367

    @Test func differentDatesDealDifferentGames() throws {
        let first = try #require(DailyDate("2026-01-01")).daysSinceEpoch
        let deals = (0..<60).compactMap { DailyDate(daysSinceEpoch: first + $0).flatMap { DailyDeal(date: $0, themeNames: Self.names) } }
        #expect(deals.count == 60)
        #expect(Set(deals.map(\.seed)).count == 60)
        #expect(Set(deals.map(\.themeName)).count >= 4, "60 days should visit most themes")
    }

    @Test func aServerSecretDealsSomethingElse() throws {
        let date = try #require(DailyDate("2026-11-26"))
        let secret = try #require(DailyKey(secret: Array(100..<116)))
        let other = try #require(DailyKey(secret: Array(101..<117)))
        #expect(DailyKey(secret: Array(0..<15)) == nil)
        let mine = try #require(DailyDeal(date: date, themeNames: Self.names, key: secret))
        #expect(mine.seed != DailyDeal(date: date, themeNames: Self.names)?.seed)
        #expect(mine.seed != DailyDeal(date: date, themeNames: Self.names, key: other)?.seed)
        #expect(DailyDeal(date: date, themeNames: Self.names, key: secret) == mine)
    }
}
