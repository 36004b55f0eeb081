import Foundation
@testable import MemorizeApp
import TerminalUI
import Testing

extension EndToEndTests {
    @Suite("Exit paths")
    struct ExitPaths {
        enum Path: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case q, ctrlC, sigterm, sighup, sigtermWhileAnimating, qWhileTooSmall
            var testDescription: String { rawValue }
        }

        @Test("every way out writes an exit code and gives the terminal back", arguments: Path.allCases)
        func exitRestoresTheTerminal(_ path: Path) throws {
            let reference = try ReferenceGame()
            let layout = reference.layout(Check.size80x24)
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments)
            defer { session.close() }
            try session.waitForGame()
            let running = try session.flags()
            #expect(running.alternateOn && running.mouseAny && !running.cursorVisible,
                    "while the game runs: alternate screen, mouse on, cursor hidden; got \(running)")

            // Every way out here is a normal quit: exit 0 and the terminal back.
            let expected: Set<Int32> = [0]
            switch path {
            case .q:
                try session.sendKeys("q")
            case .ctrlC:
                try session.sendKeys("C-c")
            case .sigterm, .sighup:
                // Idle: the app is blocked reading input with no timeout.
                let signal = path == .sigterm ? SIGTERM : SIGHUP
                #expect(kill(try session.appPID(), signal) == 0)
            case .sigtermWhileAnimating:
                try session.sendKeys("d")
                try session.waitUntil("the deal to be under way") { !$0.isBlank(layout.grid.itemFrames[0]) }
                #expect(kill(try session.appPID(), SIGTERM) == 0)
            case .qWhileTooSmall:
                try session.resize(to: Size(width: 30, height: 10))
                try session.waitFor("Terminal too small (30x10)")
                try session.sendKeys("q")
            }
            try session.expectTerminalRestored(exitCode: expected)
            #expect(session.stderrText().isEmpty, "nothing on stderr after a clean exit: \(session.stderrText())")
        }

        /// A crash must give the terminal back before the process dies. A Swift fatal error or
        /// failed precondition stops the process with SIGILL or SIGTRAP; a bad pointer with
        /// SIGSEGV/SIGBUS; abort() with SIGABRT. Sending those signals takes the same path.
        @Test("a crash still gives the terminal back", arguments: [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE])
        func crashRestoresTheTerminal(_ signal: Int32) throws {
            let reference = try ReferenceGame()
            let layout = reference.layout(Check.size80x24)
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color",
                                          arguments: ReferenceGame.arguments, environment: ["SWIFT_BACKTRACE": "enable=no"])
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("d")
            try session.waitUntil("the deal to be under way") { !$0.isBlank(layout.grid.itemFrames[0]) }
            #expect(kill(try session.appPID(), signal) == 0)
            // The process dies by the signal (the shell reports 128 + signal), never exits cleanly.
            try session.expectTerminalRestored(exitCode: [128 + signal])
        }
    }
}
