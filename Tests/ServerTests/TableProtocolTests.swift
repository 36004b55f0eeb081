import Foundation
import Memorize
import MemorizeLeaderboard
@testable import MemorizeServer
import TableProtocol
import Testing

/// The table channel's frames and messages, the sequencer's rules and the invitation codes,
/// without processes or sockets (TableChannelTests has a real table on a loop).
@Suite struct TableProtocolTests {
    static let messages: [TableMessage] = [
        .intent(.choose(cardID: 7)),
        .hello(TableHello(seat: .seat(1), seed: 42, theme: "Animals", names: ["alice", "bob"], invitation: "ssh -t -p 2222 host join ABCD234", catchUp: 17)),
        .hello(TableHello(seat: .watcher, seed: 0, theme: nil, names: ["alice", nil])),
        .hello(TableHello(seat: .seat(1), seed: 7, theme: "Animals", names: ["alice", "guest"], catchUp: 3, guestSeat: true)),
        .ordered(sequence: 0, TimedIntent(.deal, at: 0, seat: 0)),
        .ordered(sequence: 12, TimedIntent(.choose(cardID: 3), at: 4.125, seat: 1)),
        .status(.seated(seat: 1, name: "Bob Smith")),
        .status(.waiting(seat: 0, seconds: 59, name: "al ice")),
        .status(.watchers(3)),
        .status(.ended(reason: "bob did not come back within 60s")),
    ]

    @Test func everyMessageReadsBackFromItsFrameEvenInPieces() throws {
        var stream: [UInt8] = []
        for message in Self.messages {
            let bytes = try #require(message.frame.bytes)
            #expect(bytes[0] == 1, "version 1")
            #expect(Int(bytes[1]) << 8 | Int(bytes[2]) == bytes.count - 3, "the length counts type and payload")
            stream += bytes
        }
        var decoder = TableFrameDecoder()
        var frames: [TableFrame] = []
        for byte in stream {  // one byte at a time: frames are whole only when their last byte is in
            frames += try decoder.feed([byte]).get()
        }
        #expect(frames.map { TableMessage(frame: $0) } == Self.messages)
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func garbageIsFinal() {
        var decoder = TableFrameDecoder()
        let http = decoder.feed(Array("GET / HTTP/1.1\r\n".utf8))
        #expect(http == .failure(.unsupportedVersion(UInt8(ascii: "G"))))
        // Nothing is believed afterwards, not even a good frame.
        let after = decoder.feed(TableMessage.intent(.choose(cardID: 1)).frame.bytes!)
        #expect(after == .failure(.unsupportedVersion(UInt8(ascii: "G"))))
        var unknown = TableFrameDecoder()
        let kind = unknown.feed([1, 0, 2, 9, 65])
        #expect(kind == .failure(.unknownKind(9)))
        var empty = TableFrameDecoder()
        let zero = empty.feed([1, 0, 0])
        #expect(zero == .failure(.badLength(0)))
    }

    @Test func oversizeFramesAreRefusedFromTheHeaderAlone() {
        var decoder = TableFrameDecoder()
        // The header announces 1025 bytes: refused before any of them is held.
        let big = decoder.feed([1, 0x04, 0x01, 1])
        #expect(big == .failure(.badLength(1025)))
        #expect(decoder.bufferedByteCount == 0)
        #expect(TableFrame(kind: .intent, payload: Array(repeating: 65, count: TableFrame.maximumBodyBytes)).bytes == nil)
        #expect(TableFrame(kind: .intent, payload: Array(repeating: 65, count: TableFrame.maximumBodyBytes - 1)).bytes != nil)
    }

    @Test func payloadsAreStrict() {
        // A seat speaking for another: an intent frame carries a bare intent, never a seat or time.
        #expect(TableMessage(frame: TableFrame(kind: .intent, text: "0.5 1 choose 3")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .intent, text: "choose 3\n")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .intent, payload: [0xFF, 0xFE])) == nil, "not UTF-8")
        #expect(TableMessage(frame: TableFrame(kind: .hello, text: "seat 2\nseed 1\ncatch-up 0")) == nil, "two seats only")
        #expect(TableMessage(frame: TableFrame(kind: .hello, text: "seat 0\nseed 1\ncatch-up 0\nname0 evil\u{1B}[2J")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .status, text: "seated 0 \u{202E}gninrom")) == nil, "bidi")
        #expect(TableMessage(frame: TableFrame(kind: .status, text: "waiting 0 -5 bob")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .status, text: "seated 0 abcdefghijklmnopq")) == nil, "17 characters")
        #expect(TableMessage(frame: TableFrame(kind: .ordered, text: "x 0 0 deal")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .ordered, text: "100000 0 0 deal")) == nil)
    }

    @Test func sequencerStampsTheSeatsOwnSeatAndTheTablesTime() throws {
        var sequencer = TableSequencer()
        let result1 = sequencer.accept(.choose(cardID: 1), from: .seat(0), now: 1)
        #expect(result1 == .failure(.notDealt))
        let dealt = sequencer.deal(now: 10)
        let deal = try #require(dealt)
        #expect(deal == .init(sequence: 0, timed: TimedIntent(.deal, at: 0, seat: 0)))
        let again = sequencer.deal(now: 11)
        #expect(again == nil, "one deal")
        // Out of turn (seat 1 before seat 0 has played): forwarded; the model refuses it everywhere.
        let first = try sequencer.accept(.choose(cardID: 5), from: .seat(1), now: 12.5).get()
        #expect(first == .init(sequence: 1, timed: TimedIntent(.choose(cardID: 5), at: 2.5, seat: 1)))
        let second = try sequencer.accept(.choose(cardID: 6), from: .seat(0), now: 13.0004).get()
        #expect(second == .init(sequence: 2, timed: TimedIntent(.choose(cardID: 6), at: 3, seat: 0)))
        let result2 = sequencer.accept(.choose(cardID: 1), from: .watcher, now: 14)
        #expect(result2 == .failure(.watcherSpoke))
        let result3 = sequencer.accept(.deal, from: .seat(0), now: 14)
        #expect(result3 == .failure(.notASeatsIntent(.deal)))
        let result4 = sequencer.accept(.newGame(theme: "Animals", seed: 1), from: .seat(1), now: 14)
        #expect(result4 == .failure(.notASeatsIntent(.newGame(theme: "Animals", seed: 1))))
        #expect(sequencer.log.count == 3)
    }

    @Test func sequencerBoundsRateAndLength() {
        var sequencer = TableSequencer(limits: .init(maxLogLength: 5, intentsPerSecond: 10, burst: 3))
        _ = sequencer.deal(now: 0)
        var accepted = 0
        for _ in 0..<10 where (try? sequencer.accept(.choose(cardID: 1), from: .seat(0), now: 0).get()) != nil { accepted += 1 }
        #expect(accepted == 3, "the burst, then refused")
        let result5 = sequencer.accept(.choose(cardID: 1), from: .seat(1), now: 0.01)
        #expect(result5 != .failure(.tooFast), "each seat has its own bucket")
        #expect(sequencer.log.count == 5)
        let result6 = sequencer.accept(.choose(cardID: 1), from: .seat(0), now: 5)
        #expect(result6 == .failure(.logFull))
    }

    @Test func codesAreSevenUnambiguousCharactersWithEnoughChance() {
        #expect(TableCode.alphabet.count == 31)
        for confusable in "0O1IL" { #expect(!TableCode.alphabet.contains(confusable)) }
        #expect(Double(TableCode.length) * log2(Double(TableCode.alphabet.count)) >= 30)
        let codes = (0..<200).map { _ in TableCode.random().description }
        #expect(Set(codes).count == 200)
        #expect(codes.allSatisfy { $0.count == 7 && $0.allSatisfy(TableCode.alphabet.contains) })
        #expect(TableCode(typed: "abcd234")?.description == "ABCD234", "case-insensitive")
        #expect(TableCode(typed: "ABCD230") == nil)
        #expect(TableCode(typed: "ABCD23") == nil)
        #expect(TableCode(typed: "ABCD2345") == nil)
    }

    @Test func tableCommandsAreParsedFromATable() throws {
        #expect(SessionCommand.parse(command: "new --theme Animals --ascii", displayName: "al")
                == .success(.newTable(theme: "Animals", displayFlags: ["--ascii"])))
        // A theme of the opener's own would not exist for the other seat: built-in ones only.
        guard case .failure(let ownTheme) = SessionCommand.parse(command: "new --theme MyOwnTheme", displayName: nil) else {
            Issue.record("new --theme MyOwnTheme accepted")
            return
        }
        #expect(ownTheme.description.contains("built-in") && ownTheme.description.contains("Animals"))
        #expect(SessionCommand.parse(command: "new --theme animals", displayName: nil)
                == .success(.newTable(theme: "Animals", displayFlags: [])))
        #expect(SessionCommand.parse(command: "join abcd234 --no-color", displayName: nil)
                == .success(.join(code: "abcd234", displayFlags: ["--no-color"])))
        #expect(SessionCommand.parse(command: "watch ABCD234", displayName: nil) == .success(.watch(code: "ABCD234", displayFlags: [])))
        #expect(SessionCommand.parse(command: "--theme Animals", displayName: nil) == .success(.play(["--theme", "Animals"])))
        for flag in ["--players 2", "--opponent hard", "--names a,b", "--players=1"] {
            guard case .failure(let refusal) = SessionCommand.parse(command: "new \(flag)", displayName: nil) else {
                Issue.record("new \(flag) accepted")
                continue
            }
            #expect(refusal.description.contains("makes no sense at a table"))
        }
        for command in ["new --inspect", "watch ABCD234 --inspect"] {
            guard case .failure(let refusal) = SessionCommand.parse(command: command, displayName: nil) else {
                Issue.record("\(command) accepted")
                continue
            }
            #expect(refusal.description.contains("shows every card's face"))
        }
        // The deal is the server's: a seed from the opener (or a joiner) is refused like --inspect.
        for command in ["new --seed 7", "new --theme Animals --seed=7", "join ABCD234 --seed 3", "watch ABCD234 --seed 3"] {
            guard case .failure(let refusal) = SessionCommand.parse(command: command, displayName: nil) else {
                Issue.record("\(command) chose the seed")
                continue
            }
            #expect(refusal.description.contains("--seed is not offered at a table"), "\(command): \(refusal)")
        }
        guard case .failure(let refusal) = SessionCommand.parse(command: "join ABCD234 --theme Animals", displayName: nil) else {
            Issue.record("join chose the theme")
            return
        }
        #expect(refusal.description.contains("the table's to choose"))
        // Only the server names the table channel.
        for command in ["--table-channel 3", "new --table-channel 3", "join ABCD234 --table-channel=3"] {
            guard case .failure = SessionCommand.parse(command: command, displayName: nil) else {
                Issue.record("\(command) accepted")
                continue
            }
        }
        #expect(SessionCommand.parse(command: "join", displayName: nil) != .success(.join(code: "", displayFlags: [])))
    }
}

/// A server's daily run's report over the same framing: larger than a frame, so it travels as
/// parts of whole lines and an end that counts them (DailyReport, DailyReportAssembler).
extension TableProtocolTests {
    static let today = DailyDate(secondsSince1970: 1_764_115_200)!   // 2025-11-26

    /// A report as long as a game's record may be (GameRecord.maximumIntents): well over one frame.
    static func longReport() -> DailyReport {
        let lines = (0..<GameRecord.maximumIntents).map { TimedIntent(.choose(cardID: $0 % 40), at: Double($0) * 0.75).line }
        return DailyReport(date: today, score: -1234, moves: 2048, intents: lines.joined(separator: "\n"))
    }

    @Test func aDailyReportCrossesInWholeLinePartsAndReadsBack() throws {
        let report = Self.longReport()
        #expect(DailyReport(text: report.text) == report)
        let messages = report.messages
        #expect(messages.count > 50, "parts of at most one frame each")
        var stream: [UInt8] = []
        for message in messages {
            let bytes = try #require(message.frame.bytes, "every part fits a frame")
            stream += bytes
        }
        var decoder = TableFrameDecoder()
        var assembler = DailyReportAssembler(maximumBytes: DailyReportLink.maximumReportBytes)
        var received: [DailyReport] = []
        for start in stride(from: 0, to: stream.count, by: 4093) {   // pieces that cut frames anywhere
            for frame in try decoder.feed(stream[start..<min(stream.count, start + 4093)]).get() {
                let message = try #require(TableMessage(frame: frame))
                if let report = try assembler.take(message).get() { received.append(report) }
            }
        }
        #expect(received == [report])
        #expect(assembler.heldBytes == 0)
        // The bound is the board's log bound plus the header: the longest record fits it.
        #expect(DailyReportLink.maximumReportBytes == LeaderboardLimits.maximumIntentLogBytes + DailyReport.headerBytes)
        #expect(report.text.utf8.count <= DailyReportLink.maximumReportBytes)
    }

    @Test func anOversizeReportIsRefused() {
        var assembler = DailyReportAssembler(maximumBytes: DailyReportLink.maximumReportBytes)
        let part = TableMessage.reportPart(String(repeating: "0.0 0 deal\n", count: 90))   // 990 bytes
        var refusal: DailyReportAssembler.Problem?
        for _ in 0..<400 {   // 396,000 bytes, over 256 KiB + the header
            if case .failure(let problem) = assembler.take(part) {
                refusal = problem
                break
            }
        }
        #expect(refusal?.description.contains("over \(DailyReportLink.maximumReportBytes) bytes") == true, "\(String(describing: refusal))")
        #expect(assembler.heldBytes == 0, "nothing held after the refusal")
        // One frame that announces more than a frame may hold: refused from its header alone.
        var decoder = TableFrameDecoder()
        #expect(decoder.feed([1, 0xFF, 0xFF, TableFrame.Kind.reportPart.rawValue]) == .failure(.badLength(0xFFFF)))
    }

    @Test func aReportIsStrict() throws {
        // A part that ends inside a line, an end that is not a count: not report messages.
        #expect(TableMessage(frame: TableFrame(kind: .reportPart, text: "0.0 0 de")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .reportEnd, text: "12a")) == nil)
        #expect(TableMessage(frame: TableFrame(kind: .reportEnd, text: "")) == nil)
        // An end that miscounts, text that is not a report, a table's message: problems.
        var miscounted = DailyReportAssembler(maximumBytes: 1000)
        _ = miscounted.take(.reportPart("memorize-daily-report 1\n"))
        #expect(throws: DailyReportAssembler.Problem.self) { try miscounted.take(.reportEnd(byteCount: 3)).get() }
        var garbage = DailyReportAssembler(maximumBytes: 1000)
        _ = garbage.take(.reportPart("GET / HTTP/1.1\n"))
        #expect(throws: DailyReportAssembler.Problem.self) { try garbage.take(.reportEnd(byteCount: 15)).get() }
        var table = DailyReportAssembler(maximumBytes: 1000)
        #expect(throws: DailyReportAssembler.Problem.self) { try table.take(.intent(.deal)).get() }
        // Header lines that are almost right.
        for text in ["memorize-daily-report 2\ndate 2025-11-26\nscore 1\nmoves 1\n",
                     "memorize-daily-report 1\ndate 2025-13-26\nscore 1\nmoves 1\n",
                     "memorize-daily-report 1\ndate 2025-11-26\nscore 1e3\nmoves 1\n",
                     "memorize-daily-report 1\ndate 2025-11-26\nscore 1\nmoves 99999999999\n",
                     "memorize-daily-report 1\ndate 2025-11-26\nscore 1\nmoves 1"] {
            #expect(DailyReport(text: text) == nil, "\(text)")
        }
        let empty = try #require(DailyReport(text: "memorize-daily-report 1\ndate 2025-11-26\nscore 0\nmoves 0\n"))
        #expect(empty.intents == "" && empty.text == "memorize-daily-report 1\ndate 2025-11-26\nscore 0\nmoves 0\n")
    }

    /// Whatever user name the server accepts, its table name is one every reader of the channel
    /// takes in a hello and in each status frame, and one the game's --names keeps unchanged.
    @Test func everyNeutralisedNameCrossesTheChannel() throws {
        var generator = SeededRandomNumberGenerator(seed: 35)
        var names = ServerTests.Tables.hostileNames.map(\.userName) + ["a b", " lead", "trail ", "a,b", ",", "--", "- x", "x\u{0301}\u{0301}"]
        for _ in 0..<2000 {
            let length = Int.random(in: 1...24, using: &generator)
            names.append(String(String.UnicodeScalarView((0..<length).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) ?? "-"
            })))
        }
        for userName in names {
            let name = TableName.neutralised(userName) ?? TableName.fallback
            let messages: [TableMessage] = [
                .hello(TableHello(seat: .watcher, seed: 1, theme: nil, names: [name, name])),
                .status(.seated(seat: 1, name: name)),
                .status(.waiting(seat: 0, seconds: 60, name: name)),
            ]
            for message in messages {
                let frame = message.frame
                #expect(frame.payload.count < TableFrame.maximumBodyBytes)
                #expect(TableMessage(frame: frame) == message, "\(userName.debugDescription) as \(name.debugDescription)")
            }
            #expect(!name.hasPrefix("-") && !name.contains(",") && name.first?.isWhitespace != true && name.last?.isWhitespace != true)
        }
    }
}
