import Foundation
import Memorize
@testable import MemorizeApp
import MemorizeTestSupport
import TerminalUI
import Testing

/// The promise is "identical", not "sane": `stty -g` before and after, byte for byte, and every
/// mode the game turned on turned off again, on every way out (CI runs these on the release build).
extension EndToEndTests {
    @Suite("Exact restores")
    struct ExactRestores {
        enum Path: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case q, ctrlC
            case sigtermMidDeal, sighupMidDeal, sigintMidDeal
            case sigtermMidFlip, sighupMidFlip, sigintMidFlip
            case sigquit, crash, failedWrite
            var testDescription: String { rawValue }
        }

        @Test("stty -g identical and modes off after each way out", arguments: Path.allCases)
        func exactAfter(_ path: Path) throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            let extra = path == .failedWrite ? ["--record", "/dev/full"] : []
            let run = try ModesRecordedRun(arguments: ReferenceGame.arguments + extra)
            defer { run.close() }
            let session = run.session
            // A recording that cannot be written says so at once, over the title row.
            if path == .failedWrite { try session.waitFor("Recording stopped") } else { try session.waitForGame() }
            var random = SeededRandomNumberGenerator(seed: Signals.seed &+ UInt64(Path.allCases.firstIndex(of: path)!))
            var expected: Int32 = 0
            switch path {
            case .q:
                try session.sendKeys("q")
            case .ctrlC:
                try session.sendKeys("C-c")
            case .sigtermMidDeal, .sighupMidDeal, .sigintMidDeal, .sigtermMidFlip, .sighupMidFlip, .sigintMidFlip:
                let midDeal = [.sigtermMidDeal, .sighupMidDeal, .sigintMidDeal].contains(path)
                try Signals.reach(midDeal ? .dealing : .midFlip, in: session, layout: layout, random: &random)
                let signal = [.sigtermMidDeal, .sigtermMidFlip].contains(path) ? SIGTERM
                    : [.sighupMidDeal, .sighupMidFlip].contains(path) ? SIGHUP : SIGINT
                #expect(kill(try session.appPID(), signal) == 0)
            case .sigquit:
                try Signals.reach(.dealing, in: session, layout: layout, random: &random)
                #expect(kill(try session.appPID(), SIGQUIT) == 0)
                expected = 128 + SIGQUIT
            case .crash:
                // The crash guard's path: what a Swift trap or a bad pointer raises.
                try Signals.reach(.midFlip, in: session, layout: layout, random: &random)
                #expect(kill(try session.appPID(), SIGSEGV) == 0)
                expected = 128 + SIGSEGV
            case .failedWrite:
                try session.sendKeys("d")
                try session.sendKeys("q")
                expected = 2
            }
            #expect(try run.waitForExit() == expected, "stderr: \(run.stderrText())")
            try run.expectIdenticalModes()
            try session.expectModesOff()
        }

        /// The pty going away (the terminal window closed): the game ends at once, quietly. There
        /// is no terminal left to compare, so "exact" here means it exits and leaves no process.
        @Test("pty closed under the game: it exits")
        func ptyClosed() throws {
            let run = try ModesRecordedRun(arguments: ReferenceGame.arguments)
            defer { run.close() }
            try run.session.waitForGame()
            let pid = try run.session.appPID()
            try run.session.tmux(["kill-session", "-t", "S"])
            let deadline = Date().addingTimeInterval(5)
            while kill(pid, 0) == 0 && Date() < deadline { usleep(20_000) }
            #expect(kill(pid, 0) != 0, "the game outlived its terminal")
        }

        /// Ctrl-Z then `bg`: the game, continued in the background, must not touch the terminal
        /// (modes stay the shell's) until `fg`; then the game is back and `q` quits. Also the
        /// plain Ctrl-Z, `fg`, `q`. Modes are compared with `stty -g` run at the prompt (readline
        /// sets its own while it edits a line).
        @Test("Ctrl-Z, [bg,] fg, q: the shell's stty -g unchanged throughout", arguments: [false, true])
        func suspendPaths(_ background: Bool) throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            let shell = try JobControlShell(size: Check.size80x24)
            defer { shell.close() }
            let before = try shell.sttyAtPrompt("before")
            try shell.run(try BinaryUnderTest.path(), ReferenceGame.arguments)
            try shell.session.waitForGame()
            try shell.session.sendKeys("d")
            try shell.session.waitForDealToSettle(layout)
            let game = try shell.session.capture()
            try shell.session.sendKeys("C-z")
            try shell.session.waitFor("Stopped")
            if background {
                try shell.session.sendLiteral("bg")
                try shell.session.sendKeys("Enter")
                try shell.session.waitUntil("the job running in the background") { $0.text.contains(" &") }
                usleep(400_000)         // time for a wrong SIGCONT handler to take the terminal back
                let during = try shell.sttyAtPrompt("during")
                #expect(during == before, "stty -g changed while the game ran in the background")
                try shell.session.expectModesOff()
                #expect(!(try shell.session.capture().text.contains("Stopped (tty output)")),
                        "the background game touched the terminal and was stopped for it")
            } else {
                try shell.session.expectModesOff()
            }
            try shell.session.sendLiteral("fg")
            try shell.session.sendKeys("Enter")
            _ = try shell.session.waitForFlags("the game back on screen") { $0.alternateOn && $0.mouseAny && !$0.cursorVisible }
            try shell.session.waitUntil("the game's screen again") { $0.text == game.text }
            let pid = try shell.appPID()
            try shell.session.sendKeys("q")
            // Typed before the game has gone, the shell's next command would be read by the game.
            let deadline = Date().addingTimeInterval(5)
            while kill(pid, 0) == 0 && Date() < deadline { usleep(20_000) }
            do {
                #expect(try shell.exitStatus() == 0)
            } catch {
                Issue.record("\(error); screen:\n\((try? shell.session.capture().text) ?? "")")
                return
            }
            let after = try shell.sttyAtPrompt("after")
            #expect(after == before, "stty -g differs after the game")
            try shell.session.expectModesOff()
        }
    }
}

/// The game in a tmux pane under `sh -c`, with `stty -g` of the pane's tty recorded just before
/// it starts and just after it ends (a plain shell changes no modes in between).
final class ModesRecordedRun {
    let session: TmuxSession
    let folder: URL

    /// `stderr`: where the game's stderr goes (a file in the folder by default); `setup`: bash
    /// commands run first (limits, traps).
    init(arguments: [String], environment: [String: String] = [:], stderr: String? = nil, setup: String = "") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-modes-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "NCURSES_NO_UTF8_ACS": "1", "SWIFT_BACKTRACE": "enable=no",
                   "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                   "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
        for (key, value) in environment { env[key] = value }
        let assignments = env.keys.sorted().map { shellQuote("\($0)=\(env[$0]!)") }.joined(separator: " ")
        // A trapped (not ignored) HUP: the shell outlives a hangup to record the status, while
        // the game inherits the default disposition.
        let script = "trap true HUP; cd \(shellQuote(folder.path)) && stty -g > before; \(setup)\n"
            + "env \(assignments) \(shellQuote(try BinaryUnderTest.path())) " + arguments.map(shellQuote).joined(separator: " ")
            + " 2>\(stderr.map(shellQuote) ?? "stderr"); rc=$?; stty -g > after.tmp; mv after.tmp after; echo $rc > rc.tmp && mv rc.tmp rc; exec sleep 600"
        session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", shell: "exec bash --norc --noprofile -c \(shellQuote(script))")
    }

    func file(_ name: String) -> String? { try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
    func stderrText() -> String { file("stderr") ?? "" }

    func waitForExit(timeout: Double = 6) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let rc = file("rc"), let code = Int32(rc.trimmingCharacters(in: .whitespacesAndNewlines)) { return code }
            usleep(20_000)
        }
        throw TmuxSession.Failure(description: "the game did not exit within \(timeout) s; screen:\n\((try? session.capture().text) ?? "")")
    }

    func expectIdenticalModes(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try #require(file("before"), sourceLocation: sourceLocation)
        let after = try #require(file("after"), sourceLocation: sourceLocation)
        #expect(!before.isEmpty, sourceLocation: sourceLocation)
        #expect(before == after, "stty -g before: \(before) after: \(after)", sourceLocation: sourceLocation)
    }

    func close() {
        session.close()
        try? FileManager.default.removeItem(at: folder)
    }
}

extension TmuxSession {
    /// Mouse reporting off, keypad-transmit off (cursor and keypad application modes), cursor
    /// visible, alternate screen left: as tmux sees the pane.
    func expectModesOff(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let words = try display("#{alternate_on} #{mouse_any_flag} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag}")
            .split(separator: " ").map(String.init)
        #expect(words == ["0", "0", "1", "0", "0"],
                "alternate_on mouse_any cursor keypad_cursor keypad: \(words)", sourceLocation: sourceLocation)
    }
}

extension JobControlShell {
    /// `stty -g` run as a command at the prompt (bash restores its own modes for a command).
    func sttyAtPrompt(_ name: String) throws -> String {
        let path = session.directory.appendingPathComponent("stty-\(name)").path
        try session.sendLiteral("stty -g > \(shellQuote(path)).tmp && mv \(shellQuote(path)).tmp \(shellQuote(path))")
        try session.sendKeys("Enter")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty { return text }
            usleep(20_000)
        }
        throw TmuxSession.Failure(description: "stty -g at the prompt wrote nothing")
    }
}
