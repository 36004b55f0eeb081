import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import MemorizeStore

/// A scores.json that is damaged or hostile, and the line the warning must name.
struct HostileScores: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let line: Int
    let reason: String
    var testDescription: String { name }

    init(_ name: String, _ text: String, line: Int, _ reason: String) {
        self.init(name, Array(text.utf8), line: line, reason)
    }

    init(_ name: String, _ bytes: [UInt8], line: Int, _ reason: String) {
        (self.name, self.bytes, self.line, self.reason) = (name, bytes, line, reason)
    }

    /// `field` on line 4 of an otherwise good file.
    static func entry(_ name: String, _ fields: String, _ reason: String) -> HostileScores {
        HostileScores(name, "{\n  \"version\": 1,\n  \"best\": {\n    \"Halloween\": {\(fields)}\n  }\n}\n", line: 4, reason)
    }

    static let all: [HostileScores] = [
        HostileScores("truncated", "{\"version\": 1,\n  \"best\": {\n    \"Halloween\": {\"score\": 12,", line: 3, "invalid JSON"),
        HostileScores("empty file", "", line: 1, "invalid JSON: expected a value, found end of file"),
        HostileScores("binary garbage", [0xFF, 0xFE, 0x00, 0x7B, 0x0A, 0x80, 0xC3], line: 1, "invalid JSON"),
        HostileScores("top level is a list", "[1, 2]", line: 1, "expected an object at the top level, found a list"),
        HostileScores("missing version", "{\"best\": {}}", line: 1, "missing \"version\""),
        HostileScores("version zero", "{\n\"version\": 0, \"best\": {}}", line: 2, "version: 0 is not a version"),
        HostileScores("version is text", "{\"version\": \"1\", \"best\": {}}", line: 1, "version: expected a whole number, found a string"),
        HostileScores("best is a list", "{\"version\": 1,\n\"best\": []}", line: 2, "best: expected an object, found a list"),
        HostileScores("deep nesting", String(repeating: "[", count: 100_000), line: 1, "nested too deeply"),
        HostileScores("invalid UTF-8 key", [UInt8]("{\"version\": 1,\n\"best\": {\"".utf8) + [0xFF] + Array("\": {}}}".utf8), line: 2, "invalid UTF-8"),
        HostileScores("empty theme name", "{\"version\": 1,\n\"best\": {\"\": {\"score\": 1, \"moves\": 1, \"seconds\": 1}}}", line: 2, "a theme name is empty"),
        entry("score is text", "\"score\": \"twelve\", \"moves\": 20, \"seconds\": 41.5", "best.Halloween.score: expected a whole number, found a string"),
        entry("huge integer", "\"score\": 99999999999999999999, \"moves\": 20, \"seconds\": 41.5", "best.Halloween.score: 99999999999999999999 is too large"),
        entry("Int.min", "\"score\": -9223372036854775808, \"moves\": 20, \"seconds\": 41.5", "out of range"),
        entry("score as float", "\"score\": 12.5, \"moves\": 20, \"seconds\": 41.5", "12.5 is not a whole number"),
        entry("score with exponent", "\"score\": 1e400, \"moves\": 20, \"seconds\": 41.5", "1e400 is not a whole number"),
        entry("negative moves", "\"score\": 12, \"moves\": -3, \"seconds\": 41.5", "best.Halloween.moves: -3 is out of range"),
        entry("moves is null", "\"score\": 12, \"moves\": null, \"seconds\": 41.5", "found null"),
        entry("seconds overflow to infinity", "\"score\": 12, \"moves\": 20, \"seconds\": 1e999", "best.Halloween.seconds: 1e999 is out of range"),
        entry("seconds NaN", "\"score\": 12, \"moves\": 20, \"seconds\": NaN", "invalid JSON: expected a value, found 'N'"),
        entry("negative seconds", "\"score\": 12, \"moves\": 20, \"seconds\": -0.5", "out of range"),
        entry("missing seconds", "\"score\": 12, \"moves\": 20", "best.Halloween: missing \"seconds\""),
        entry("control character", "\"score\": 12, \"moves\": 20, \"seconds\": 1, \"x\": \"a\u{01}b\"", "control character"),
    ]
}

extension PersistenceTests {
    /// The promise: never a crash, one clear line naming file and line, the bad file kept aside
    /// byte for byte, and a fresh book that saves normally.
    @Suite struct ScoreBookHostileFileTests {
        static let clock: Double = 1_735_787_045  // 2025-01-02 03:04:05 UTC, seconds since 1970
        static let asideName = "scores.json.corrupt-20250102T030405Z"

        @Test(arguments: HostileScores.all)
        func badContentIsKeptAsideAndNamed(_ hostile: HostileScores) throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            dir.write(hostile.bytes, to: "scores.json")

            let book = ScoreBook(path: path, now: { Self.clock })
            let warning = try #require(book.warning)
            #expect(warning.contains("\(path):\(hostile.line):"), "\(warning)")
            #expect(warning.contains(hostile.reason), "\(warning)")
            #expect(warning.contains("moved it to \(dir.file(Self.asideName))"))
            #expect(!warning.contains("\n"))
            #expect(book.allBests.isEmpty)
            #expect(book.isSavingEnabled)
            #expect(readBytes(dir.file(Self.asideName)) == hostile.bytes)
            #expect(dir.names() == [Self.asideName])

            // A new file starts; the aside file is untouched by it.
            book.record(GameResult(theme: "Food", score: 1, moves: 2, seconds: 3))
            #expect(ScoreBook(path: path).warning == nil)
            #expect(readBytes(dir.file(Self.asideName)) == hostile.bytes)
        }

        @Test func anEarlierAsideFileIsNeverOverwritten() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            for round in 1...3 {
                dir.write("corrupt \(round)", to: "scores.json")
                _ = ScoreBook(path: path, now: { Self.clock })  // same second every time
            }
            #expect(dir.names() == [Self.asideName, Self.asideName + "-2", Self.asideName + "-3"])
            #expect(readBytes(dir.file(Self.asideName)) == Array("corrupt 1".utf8))
            #expect(readBytes(dir.file(Self.asideName + "-2")) == Array("corrupt 2".utf8))
            #expect(readBytes(dir.file(Self.asideName + "-3")) == Array("corrupt 3".utf8))
        }

        @Test func aSymlinkIsMovedAsideAndItsTargetLeftAlone() throws {
            let dir = TemporaryDirectory()
            let good = #"{"version":1,"best":{"Food":{"score":1,"moves":2,"seconds":3}}}"#
            dir.write(good, to: "target.json")
            symlink(dir.file("target.json"), dir.file("scores.json"))

            let book = ScoreBook(path: dir.file("scores.json"), now: { Self.clock })
            #expect(book.warning?.contains("\(dir.file("scores.json")) is a symbolic link") == true)
            #expect(book.allBests.isEmpty)
            #expect(fileType(dir.file(Self.asideName)) == S_IFLNK)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file(Self.asideName)) == dir.file("target.json"))
            book.record(GameResult(theme: "Food", score: 9, moves: 9, seconds: 9))
            #expect(readBytes(dir.file("target.json")) == Array(good.utf8))
            #expect(fileType(dir.file("scores.json")) == S_IFREG)
        }

        @Test func aDirectoryInItsPlaceIsMovedAsideWithItsContents() throws {
            let dir = TemporaryDirectory()
            mkdir(dir.file("scores.json"), 0o755)
            dir.write("keep me", to: "scores.json/inside")
            let book = ScoreBook(path: dir.file("scores.json"), now: { Self.clock })
            #expect(book.warning?.contains("\(dir.file("scores.json")) is a directory, not a regular file") == true)
            #expect(readBytes(dir.file(Self.asideName + "/inside")) == Array("keep me".utf8))
            book.record(GameResult(theme: "Food", score: 1, moves: 1, seconds: 1))
            #expect(ScoreBook(path: dir.file("scores.json")).best(forTheme: "Food") != nil)
        }

        @Test func aFIFOInItsPlaceDoesNotHang() throws {
            let dir = TemporaryDirectory()
            mkfifo(dir.file("scores.json"), 0o644)
            let book = ScoreBook(path: dir.file("scores.json"), now: { Self.clock })
            #expect(book.warning?.contains("is a FIFO (named pipe), not a regular file") == true)
            #expect(fileType(dir.file(Self.asideName)) == S_IFIFO)
        }

        @Test func anEnormousFileIsMovedAsideUnread() throws {
            let dir = TemporaryDirectory()
            // Valid JSON, padded: refused for its size alone, before any parsing.
            let bytes = Array(#"{"version":1,"best":{}}"#.utf8) + [UInt8](repeating: 0x20, count: GuardedRead.sizeLimit)
            dir.write(bytes, to: "scores.json")
            let book = ScoreBook(path: dir.file("scores.json"), now: { Self.clock })
            #expect(book.warning?.contains("is \(bytes.count) bytes, larger than the 1024 KiB limit") == true)
            #expect(readBytes(dir.file(Self.asideName)) == bytes)
        }

        @Test func anUnreadableFileStaysInPlaceAndIsNeverSavedOver() throws {
            let dir = TemporaryDirectory()
            chmod(dir.path, 0o777)  // nobody could replace the file here: only the book's refusal protects it
            let path = dir.file("scores.json")
            let original = Array(#"{"version":1,"best":{"Food":{"score":1,"moves":2,"seconds":3}}}"#.utf8)
            dir.write(original, to: "scores.json")
            chmod(path, 0o000)
            // Warm-up: the forked child should find the runtime's type metadata ready (see ForkedChild).
            _ = ScoreBook(path: dir.file("warm-up.json")).record(GameResult(theme: "Food", score: 1, moves: 1, seconds: 1))
            unlink(dir.file("warm-up.json"))

            let failure = asUnprivilegedUser {
                let book = ScoreBook(path: path, now: { Self.clock })
                guard let warning = book.warning,
                      warning.contains("\(path) cannot be read (Permission denied)"),
                      warning.contains("left it as it is") else { return "warning: \(book.warning ?? "nil")" }
                guard !book.isSavingEnabled else { return "saving still enabled" }
                // The game goes on in memory.
                guard book.record(GameResult(theme: "Food", score: 50, moves: 1, seconds: 1)) == nil,
                      book.best(forTheme: "Food")?.score == 50 else { return "record in memory failed" }
                guard book.warning == warning else { return "warning after record: \(book.warning ?? "nil")" }
                return nil
            }
            #expect(failure == nil)
            chmod(path, 0o644)
            #expect(readBytes(path) == original)
            #expect(dir.names() == ["scores.json"])
        }

        @Test func aFileFromANewerVersionIsKeptAndNotSavedOver() throws {
            let dir = TemporaryDirectory()
            let original = Array("{\n\"version\": 2,\n\"best\": {\"Food\": {\"stars\": 3}}\n}".utf8)
            dir.write(original, to: "scores.json")
            let book = ScoreBook(path: dir.file("scores.json"), now: { Self.clock })
            #expect(book.warning?.contains("\(dir.file("scores.json")):2:12: version 2 was written by a newer memorize-tui") == true)
            #expect(!book.isSavingEnabled)
            book.record(GameResult(theme: "Food", score: 1, moves: 1, seconds: 1))
            #expect(readBytes(dir.file("scores.json")) == original)
            #expect(dir.names() == ["scores.json"])
        }

        @Test func aFileCorruptedWhileRunningIsKeptAsideAtTheNextSave() throws {
            let dir = TemporaryDirectory()
            let path = dir.file("scores.json")
            let book = ScoreBook(path: path, now: { Self.clock })
            book.record(GameResult(theme: "Food", score: 1, moves: 1, seconds: 1))
            dir.write("{oops", to: "scores.json")
            book.record(GameResult(theme: "Food", score: 2, moves: 1, seconds: 1))
            #expect(book.warning?.contains("\(path):1:2: invalid JSON") == true)
            #expect(readBytes(dir.file(Self.asideName)) == Array("{oops".utf8))
            #expect(ScoreBook(path: path).best(forTheme: "Food")?.score == 2)
        }
    }
}
