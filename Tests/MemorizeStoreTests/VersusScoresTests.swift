import Foundation
import Testing
@testable import MemorizeStore

extension PersistenceTests {
    /// Wins, losses and ties against the computer per level, in the same scores.json.
    @Suite struct VersusScoresTests {
        @Test func countsPerLevelSurviveAReload() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let book = ScoreBook(path: path)
            book.record(GameResult(theme: "Halloween", score: 12, moves: 20, seconds: 41.5))
            #expect(book.recordVersus(level: "hard", outcome: .loss) == VersusRecord(losses: 1))
            book.recordVersus(level: "hard", outcome: .win)
            book.recordVersus(level: "easy", outcome: .tie)
            #expect(book.warning == nil)
            let again = ScoreBook(path: path)
            #expect(again.warning == nil)
            #expect(again.allVersus == ["hard": VersusRecord(wins: 1, losses: 1), "easy": VersusRecord(ties: 1)])
            #expect(again.best(forTheme: "Halloween") == BestScore(score: 12, moves: 20, seconds: 41.5), "solo bests kept alongside")
        }

        @Test func anOldFileLoadsAndASoloOnlyFileKeepsItsBytes() throws {
            let dir = TemporaryDirectory()
            let old = #"{"version":1,"best":{"Halloween":{"score":12,"moves":20,"seconds":41.5}}}"#
            dir.write(old, to: "scores.json")
            let book = ScoreBook(path: dir.file("scores.json"))
            #expect(book.warning == nil && book.allVersus.isEmpty)
            #expect(book.best(forTheme: "Halloween") == BestScore(score: 12, moves: 20, seconds: 41.5))
            let bests = ["Halloween": BestScore(score: 12, moves: 20, seconds: 41.5)]
            #expect(try ScoreFile.encode(bests) == ScoreFile.encode(bests, versus: [:]), "no \"versus\" key until there is something in it")
            #expect(!String(decoding: try ScoreFile.encode(bests), as: UTF8.self).contains("versus"))
        }

        @Test func anotherProcessesGamesAreNotLost() {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let mine = ScoreBook(path: path), theirs = ScoreBook(path: path)
            mine.recordVersus(level: "medium", outcome: .win)
            theirs.recordVersus(level: "medium", outcome: .loss)
            #expect(ScoreBook(path: path).allVersus["medium"] == VersusRecord(wins: 1, losses: 1))
        }

        @Test(arguments: [
            #"{"version":1,"best":{},"versus":[]}"#,
            #"{"version":1,"best":{},"versus":{"hard":{"wins":1,"losses":0}}}"#,
            #"{"version":1,"best":{},"versus":{"hard":{"wins":-1,"losses":0,"ties":0}}}"#,
            #"{"version":1,"best":{},"versus":{"hard":{"wins":1.5,"losses":0,"ties":0}}}"#,
            #"{"version":1,"best":{},"versus":{" ":{"wins":1,"losses":0,"ties":0}}}"#,
        ])
        func aBadVersusEntryIsReportedAndTheFileMovedAside(text: String) throws {
            let dir = TemporaryDirectory()
            dir.write(text, to: "scores.json")
            let book = ScoreBook(path: dir.file("scores.json"), now: { 1_700_000_000 })
            let warning = try #require(book.warning)
            #expect(warning.contains("versus"), "\(warning)")
            #expect(warning.contains("moved it to"))
        }
    }
}
