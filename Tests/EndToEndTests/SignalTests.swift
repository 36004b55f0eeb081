import Foundation
import Memorize
@testable import MemorizeApp
import MemorizeTestSupport
import TerminalUI
import Testing

/// Signals at any moment, against whichever binary is under test (CI runs these against the
/// release build too: the optimizer once made termination signals vanish mid-animation).
extension EndToEndTests {
    @Suite("Signals")
    struct Signals {
        /// Where the game is when the signal lands.
        enum Moment: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case idle, dealing, midFlip, bonusPie, chooser, editor
            var testDescription: String { rawValue }
        }

        /// Random delays within each moment, reproducible: MEMORIZE_SIGNAL_SEED picks another run.
        static let seed: UInt64 = ProcessInfo.processInfo.environment["MEMORIZE_SIGNAL_SEED"].flatMap { UInt64($0) } ?? 20_261_124

        /// Brings a fresh game to `moment`, then waits a random part of that moment's length.
        static func reach(_ moment: Moment, in session: TmuxSession, layout: GameLayout,
                          random: inout SeededRandomNumberGenerator) throws {
            try session.waitForGame()
            func pause(upTo seconds: Double) {
                usleep(UInt32(Double(random.next() % 1000) / 1000 * seconds * 1_000_000))
            }
            switch moment {
            case .idle:
                pause(upTo: 0.2)
            case .dealing:
                try session.sendKeys("d")
                try session.waitUntil("the deal to be under way") { !$0.isBlank(layout.grid.itemFrames[0]) }
                pause(upTo: 1.8)
            case .midFlip, .bonusPie:
                try session.sendKeys("d")
                try session.waitForDealToSettle(layout)
                try session.sendKeys("Space")
                pause(upTo: moment == .midFlip ? 0.45 : 0)
                if moment == .bonusPie {
                    usleep(600_000)                  // the flip is over; the pie runs for 6 s
                    pause(upTo: 3)
                }
            case .chooser:
                try session.sendKeys("t")
                try session.waitFor("Themes")
                pause(upTo: 0.2)
            case .editor:
                try session.sendKeys("t")
                try session.waitFor("Themes")
                try session.sendKeys("a")
                try session.waitFor("New theme")
                pause(upTo: 0.2)
            }
        }

        @Test("SIGTERM, SIGHUP, SIGINT at a random point of each moment: exit 0, terminal restored",
              arguments: Moment.allCases)
        func terminationAtAnyMoment(_ moment: Moment) throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            var random = SeededRandomNumberGenerator(seed: Self.seed &+ UInt64(Moment.allCases.firstIndex(of: moment)!))
            for signal in [SIGTERM, SIGHUP, SIGINT] {
                let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments)
                defer { session.close() }
                try Self.reach(moment, in: session, layout: layout, random: &random)
                #expect(kill(try session.appPID(), signal) == 0)
                try session.expectTerminalRestored(exitCode: [0])
                try session.expectCookedModes()
            }
        }

        @Test("signals whose default kills: terminal restored, then death by that signal",
              arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF])
        func fatalSignals(_ signal: Int32) throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            var random = SeededRandomNumberGenerator(seed: Self.seed &+ UInt64(signal))
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments,
                                          environment: ["SWIFT_BACKTRACE": "enable=no"])
            defer { session.close() }
            try Self.reach(.dealing, in: session, layout: layout, random: &random)
            #expect(kill(try session.appPID(), signal) == 0)
            try session.expectTerminalRestored(exitCode: [128 + signal])
            try session.expectCookedModes()
        }

        /// Ctrl-Z and `kill -TSTP` under a shell with job control: the shell gets a restored terminal,
        /// `fg` brings the game back exactly as it was, twice over, and `q` still exits 0.
        @Test("Ctrl-Z and SIGTSTP suspend like vim; fg repaints the game as it was", arguments: ["key", "signal"])
        func suspendAndResume(_ how: String) throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            let shell = try JobControlShell(size: Check.size80x24)
            defer { shell.close() }
            try shell.run(try BinaryUnderTest.path(), ReferenceGame.arguments)
            try shell.session.waitForGame()
            try shell.session.sendKeys("d")
            try shell.session.waitForDealToSettle(layout)
            let before = try shell.session.capture()
            for _ in 0..<2 {
                if how == "key" { try shell.session.sendKeys("C-z") } else { #expect(kill(try shell.appPID(), SIGTSTP) == 0) }
                try shell.session.waitFor("Stopped")
                let flags = try shell.session.waitForFlags("the terminal given back") { !$0.alternateOn && !$0.mouseAny && $0.cursorVisible }
                #expect(!flags.alternateOn && !flags.mouseAny && flags.cursorVisible, "\(flags)")
                // (tty modes are not checked here: at its prompt bash's readline sets its own.)
                try shell.session.sendLiteral("fg")
                try shell.session.sendKeys("Enter")
                _ = try shell.session.waitForFlags("the game back on screen") { $0.alternateOn && $0.mouseAny && !$0.cursorVisible }
                let after = try shell.session.waitUntil("the same screen as before the suspend") { $0.text == before.text }
                #expect(after.text == before.text)
            }
            try shell.session.sendKeys("q")
            #expect(try shell.exitStatus() == 0)
        }
    }
}

extension TmuxSession {
    /// The pane's terminal is back in the modes a shell expects: canonical input, echo, signals.
    func expectCookedModes(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let tty = try display("#{pane_tty}")
        let result = try ProcessRunner.run("/bin/stty", ["-a", "-F", tty], environment: ProcessRunner.baseEnvironment)
        let words = Set(result.stdoutText.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        for mode in ["icanon", "echo", "isig", "icrnl", "opost"] {
            #expect(words.contains(mode), "tty mode \(mode) not restored: \(result.stdoutText)", sourceLocation: sourceLocation)
        }
    }
}

/// An interactive bash with job control in a tmux pane: Ctrl-Z stops only under such a shell
/// (the kernel discards SIGTSTP for an orphaned process group, as under `sh -c`).
final class JobControlShell {
    let session: TmuxSession
    private let statusFile: String

    init(size: Size) throws {
        session = try TmuxSession(size: size, term: "xterm-256color", shell: "PS1='$ ' exec bash --norc --noprofile -i")
        statusFile = session.directory.appendingPathComponent("status").path
        try session.waitUntil("the shell prompt") { $0.contains("$") }
    }

    /// Types `executable arguments` at the prompt (the process becomes the shell's job).
    func run(_ executable: String, _ arguments: [String]) throws {
        let env = "env TERM=xterm-256color LANG=C.UTF-8 NCURSES_NO_UTF8_ACS=1 XDG_CONFIG_HOME=\(shellQuote(session.directory.path + "/config")) XDG_STATE_HOME=\(shellQuote(session.directory.path + "/state"))"
        try session.sendLiteral(env + " " + ([executable] + arguments).map(shellQuote).joined(separator: " "))
        try session.sendKeys("Enter")
    }

    func appPID() throws -> pid_t { try session.appPID() }

    /// After the job has ended: the status the shell saw.
    func exitStatus(timeout: Double = 5) throws -> Int32 {
        // Typed before the game has gone, the shell's next command would be read by the game.
        let gone = Date().addingTimeInterval(timeout)
        while let pid = try? session.appPID(timeout: 0), kill(pid, 0) == 0 {
            if Date() >= gone { throw TmuxSession.Failure(description: "the game still runs \(timeout) s after it was told to quit") }
            usleep(20_000)
        }
        try session.sendLiteral("echo $? > \(shellQuote(statusFile))")
        try session.sendKeys("Enter")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: statusFile, encoding: .utf8), let code = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return code
            }
            usleep(20_000)
        }
        throw TmuxSession.Failure(description: "the shell did not report the game's exit status")
    }

    func close() { session.close() }
}
