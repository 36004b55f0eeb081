import Foundation
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension NcursesTerminalTests {
    // MARK: restore and signals

    @Test func restoreLeavesTheTerminalAsFoundAndIsIdempotent() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let before = pty.modes
        let screen = try makeScreen(pty)
        #expect(pty.modes.c_lflag != before.c_lflag)      // raw, noecho
        _ = pty.drain()
        screen.restore()
        let output = pty.drain()
        #expect(output.contains("\u{1B}[?1006;1000l"))    // mouse off
        #expect(output.contains("\u{1B}[?25h"))           // cursor back
        #expect(output.contains("\u{1B}[?1049l"))         // alternate screen left
        let after = pty.modes
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        screen.restore()
        #expect(pty.drain().isEmpty)
        #expect(screen.nextEvent(timeout: 0) == .terminate)
        screen.present(Canvas(size: Size(width: 5, height: 1)))
        #expect(pty.drain().isEmpty)
    }

    @Test(arguments: [0.5, nil] as [Double?])
    func aTerminalThatHangsUpEndsTheWait(timeout: Double?) throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        pty.closeMaster()
        let clock = SystemClock()
        let start = clock.now
        #expect(screen.nextEvent(timeout: timeout) == .terminate)
        #expect(clock.now - start < 0.4)
    }

    @Test func oneScreenAtATime() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        let other = try PseudoTerminal(columns: 40, rows: 10)
        #expect(throws: TerminalEnvironmentError(.alreadyActive)) { _ = try makeScreen(other) }
        // The refused attempt looked its TERM up; the running screen must still draw correctly.
        _ = pty.drain()
        var canvas = Canvas(size: screen.size)
        canvas.put("still", x: 0, y: 0, style: Style(foreground: .ansi(200)))
        screen.present(canvas)
        let output = pty.drain()
        #expect(output.contains("still") && output.contains("38;5;200m"))
        screen.restore()
        let again = try makeScreen(other)
        again.restore()
    }

    /// SIGTERM sent to the process (it may land on any thread) wakes a waiting nextEvent at once
    /// through the self-pipe, and one that lands before the wait starts is not lost either (the
    /// old check-then-block window). The handlers go back to what they replaced.
    @Test func terminationSignalsReachTheWaitWhenever() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        var previous = sigaction()
        sigaction(SIGTERM, nil, &previous)
        let mask = SignalMask.unblocking([])             // installScreenHandlers unblocks on this thread
        defer { mask.restore() }
        TerminalGuard.installScreenHandlers(terminating: true)
        defer { TerminalGuard.uninstallAll() }
        var installed = sigaction()
        sigaction(SIGTERM, nil, &installed)
        let handler = unsafeBitCast(installed.__sigaction_handler.sa_handler, to: Int.self)
        try #require(handler != unsafeBitCast(SIG_DFL, to: Int.self) && handler != unsafeBitCast(SIG_IGN, to: Int.self))

        // From another thread, while the screen waits with no timeout at all.
        Thread.detachNewThread {
            usleep(200_000)
            kill(getpid(), SIGTERM)
        }
        let clock = SystemClock()
        let start = clock.now
        #expect(screen.nextEvent(timeout: nil) == .terminate)
        #expect(clock.now - start < 2)

        // Before the wait: the request waits in the pipe.
        kill(getpid(), SIGHUP)
        #expect(screen.nextEvent(timeout: nil) == .terminate)
        // Keys typed before it do not hold it back, and nothing is reported twice. (Another thread
        // of the test runner may take the signal: give its handler a moment to write the byte.)
        pty.type("abc")
        kill(getpid(), SIGINT)
        usleep(50_000)
        #expect(screen.nextEvent(timeout: nil) == .terminate)
        #expect(screen.nextEvent(timeout: 0.05) == .key(.character("a")))

        TerminalGuard.uninstallAll()
        var restored = sigaction()
        sigaction(SIGTERM, nil, &restored)
        #expect(unsafeBitCast(restored.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self))
    }

    /// ncurses addresses rows and columns with a C short: past that, say so instead of a vague
    /// "could not start the terminal".
    @Test func aTerminalWiderThanNcursesCanAddressIsNamedAsTheProblem() throws {
        let pty = try PseudoTerminal(columns: 40_000, rows: 10)
        #expect(throws: TerminalEnvironmentError(.tooLarge(Size(width: 40_000, height: 10)))) { _ = try makeScreen(pty) }
        #expect(TerminalEnvironmentError(.tooLarge(Size(width: 40_000, height: 10))).description.contains("40000x10"))
        #expect(pty.drain().isEmpty, "nothing written to the terminal")
    }

    /// Ctrl-Z arrives as a byte in raw mode: it asks for a suspend, like SIGTSTP does, when a
    /// shell with job control could continue us; otherwise it is only a key, and SIGTSTP nothing.
    @Test func controlZAndSIGTSTPAskForASuspendUnderJobControl() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        let mask = SignalMask.unblocking([SIGTSTP])
        defer { mask.restore() }
        let canStop = TerminalGuard.canSuspend
        pty.type("\u{1A}")
        #expect(screen.nextEvent(timeout: 1) == (canStop ? .suspend : .key(.control("z"))))
        kill(getpid(), SIGTSTP)
        #expect(screen.nextEvent(timeout: 0.3) == (canStop ? .suspend : nil))
    }
}
