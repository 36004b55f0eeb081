import Foundation
import TerminalUI
import Testing
import MemorizeTestSupport

extension EndToEndTests {
    @Suite("Environment errors")
    struct EnvironmentErrors {
        var environment: [String: String] { ProcessRunner.utf8Environment }

        @Test("stdin not a tty: exit 2, one line on stderr about the terminal, nothing on stdout")
        func stdinNotATerminal() throws {
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--seed", "42"], environment: environment)
            #expect(result.status == 2, "exit code; stderr: \(result.stderrText)")
            #expect(result.stdout.isEmpty, "stdout must stay empty (no escape bytes), got \(Array(result.stdout.prefix(40)))")
            #expect(result.stderrLines.count == 1, "exactly one line on stderr, got: \(result.stderrText)")
            #expect(result.stderrText.contains("terminal"), "the line should say a terminal is needed: \(result.stderrText)")
            #expect(!result.stderr.contains(0x1B), "no escape bytes on stderr either")
        }

        @Test("an unknown flag: exit 2 with argument-parser's message and usage")
        func bogusFlag() throws {
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--bogus-flag"], environment: environment)
            #expect(result.status == 2, "usage errors exit 2 (not argument-parser's 64); stderr: \(result.stderrText)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines.first == "Error: Unknown option '--bogus-flag'", "stderr: \(result.stderrText)")
            #expect(result.stderrText.contains("Usage: memorize-tui"), "stderr: \(result.stderrText)")
        }

        /// Inside tmux, so stdin and stdout are a real tty and only TERM is wrong.
        @Test("TERM=dumb or an unknown TERM in a real tty: exit 2, one clear line, the screen untouched",
              arguments: ["dumb", "no-such-terminal-e2e"])
        func badTerm(_ term: String) throws {
            let session = try TmuxSession(size: Check.size80x24, term: term, arguments: ReferenceGame.arguments)
            defer { session.close() }
            let code = try session.waitForExit()
            #expect(code == 2, "exit code for TERM=\(term); stderr: \(session.stderrText())")
            let stderr = session.stderrText()
            let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1, "exactly one line on stderr, got: \(stderr)")
            #expect(stderr.contains("TERM=\(term)"), "the line should name the TERM: \(stderr)")
            let flags = try session.flags()
            #expect(!flags.alternateOn && !flags.mouseAny, "the terminal must not be touched: \(flags)")
            let screen = try session.capture()
            #expect(screen.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    "nothing may be drawn (stdout) when TERM is unusable:\n\(screen)")
        }
    }
}

extension EndToEndTests {
    /// Numbers a user can set are bounded the same way everywhere, with a clear message.
    @Suite("Bounds")
    struct Bounds {
        var environment: [String: String] { ProcessRunner.utf8Environment }

        @Test("bad --fps, --seed and --size: exit 2 and a line naming the flag and the value", arguments: [
            (["--fps", "-5"], "--fps must be between 1 and 120, not -5"),
            (["--seed", "-1"], "'-1' is invalid for '--seed"),
            (["--headless", "--script", "x.keys", "--size", "100000x100000"], "--size must look like 80x24, each side 1...1000"),
            (["--headless", "--script", "x.keys", "--size", "9223372036854775807x5"], "each side 1...1000"),
            (["--headless", "--script", "x.keys", "--size", "0x5"], "each side 1...1000"),
            (["--players", "3"], "--players must be 1 or 2, not 3"),
            (["--players", "-1"], "--players must be 1 or 2, not -1"),
            (["--opponent", "nightmare"], "--opponent must be one of easy|medium|hard, not \"nightmare\""),
            (["--players", "1", "--opponent", "hard"], "it needs 2 players"),
            (["--names", "Ann,Bob"], "--names needs --players 2 or --opponent LEVEL"),
            (["--players", "2", "--names", "Ann,Bob,Cy"], "at most 2"),
            (["--players", "2", "--names", String(repeating: "x", count: 100_000)], "longer than 16 characters"),
            (["--opponent", "h\u{1B}]0;pwned\u{7}ard"], "not \"h?]0;pwned?ard\""),
        ])
        func badNumbers(arguments: [String], message: String) throws {
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), arguments, environment: environment)
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains(message), "\(result.stderrText)")
            #expect(!result.stderrText.contains("Missing value"), "\(result.stderrText)")
        }

        @Test("--size and a key script's size that disagree are refused, not silently resolved")
        func sizeConflict() throws {
            let path = NSTemporaryDirectory() + "size-conflict-\(getpid()).keys"
            try "size 80x24\nkey d\n".write(toFile: path, atomically: true, encoding: .utf8)
            defer { unlink(path) }
            let conflict = try ProcessRunner.run(try BinaryUnderTest.path(), ["--headless", "--script", path, "--size", "100x30"],
                                                 environment: environment)
            #expect(conflict.status == 2)
            #expect(conflict.stderrText.contains("--size 100x30 disagrees with `size 80x24`"), "\(conflict.stderrText)")
            let agree = try ProcessRunner.run(try BinaryUnderTest.path(), ["--headless", "--script", path, "--size", "80x24"],
                                              environment: environment)
            #expect(agree.status == 0, "\(agree.stderrText)")
        }

        @Test("--help says --list-themes prints the player's themes too")
        func helpText() throws {
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--help"], environment: environment)
            #expect(result.stdoutText.contains("Print every theme, built-in and yours"), "\(result.stdoutText)")
        }
    }

    /// Warnings found while the screen is up reach stderr once the terminal is back, whatever
    /// TMPDIR is: a corrupt scores file moved aside at start-up, and bad settings.
    @Suite("Warnings at exit")
    struct WarningsAtExit {
        @Test(arguments: ["/nonexistent-tmp", "/proc"])
        func heldWarningsArePrintedAfterTheGame(tmpdir: String) throws {
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments,
                                          environment: ["TMPDIR": tmpdir]) { directory in
                let state = directory.appendingPathComponent("state/memorize-tui")
                let config = directory.appendingPathComponent("config/memorize-tui")
                try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
                try "{\"bad".write(to: state.appendingPathComponent("scores.json"), atomically: true, encoding: .utf8)
                try "{\"themeChooserAtStart\": 5}".write(to: config.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
            }
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("q")
            try session.expectTerminalRestored(exitCode: [0])
            let stderr = session.stderrText()
            #expect(stderr.contains("scores.json:1:") && stderr.contains("moved it to"), "\(stderr)")
            #expect(stderr.contains("settings.json:1:") && stderr.contains("themeChooserAtStart"), "\(stderr)")
        }
    }
}
