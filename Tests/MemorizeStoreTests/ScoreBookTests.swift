import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import MemorizeStore

extension PersistenceTests {
    /// Saving, loading and choosing the best; hostile files are in ScoreBookHostileFileTests.
    @Suite struct ScoreBookTests {
        @Test func roundTripThroughTheFile() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("state/memorize-tui/scores.json")
            let book = ScoreBook(path: path)
            #expect(book.warning == nil)
            #expect(book.best(forTheme: "Halloween") == nil)
            book.record(GameResult(theme: "Halloween", score: 12, moves: 20, seconds: 41.5))
            book.record(GameResult(theme: "Ünïcode \"quoted\" / 👻", score: -3, moves: 7, seconds: 0.25))
            #expect(book.warning == nil)

            let again = ScoreBook(path: path)
            #expect(again.warning == nil)
            #expect(again.allBests == book.allBests)
            #expect(again.best(forTheme: "Halloween") == BestScore(score: 12, moves: 20, seconds: 41.5))
            #expect(again.best(forTheme: "Ünïcode \"quoted\" / 👻") == BestScore(score: -3, moves: 7, seconds: 0.25))
            #expect(permissions(path) == 0o600)
        }

        @Test func fileHasTheDocumentedFormat() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            ScoreBook(path: path).record(GameResult(theme: "Halloween", score: 12, moves: 20, seconds: 41.5))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(readBytes(path) ?? [])) as? [String: Any])
            #expect(json["version"] as? Int == 1)
            let halloween = try #require((json["best"] as? [String: Any])?["Halloween"] as? [String: Any])
            #expect(halloween["score"] as? Int == 12)
            #expect(halloween["moves"] as? Int == 20)
            #expect(halloween["seconds"] as? Double == 41.5)
            // And the example from the design reads back.
            dir.write(#"{"version":1,"best":{"Halloween":{"score":12,"moves":20,"seconds":41.5}}}"#, to: "example.json")
            #expect(ScoreBook(path: dir.file("example.json")).best(forTheme: "Halloween") == BestScore(score: 12, moves: 20, seconds: 41.5))
        }

        @Test func recordReturnsThePreviousBestAndKeepsTheBetter() {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let book = ScoreBook(path: path)
            let first = BestScore(score: 10, moves: 20, seconds: 30)
            #expect(book.record(GameResult(theme: "Food", score: 10, moves: 20, seconds: 30)) == nil)
            // Worse score: previous returned, best unchanged, file unchanged.
            let saved = readBytes(path)
            #expect(book.record(GameResult(theme: "Food", score: 8, moves: 10, seconds: 5)) == first)
            #expect(book.best(forTheme: "Food") == first)
            #expect(readBytes(path) == saved)
            // Same score, fewer moves wins.
            #expect(book.record(GameResult(theme: "Food", score: 10, moves: 18, seconds: 60)) == first)
            let second = BestScore(score: 10, moves: 18, seconds: 60)
            #expect(book.best(forTheme: "Food") == second)
            // Same score and moves, less time wins; equal is not better.
            #expect(book.record(GameResult(theme: "Food", score: 10, moves: 18, seconds: 60)) == second)
            #expect(book.record(GameResult(theme: "Food", score: 10, moves: 18, seconds: 59.5)) == second)
            #expect(book.best(forTheme: "Food") == BestScore(score: 10, moves: 18, seconds: 59.5))
            // Higher score wins whatever the moves.
            #expect(book.record(GameResult(theme: "Food", score: 11, moves: 99, seconds: 999)) == BestScore(score: 10, moves: 18, seconds: 59.5))
            #expect(ScoreBook(path: path).best(forTheme: "Food") == BestScore(score: 11, moves: 99, seconds: 999))
            #expect(book.warning == nil)
        }

        @Test func twoRunningGamesDoNotEraseEachOthersBests() {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let left = ScoreBook(path: path)
            let right = ScoreBook(path: path)
            left.record(GameResult(theme: "Food", score: 5, moves: 10, seconds: 10))
            right.record(GameResult(theme: "Animals", score: 7, moves: 10, seconds: 10))
            // right's save merged left's: the previous best it reports comes from disk too.
            #expect(right.record(GameResult(theme: "Food", score: 1, moves: 1, seconds: 1)) == BestScore(score: 5, moves: 10, seconds: 10))
            let merged = ScoreBook(path: path)
            #expect(merged.best(forTheme: "Food") == BestScore(score: 5, moves: 10, seconds: 10))
            #expect(merged.best(forTheme: "Animals") == BestScore(score: 7, moves: 10, seconds: 10))
        }

        @Test(arguments: [
            GameResult(theme: "Food", score: 1, moves: 1, seconds: .nan),
            GameResult(theme: "Food", score: 1, moves: 1, seconds: .infinity),
            GameResult(theme: "Food", score: 1, moves: -1, seconds: 1),
            GameResult(theme: "Food", score: .max, moves: 1, seconds: 1),
            GameResult(theme: " ", score: 1, moves: 1, seconds: 1),
        ])
        func impossibleResultsAreNotStored(result: GameResult) {
            let dir = TemporaryDirectory()
            let book = ScoreBook(path: dir.file("scores.json"))
            #expect(book.record(result) == nil)
            #expect(book.best(forTheme: result.theme) == nil)
            #expect(book.warning?.contains("impossible result") == true)
            #expect(dir.names() == [])
        }

        @Test func staleTempFilesDoNotDisturbLoadingOrSaving() {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            ScoreBook(path: path).record(GameResult(theme: "Food", score: 3, moves: 4, seconds: 5))
            // What a save killed half-way leaves: a partial temp file (even one that is a directory).
            dir.write(#"{"version":1,"best":{"Food":{"sco"#, to: ".scores.json.tmp-999-abc")
            mkdir(dir.file(".scores.json.tmp-999-def"), 0o700)
            let book = ScoreBook(path: path)
            #expect(book.warning == nil)
            #expect(book.best(forTheme: "Food") == BestScore(score: 3, moves: 4, seconds: 5))
            book.record(GameResult(theme: "Food", score: 4, moves: 4, seconds: 5))
            #expect(book.warning == nil)
            #expect(ScoreBook(path: path).best(forTheme: "Food")?.score == 4)
        }

        @Test func aSaveFailureIsAWarningNotACrash() {
            let dir = TemporaryDirectory()
            dir.write("not a directory", to: "state")
            let book = ScoreBook(path: dir.file("state/scores.json"))
            #expect(book.warning == nil)  // nothing there to load
            #expect(book.record(GameResult(theme: "Food", score: 1, moves: 1, seconds: 1)) == nil)
            #expect(book.warning?.hasPrefix("Best scores not saved: cannot save \(dir.file("state/scores.json"))") == true)
            #expect(book.best(forTheme: "Food") == BestScore(score: 1, moves: 1, seconds: 1))
            #expect(readBytes(dir.file("state")) == Array("not a directory".utf8))
        }
    }
}
