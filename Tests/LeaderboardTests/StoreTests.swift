import Foundation
import Memorize
import MemorizeLeaderboard
import Testing

/// The store's promises (LeaderboardStore), the same on SQLite and PostgreSQL.
@Suite struct StoreTests {
    let day = DailyDate("2026-11-26")!

    func run(_ key: String, name: String? = nil, score: Int, moves: Int = 20, milliseconds: Int = 30_000,
             at time: Double = 0, on date: DailyDate? = nil) -> LeaderboardRun {
        LeaderboardRun(date: date ?? day, fingerprint: "SHA256:\(key)", name: name ?? key, score: score, moves: moves,
                       milliseconds: milliseconds, intents: "0.0 0 deal", reportedAt: time)
    }

    @Test("two keys ranked in order; ties by time, moves, then the earlier report", arguments: StoreKind.allCases)
    func ranking(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        let store = board.store
        #expect(try await store.submit(run("low", score: 5)) == .stored)
        #expect(try await store.submit(run("high", score: 12)) == .stored)
        #expect(try await store.submit(run("slow", score: 12, milliseconds: 40_000)) == .stored)
        #expect(try await store.submit(run("more", score: 12, moves: 22, at: 1)) == .stored)
        #expect(try await store.submit(run("later", score: 12, moves: 22, at: 2)) == .stored)
        #expect(try await store.submit(run("yesterday", score: 99, on: DailyDate("2026-11-25")!)) == .stored)
        let top = try await store.top(on: day, limit: 20)
        #expect(top.map(\.fingerprint) == ["SHA256:high", "SHA256:more", "SHA256:later", "SHA256:slow", "SHA256:low"])
        #expect(try await store.count(on: day) == 5)
        #expect(top.first == run("high", score: 12))
    }

    @Test("a key's second run of a day is ignored: the first finished run counts", arguments: StoreKind.allCases)
    func secondRunIgnored(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        #expect(try await board.store.submit(run("a", score: 3)) == .stored)
        #expect(try await board.store.submit(run("a", score: 30)) == .alreadyPlayed)
        #expect(try await board.store.top(on: day, limit: 20).map(\.score) == [3])
        // The next day is another day.
        #expect(try await board.store.submit(run("a", score: 30, on: DailyDate("2026-11-27")!)) == .stored)
    }

    @Test("names neutralised and bounded", arguments: StoreKind.allCases)
    func names(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        _ = try await board.store.submit(run("x", name: "\u{1b}[2Jevil\u{202e}name\nsecond line that is long", score: 1))
        _ = try await board.store.submit(run("y", name: "  \u{200b} ", score: 0))
        let names = try await board.store.top(on: day, limit: 20).map(\.name)
        #expect(names == ["?[2Jevil?name?se", "?"], "\(names)")
        for name in names {
            #expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f || (0x202a...0x202e).contains($0.value) })
            #expect(name.count <= LeaderboardName.maximumCharacters)
        }
        #expect(LeaderboardName.neutralised("   ") == "anonymous")
    }

    @Test("every size bounded: nothing out of range is written", arguments: StoreKind.allCases)
    func sizes(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        var tooLong = run("big", score: 1)
        tooLong.intents = String(repeating: "x", count: LeaderboardLimits.maximumIntentLogBytes + 1)
        var badKey = run("k", score: 1)
        badKey.fingerprint = String(repeating: "A", count: 200)
        var spaceKey = run("k", score: 1)
        spaceKey.fingerprint = "SHA256:a b"
        for bad in [tooLong, badKey, spaceKey, run("s", score: 5_000_000), run("m", score: 1, moves: -1),
                    run("t", score: 1, milliseconds: 90_000_000)] {
            await #expect(throws: LeaderboardRefusal.self) { try await board.store.submit(bad) }
        }
        #expect(try await board.store.count(on: day) == 0)
    }

    @Test("a day's board is its top 20", arguments: StoreKind.allCases)
    func topTwenty(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        for number in 0..<25 { _ = try await board.store.submit(run("k\(number)", score: number)) }
        let top = try await board.store.top(on: day, limit: 100)
        #expect(top.count == 20)
        #expect(top.map(\.score) == Array((5..<25).reversed()))
        #expect(try await board.store.top(on: DailyDate("2026-11-27")!, limit: 20).isEmpty)
    }
}
