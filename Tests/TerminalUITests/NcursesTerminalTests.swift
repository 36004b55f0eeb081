import Foundation
import Primitives
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Everything that touches ncurses' global state (setupterm, newterm, signal dispositions) runs
/// here, one test at a time.
@Suite(.serialized) struct NcursesTerminalTests {
    func makeScreen(_ pty: PseudoTerminal, term: String = "xterm-256color", mode: ColorMode = .auto,
                    background: BackgroundChoice = .dark) throws -> NcursesScreen {
        let terminal = NcursesScreen.Terminal(
            inputFD: pty.slave, outputFD: pty.slave, term: term,
            locale: {
                _ = setlocale(LC_CTYPE, "C.UTF-8")
                return (String(cString: nl_langinfo(nl_item(CODESET))), nil)
            },
            guardsProcess: false)
        return try NcursesScreen(colorMode: mode, terminal: terminal, background: background)
    }

    func event(_ screen: NcursesScreen, timeout: Double = 1) -> Event? { screen.nextEvent(timeout: timeout) }

    // MARK: terminfo

    @Test func realTerminfoLookups() {
        let devNull = open("/dev/null", O_RDWR)
        defer { close(devNull) }
        #expect(TerminalEnvironment.lookUpTerm("xterm-256color", fd: devNull) == .usable)
        #expect(TerminalEnvironment.lookUpTerm("tmux-256color", fd: devNull) == .usable)
        #expect(TerminalEnvironment.lookUpTerm("no-such-terminal-xyz", fd: devNull) == .unknown)
        #expect(TerminalEnvironment.lookUpTerm("dumb", fd: devNull) == .noCursorAddressing)
        #expect(throws: TerminalEnvironmentError(.unknownTerm("no-such-terminal-xyz"))) {
            try TerminalEnvironment.check(stdinIsTTY: true, stdoutIsTTY: true, term: "no-such-terminal-xyz",
                                          lookUp: { TerminalEnvironment.lookUpTerm($0, fd: devNull) },
                                          locale: { ("UTF-8", nil) })
        }
    }

    @Test func preflightOnAPseudoTerminalWritesNothingWhenItFails() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        for (term, reason) in [("dumb", TerminalEnvironmentError.Reason.termDumb), ("no-such-terminal-xyz", .unknownTerm("no-such-terminal-xyz"))] {
            #expect(throws: TerminalEnvironmentError(reason)) { _ = try makeScreen(pty, term: term) }
        }
        #expect(pty.drain().isEmpty)
    }

    @Test func crashRestoreStringsComeFromTerminfo() throws {
        let devNull = open("/dev/null", O_RDWR)
        defer { close(devNull) }
        let xterm = try #require(TerminalGuard.restoreBytes(forTerm: "xterm-256color", fd: devNull))
        #expect(xterm.contains("\u{1B}[?1006;1000l"))    // SGR mouse off (XM)
        #expect(xterm.contains("\u{1B}[?25h"))           // cnorm
        #expect(xterm.contains("\u{1B}[?1049l"))         // rmcup
        #expect(xterm.contains("\u{1B}[?1l"))            // rmkx
        let tmux = try #require(TerminalGuard.restoreBytes(forTerm: "tmux-256color", fd: devNull))
        #expect(tmux.contains("\u{1B}[?1000l") && !tmux.contains("1006"))   // X10 only
        #expect(tmux.contains("\u{1B}[?1049l"))
        #expect(TerminalGuard.restoreBytes(forTerm: "no-such-terminal-xyz", fd: devNull) == nil)
        let vt100 = try #require(TerminalGuard.restoreBytes(forTerm: "vt100", fd: devNull))
        #expect(!vt100.contains("$<"))                   // its sgr0 carries a $<2> delay
        #expect(TerminalGuard.withoutPadding(Array("a$<5>b$<2/*>c$d$<x>".utf8)) == Array("abc$d$<x>".utf8))
    }

    // MARK: drawing

    @Test func presentSendsOnlyWhatChanged() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        #expect(screen.size == Size(width: 40, height: 10))
        _ = pty.drain()

        var canvas = Canvas(size: screen.size)
        canvas.put("hello", x: 0, y: 0, style: Style(foreground: .rgb(255, 140, 0), bold: true))
        canvas.put("👻", x: 10, y: 2, style: Style(foreground: .red))
        screen.present(canvas)
        let first = pty.drain()
        #expect(first.contains("hello"))
        #expect(first.contains("👻"))
        #expect(first.contains("\u{1B}[38;5;208m"))       // orange as xterm-256 index 208

        canvas.put("X", x: 20, y: 5, style: .plain)
        screen.present(canvas)
        let second = pty.drain()
        #expect(second.contains("X"))
        #expect(!second.contains("hello") && !second.contains("👻"))
        #expect(second.count < 24, "one changed cell cost \(second.count) bytes")

        screen.present(canvas)
        #expect(pty.drain().isEmpty, "an unchanged frame must send nothing")

        // Only the right half of the wide glyph changes (its style): ncurses colours a wide glyph
        // from its left cell, so the glyph is written again from there — or nothing is sent; never
        // a blank over its right half.
        canvas.restyle(Rect(x: 11, y: 2, width: 1, height: 1)) { $0.foreground = .blue }
        screen.present(canvas)
        let third = pty.drain()
        #expect(third.isEmpty || third.contains("👻"))
        #expect(!third.contains(" ") && !third.contains("hello"))

        // The whole glyph changes style: it is sent again, in the new colour.
        canvas.restyle(Rect(x: 10, y: 2, width: 2, height: 1)) { $0.foreground = .ansi(200) }
        screen.present(canvas)
        let fourth = pty.drain()
        #expect(fourth.contains("👻") && fourth.contains("38;5;200m"))

        // Narrow over wide and back: what the diff sends must leave the row aligned.
        canvas.put("ab", x: 10, y: 2, style: .plain)
        screen.present(canvas)
        #expect(pty.drain().contains("ab"))
        canvas.put("🎃", x: 10, y: 2, style: .plain)
        screen.present(canvas)
        let fifth = pty.drain()
        #expect(fifth.contains("🎃") && !fifth.contains("b"))
    }

    @Test func wideGlyphCutByTheRightEdgeIsBlankedNotWrapped() throws {
        let pty = try PseudoTerminal(columns: 11, rows: 4)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        _ = pty.drain()
        var canvas = Canvas(size: Size(width: 20, height: 4))   // drawn for a wider terminal
        canvas.put("abcdefghij👻", x: 0, y: 0, style: .plain)  // the ghost would sit on columns 10–11
        canvas.put("z", x: 0, y: 1, style: .plain)
        screen.present(canvas)
        let output = pty.drain()
        #expect(output.contains("abcdefghij"))
        #expect(!output.contains("👻"))
        #expect(output.contains("z"))
    }

    @Test func monochromeSendsNoColours() throws {
        let pty = try PseudoTerminal(columns: 20, rows: 4)
        let screen = try makeScreen(pty, mode: .monochrome)
        defer { screen.restore() }
        _ = pty.drain()
        var canvas = Canvas(size: screen.size)
        canvas.put("mono", x: 0, y: 0, style: Style(foreground: .red, background: .blue, reverse: true))
        screen.present(canvas)
        let output = pty.drain()
        #expect(output.contains("mono"))
        #expect(output.contains("\u{1B}[7m") || output.contains("\u{1B}[0;7m"))   // reverse survives
        #expect(!output.contains("\u{1B}[31m") && !output.contains("\u{1B}[44m") && !output.contains("38;5;"))
    }

    /// alloc_pair hands out pair numbers past 32767 once that many colour combinations were
    /// used; they must reach the terminal intact (setcchar's `short` argument would wrap them).
    @Test func extendedColourPairsBeyondShort() throws {
        let pty = try PseudoTerminal(columns: 32, rows: 8)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        _ = pty.drain()
        var last: [UInt8] = []
        for background in 0..<130 {                     // 130 × 256 = 33 280 distinct pairs
            var canvas = Canvas(size: screen.size)
            for foreground in 0..<256 {
                canvas.put("x", x: foreground % 32, y: foreground / 32,
                           style: Style(foreground: .ansi(UInt8(foreground)), background: .ansi(UInt8(background))))
            }
            screen.present(canvas)
            last = pty.drain(waitMilliseconds: 0)
        }
        #expect(last.contains("48;5;129m"))
        #expect(last.contains("38;5;200m"))
        #expect(last.contains("38;5;255m"))
    }

    // MARK: input

    @Test func keysThroughThePseudoTerminal() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        let cases: [(String, Key)] = [
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[A", .up),                          // normal cursor mode, via define_key
            ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),  // what tmux sends whatever TERM says
            ("q", .character("q")), ("\u{3}", .control("c")), ("\r", .enter), ("\u{7F}", .backspace),
            ("\t", .tab), ("é", .character("é")), ("👻", .character("👻")), (" ", .character(" ")),
        ]
        for (typed, key) in cases {
            pty.type(typed)
            #expect(event(screen) == .key(key), "\(Array(typed.unicodeScalars))")
        }
        pty.type("\u{1B}")
        #expect(event(screen) == .key(.escape))
    }

    @Test func unknownSequencesAndGarbageAreSkipped() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        pty.type("\u{1B}[15~z")                          // F5: known to terminfo, no meaning here
        #expect(event(screen) == .key(.character("z")))
        // Invalid UTF-8 (a decoder that collects bytes after a bad one would swallow keys), NUL, Ctrl-\.
        pty.type([0xFF, 0xFE, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x00, 0x1C])
        pty.type("a")
        #expect(event(screen) == .key(.character("a")))
        pty.type([0xC3, 0x28])                            // a lead byte cut short: the "(" survives
        #expect(event(screen) == .key(.character("(")))
        pty.type([0xFF] + Array("é👻".utf8))
        #expect(event(screen) == .key(.character("é")))
        #expect(event(screen) == .key(.character("👻")))
        #expect(event(screen, timeout: 0.1) == nil)
    }

    @Test func sgrMouseClicksPressesAndReleases() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty, term: "xterm-256color")
        defer { screen.restore() }
        let output = pty.drain()
        #expect(output.contains("\u{1B}[?1006;1000h"))    // SGR mouse switched on
        pty.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m")          // press + release in one write
        #expect(event(screen) == .mouse(MouseEvent(.click, at: Point(x: 4, y: 2))))
        pty.type("\u{1B}[<0;7;4M")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 6, y: 3))))
        pty.type("\u{1B}[<0;7;4m")
        #expect(event(screen) == .mouse(MouseEvent(.release, at: Point(x: 6, y: 3))))
        // Two clicks read in one go: ncurses queues both (newest first); both arrive, in order.
        pty.type("\u{1B}[<0;2;2M\u{1B}[<0;2;2m\u{1B}[<0;9;9M\u{1B}[<0;9;9m")
        #expect(event(screen) == .mouse(MouseEvent(.click, at: Point(x: 1, y: 1))))
        #expect(event(screen) == .mouse(MouseEvent(.click, at: Point(x: 8, y: 8))))
        pty.type("\u{1B}[<64;3;3Mk")                      // wheel: ignored
        #expect(event(screen) == .key(.character("k")))
    }

    @Test func x10MouseUnderTmux() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty, term: "tmux-256color")
        defer { screen.restore() }
        let output = pty.drain()
        #expect(output.contains("\u{1B}[?1000h") && !output.contains("1006"))
        // ESC [ M, then button+32, column+33, row+33 (1-based +32): left press and release at (9, 4).
        pty.type([0x1B, 0x5B, 0x4D, 32, 32 + 10, 32 + 5, 0x1B, 0x5B, 0x4D, 32 + 3, 32 + 10, 32 + 5])
        #expect(event(screen) == .mouse(MouseEvent(.click, at: Point(x: 9, y: 4))))
    }

    /// A mouse report or key sequence whose parts arrive ~80 ms apart (a slow SSH link) is still
    /// one event, never its tail typed as keys; a lone Esc still counts as Esc within escdelay.
    @Test func sequencesSplitAcrossPausesStillDecodeAsOne() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        let splits: [(String, String, Event)] = [
            ("\u{1B}[<0;", "5;3M", .mouse(MouseEvent(.press, at: Point(x: 4, y: 2)))),
            ("\u{1B}[<0;5;3", "m", .mouse(MouseEvent(.release, at: Point(x: 4, y: 2)))),
            ("\u{1B}O", "A", .key(.up)),
            ("\u{1B}[", "B", .key(.down)),
            ("\u{1B}[1", "~", .key(.home)),
        ]
        for (first, rest, expected) in splits {
            pty.type(first)
            #expect(screen.nextEvent(timeout: 0.08) == nil, "\(Array(first.unicodeScalars)) decided too early")
            pty.type(rest)
            #expect(event(screen) == expected, "\(Array((first + rest).unicodeScalars))")
        }
        // A UTF-8 character cut after its lead bytes waits the same.
        pty.type([0xF0, 0x9F])
        #expect(screen.nextEvent(timeout: 0.08) == nil)
        pty.type([0x91, 0xBB])
        #expect(event(screen) == .key(.character("👻")))
        // A lone Esc is decided after escdelay (25 ms), long before a sequence's pause.
        let clock = SystemClock()
        let start = clock.now
        pty.type("\u{1B}")
        #expect(event(screen) == .key(.escape))
        #expect(clock.now - start < TerminalInputDecoder.sequenceByteDelay, "\(clock.now - start)")
    }

    @Test func timeoutsReturnNilAndIgnoredInputDoesNotExtendThem() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        let clock = SystemClock()
        var start = clock.now
        #expect(screen.nextEvent(timeout: 0.1) == nil)
        var elapsed = clock.now - start
        #expect(elapsed >= 0.095 && elapsed < 0.6, "\(elapsed)")

        start = clock.now
        #expect(screen.nextEvent(timeout: 0) == nil)
        #expect(clock.now - start < 0.2)

        start = clock.now
        pty.type("\u{1B}[15~")
        #expect(screen.nextEvent(timeout: 0.2) == nil)
        elapsed = clock.now - start
        #expect(elapsed >= 0.19 && elapsed < 0.7, "\(elapsed)")
    }

    @Test func resizeIsReportedAndRepaintsEverythingOnce() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        var canvas = Canvas(size: screen.size)
        canvas.put("hello", x: 0, y: 0, style: .plain)
        screen.present(canvas)
        _ = pty.drain()

        pty.resize(columns: 50, rows: 12)
        // The pty is not our controlling tty, so send SIGWINCH ourselves, to this thread, with it
        // unblocked (Swift Testing's worker threads block all signals).
        let mask = SignalMask.unblocking([SIGWINCH])
        defer { mask.restore() }
        raise(SIGWINCH)
        #expect(event(screen) == .resize(Size(width: 50, height: 12)))
        #expect(screen.size == Size(width: 50, height: 12))

        var bigger = Canvas(size: screen.size)
        bigger.put("hello", x: 0, y: 0, style: .plain)
        screen.present(bigger)
        let repaint = pty.drain()
        #expect(repaint.contains("\u{1B}[H\u{1B}[2J"))   // cleared, once
        #expect(repaint.contains("hello"))
        screen.present(bigger)
        #expect(pty.drain().isEmpty)
    }
}
