import Foundation
import MemorizeTestSupport
@testable import MemorizeApp
import TerminalUI
import Testing

/// Faults of the "terminal garbled or output lost" kind: the environment's LINES/COLUMNS, a
/// warning stderr would not take, a recording that fails mid-game.
extension EndToEndTests {
    @Suite("Small faults")
    struct SmallFaults {
        @Test("LINES and COLUMNS in the environment do not override the tty's size", arguments: [
            ["LINES": "30", "COLUMNS": "100"], ["LINES": "99999", "COLUMNS": "99999"], ["LINES": "5", "COLUMNS": "10"],
        ])
        func environmentSizeIsIgnored(_ variables: [String: String]) throws {
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments,
                                          environment: variables)
            defer { session.close() }
            try session.waitForGame()
            let screen = try session.capture()
            // The bottom row is the pane's last line; nothing is drawn past the 80th column.
            #expect(screen.lines.count >= 24 && screen.lines[23].contains("[Shuffle]"), "\(screen.text)")
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0, "\(session.stderrText())")
        }

        @Test("a warning stderr will not take at the end of a live game: the exit status says so",
              arguments: ["/dev/full"])
        func lostWarningIsAFailure(_ stderr: String) throws {
            let config = try EndToEndTests.HostileText.hostileConfig()
            defer { try? FileManager.default.removeItem(atPath: config) }
            let run = try ModesRecordedRun(arguments: ReferenceGame.arguments, environment: ["XDG_CONFIG_HOME": config],
                                           stderr: stderr)
            defer { run.close() }
            try run.session.waitForGame()
            try run.session.sendKeys("q")
            #expect(try run.waitForExit() == 2)
            try run.expectIdenticalModes()
        }

        /// A file-size limit (SIGXFSZ ignored, so writes fail with EFBIG) stands in for a full
        /// disk that fills mid-game: the player is told at once, play goes on, and the file keeps
        /// whole lines only, so it still plays up to the failure.
        @Test("--record failing mid-game: said on screen at once, play goes on, what was written kept")
        func recordingFailsMidGame() throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            let limitKiB = 12
            let run = try ModesRecordedRun(arguments: ReferenceGame.arguments + ["--record", "game.cast"],
                                           setup: "trap '' XFSZ; ulimit -f \(limitKiB)")
            defer { run.close() }
            try run.session.waitForGame()
            try run.session.sendKeys("d")
            try run.session.waitFor("Recording stopped", timeout: 5)
            try run.session.waitForDealToSettle(layout)
            try run.session.sendKeys("Space")
            try run.session.waitUntil("the game to go on (a card turned up)") { screen in
                !Check.isFocusedFaceDown(screen, frame: layout.grid.itemFrames[0])
            }
            try run.session.sendKeys("q")
            #expect(try run.waitForExit() == 2)
            #expect(run.stderrText().contains("incomplete"), "\(run.stderrText())")
            let cast = try Data(contentsOf: run.folder.appendingPathComponent("game.cast"))
            #expect(cast.count > 1000 && cast.count <= limitKiB * 1024, "\(cast.count) bytes")
            #expect(cast.last == UInt8(ascii: "\n"), "the file ends mid-line")
            let lines = cast.split(separator: UInt8(ascii: "\n"))
            #expect(lines.count >= 2)
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil,
                        "not a whole JSON line: \(String(decoding: line.prefix(80), as: UTF8.self))")
            }
        }
    }
}
