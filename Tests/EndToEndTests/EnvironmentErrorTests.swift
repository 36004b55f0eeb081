import Foundation
import TerminalUI
import Testing
import MemorizeTestSupport

extension EndToEndTests {
    @Suite("Environment errors")
    struct EnvironmentErrors {
        var environment: [String: String] {
            var env = ProcessRunner.baseEnvironment
            env["TERM"] = "xterm-256color"
            env["LANG"] = "C.UTF-8"
            return env
        }

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
