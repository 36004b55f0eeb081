import Foundation
import Testing
@testable import TerminalUI

/// An asciicast v2 file as a player reads it: every line must be JSON, the header first.
struct Asciicast {
    struct Failure: Error, CustomStringConvertible { var description: String }

    struct Event: Equatable {
        var time: Double
        var code: String
        var data: String
    }

    var width: Int
    var height: Int
    var header: [String: Any]
    var events: [Event]

    init(path: String) throws {
        try self.init(text: String(contentsOfFile: path, encoding: .utf8))
    }

    init(text: String) throws {
        var lines = text.components(separatedBy: "\n")
        guard lines.last == "" else { throw Failure(description: "the file does not end with a newline") }
        lines.removeLast()
        guard let first = lines.first else { throw Failure(description: "empty file") }
        guard let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any] else {
            throw Failure(description: "the header is not a JSON object: \(first)")
        }
        guard header["version"] as? Int == 2, let width = header["width"] as? Int, let height = header["height"] as? Int else {
            throw Failure(description: "not an asciicast v2 header: \(first)")
        }
        self.header = header
        self.width = width
        self.height = height
        events = try lines.dropFirst().enumerated().map { index, line in
            guard let array = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], array.count == 3,
                  let time = (array[0] as? NSNumber)?.doubleValue, let code = array[1] as? String, let data = array[2] as? String
            else { throw Failure(description: "line \(index + 2) is not [time, code, data]: \(line.prefix(80))") }
            return Event(time: time, code: code, data: data)
        }
    }

    var term: String? { (header["env"] as? [String: Any])?["TERM"] as? String }
    var output: String { events.filter { $0.code == "o" }.map(\.data).joined() }
    var resizes: [Event] { events.filter { $0.code == "r" } }
    var isMonotonic: Bool { zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time } }
}

@Suite struct RecordAsciicastTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("memorize-record-\(getpid())-\(name)").path
    }

    @Test func headerEventsAndEscapingParseAsJSON() throws {
        let path = temporaryPath("writer.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try AsciicastWriter(path: path)
        writer.writeHeader(size: Size(width: 80, height: 24), timestamp: 1_700_000_000, term: "xterm-256color")
        let tricky: [UInt8] = Array("\u{1B}[1;31m\"quote\" back\\slash\r\n\t👻╭─╮\u{7}\u{7F}".utf8)
        writer.output(tricky, at: 0)
        writer.output([], at: 0.1)                        // nothing sent: no event
        writer.resize(Size(width: 100, height: 30), at: 1.5)
        writer.output(Array("x".utf8), at: 1.25)         // a clock that steps back never shows
        writer.close()

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\":2,\"width\":80,\"height\":24,\"timestamp\":1700000000,\"env\":{\"TERM\":\"xterm-256color\"}}\n"))
        let cast = try Asciicast(text: text)
        #expect(cast.width == 80 && cast.height == 24 && cast.term == "xterm-256color")
        #expect(cast.events == [
            .init(time: 0, code: "o", data: String(decoding: tricky, as: UTF8.self)),
            .init(time: 1.5, code: "r", data: "100x30"),
            .init(time: 1.5, code: "o", data: "x"),
        ])
        #expect(text.contains("[0.000000, \"o\", \"\\u001b[1;31m\\\"quote\\\" back\\\\slash\\r\\n\\t👻╭─╮\\u0007\\u007f\"]"))
    }

    @Test func headerWithoutTimestamp() throws {
        let path = temporaryPath("notime.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try AsciicastWriter(path: path)
        writer.writeHeader(size: Size(width: 40, height: 10), timestamp: nil, term: "xterm-256color")
        writer.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"version\":2,\"width\":40,\"height\":10,\"env\":{\"TERM\":\"xterm-256color\"}}\n")
    }

    @Test func secondsHaveSixDecimals() {
        #expect(AsciicastWriter.seconds(0) == "0.000000")
        #expect(AsciicastWriter.seconds(1.0 / 30) == "0.033333")
        #expect(AsciicastWriter.seconds(2.5) == "2.500000")
        #expect(AsciicastWriter.seconds(123.0000004) == "123.000000")
        #expect(AsciicastWriter.seconds(0.0000006) == "0.000001")
        #expect(AsciicastWriter.seconds(-1) == "0.000000")
    }

    @Test func unwritablePathsFailWithTheReason() throws {
        #expect(throws: AsciicastError(path: "/nonexistent-dir/x.cast", reason: "No such file or directory")) {
            _ = try AsciicastWriter(path: "/nonexistent-dir/x.cast")
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: AsciicastError(path: directory, reason: "Is a directory")) { _ = try AsciicastWriter(path: directory) }
        let error = AsciicastError(path: "/a/b.cast", reason: "Permission denied")
        #expect(error.message(program: "memorize-tui") == "memorize-tui: cannot write the recording to /a/b.cast: Permission denied")
    }
}
