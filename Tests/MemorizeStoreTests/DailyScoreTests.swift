import Foundation
import Memorize
import Testing
@testable import MemorizeStore

extension PersistenceTests {
    /// The best daily deal per day, kept in scores.json beside the bests per theme.
    @Suite struct DailyScoreTests {
        let day = DailyDate("2026-11-26")!
        let result = GameResult(theme: "Animals", score: 14, moves: 20, seconds: 42.5)

        @Test func aDayKeepsItsBestAndReadsBack() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let book = ScoreBook(path: path)
            #expect(book.recordDaily(result, on: day) == nil)
            // Worse: kept out, and the best before it is returned.
            #expect(book.recordDaily(GameResult(theme: "Animals", score: 10, moves: 30, seconds: 50), on: day)?.best.score == 14)
            book.record(result)
            let again = ScoreBook(path: path)
            #expect(again.warning == nil)
            #expect(again.bestDaily(on: day) == DailyBest(theme: "Animals", best: BestScore(score: 14, moves: 20, seconds: 42.5)))
            #expect(again.best(forTheme: "Animals")?.score == 14)
            #expect(again.bestDaily(on: DailyDate("2026-11-25")!) == nil)
            let text = String(decoding: readBytes(path) ?? [], as: UTF8.self)
            #expect(text.contains("\"daily\""))
            #expect(text.contains("\"2026-11-26\""))
        }

        @Test func aFileWithoutDaysKeepsItsBytes() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            ScoreBook(path: path).record(result)
            #expect(!String(decoding: readBytes(path) ?? [], as: UTF8.self).contains("daily"))
        }

        @Test func theFileKeepsABoundedNumberOfDays() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            // A file with more days than kept (written by hand: 420 saves would take seconds).
            let count = DailyBest.maximumDays + 20
            let days = (0..<count).map { offset in
                "\"\(DailyDate(daysSinceEpoch: day.daysSinceEpoch - offset)!)\":{\"theme\":\"Animals\",\"score\":1,\"moves\":2,\"seconds\":3}"
            }
            dir.write("{\"version\":1,\"best\":{},\"daily\":{" + days.joined(separator: ",") + "}}", to: "scores.json")
            let book = ScoreBook(path: path)
            #expect(book.warning == nil)
            #expect(book.daily.count == DailyBest.maximumDays)
            book.recordDaily(result, on: DailyDate(daysSinceEpoch: day.daysSinceEpoch + 1)!)
            let again = ScoreBook(path: path)
            #expect(again.daily.count == DailyBest.maximumDays)
            #expect(again.bestDaily(on: day) != nil, "the most recent days stay")
            #expect(again.bestDaily(on: DailyDate(daysSinceEpoch: day.daysSinceEpoch + 1)!) != nil)
            #expect(again.bestDaily(on: DailyDate(daysSinceEpoch: day.daysSinceEpoch - DailyBest.maximumDays + 1)!) == nil, "the oldest go")
        }

        @Test func aBadDayMovesTheFileAsideWhole() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let text = #"{"version":1,"best":{},"daily":{"2026-02-30":{"theme":"Animals","score":1,"moves":2,"seconds":3}}}"#
            dir.write(text, to: "scores.json")
            let book = ScoreBook(path: path)
            #expect(book.warning?.contains("moved it to") == true, "\(book.warning ?? "")")
            #expect(book.warning?.contains("is not a date") == true)
            let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("scores.json.corrupt-") }
            #expect(aside.count == 1)
            #expect(readBytes(dir.file(aside[0])) == Array(text.utf8))
        }

        @Test func inMemoryScoresKeepTheBestToo() {
            let scores = InMemoryScores()
            #expect(scores.recordDaily(result, on: day) == nil)
            scores.recordDaily(GameResult(theme: "Animals", score: 20, moves: 18, seconds: 30), on: day)
            #expect(scores.bestDaily(on: day)?.best.score == 20)
        }
    }
}
