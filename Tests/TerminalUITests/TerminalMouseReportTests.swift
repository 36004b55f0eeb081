import Foundation
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The bytes after `ESC [` → mouse reports → MouseEvent, without a terminal.
@Suite struct TerminalMouseReportTests {
    typealias Parser = TerminalMouseReport.Parser
    typealias Report = TerminalMouseReport.Report

    /// Feeds `text` (the bytes after ESC, so starting with `[`, which the decoder has read
    /// before it hands over to the parser) and returns every step.
    func steps(_ text: String) -> [Parser.Step] { steps(Array(text.utf8)) }
    func steps(_ bytes: [UInt8]) -> [Parser.Step] {
        var parser = Parser()
        let report = bytes.first == 0x5B ? Array(bytes.dropFirst()) : bytes
        return report.map { parser.feed($0) }
    }
    /// The final step of feeding `bytes`, which must all but the last say `.more`.
    func last(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Parser.Step? {
        let all = steps(bytes)
        #expect(all.dropLast().allSatisfy { $0 == .more }, "\(all)", sourceLocation: sourceLocation)
        return all.last
    }
    func last(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Parser.Step? {
        last(Array(text.utf8), sourceLocation: sourceLocation)
    }

    // MARK: SGR 1006

    @Test("SGR reports", arguments: [
        ("[<0;5;3M", Report(encoding: .sgr(released: false), button: 0, column: 5, row: 3)),
        ("[<0;5;3m", Report(encoding: .sgr(released: true), button: 0, column: 5, row: 3)),
        ("[<2;80;24M", Report(encoding: .sgr(released: false), button: 2, column: 80, row: 24)),
        ("[<0;300;250M", Report(encoding: .sgr(released: false), button: 0, column: 300, row: 250)),  // past X10's 223
        ("[<64;10;10M", Report(encoding: .sgr(released: false), button: 64, column: 10, row: 10)),    // wheel: parsed, ignored later
        ("[<0;0;0M", Report(encoding: .sgr(released: false), button: 0, column: 0, row: 0)),
        ("[<16;999999999;1m", Report(encoding: .sgr(released: true), button: 16, column: 999_999_999, row: 1)),
    ])
    func sgr(text: String, report: Report) {
        #expect(last(text) == .report(report))
    }

    @Test("well-formed but unusable SGR reports complete and are dropped",
          arguments: ["[<;;M", "[<0;;5M", "[<0;5M", "[<M", "[<0;1234567890;1M", "[<0;5;" + String(repeating: "9", count: 30) + "M"])
    func unusableSGR(text: String) {
        #expect(last(text) == .report(nil))
    }

    @Test("a byte that cannot continue an SGR report breaks it (and is read again as input)",
          arguments: ["[<0;5q", "[<0;5;3\u{1B}", "[<0;5;3;", "[<0;5\u{3}", "[<0;5;3~", "[<-", "[<0;\u{7F}"])
    func brokenSGR(text: String) {
        #expect(last(text) == .broken)
    }

    @Test func overlongNumbersAreDropped() {
        // The parser drops the report; the decoder also bounds a report's length (see its tests).
        #expect(steps("[<0;5;" + String(repeating: "9", count: 100) + "M").last == .report(nil))
    }

    // MARK: X10

    @Test func x10Reports() {
        // ESC [ M, then 32 + button, 32 + column, 32 + row (1-based).
        #expect(last([0x5B, 0x4D, 32, 32 + 10, 32 + 5]) == .report(Report(encoding: .x10, button: 0, column: 10, row: 5)))
        #expect(last([0x5B, 0x4D, 35, 32 + 1, 32 + 1]) == .report(Report(encoding: .x10, button: 3, column: 1, row: 1)))
        #expect(last([0x5B, 0x4D, 34, 255, 255]) == .report(Report(encoding: .x10, button: 2, column: 223, row: 223)))
        #expect(last([0x5B, 0x4D, 32, 127, 0x80]) == .report(Report(encoding: .x10, button: 0, column: 95, row: 96)))
    }

    @Test("a control byte cannot be an X10 field: it breaks the report", arguments: [UInt8(0x1B), 0x03, 0x00, 0x0D, 31])
    func brokenX10(byte: UInt8) {
        #expect(last([0x5B, 0x4D, byte]) == .broken)
        #expect(last([0x5B, 0x4D, 32, 40, byte]) == .broken)
    }

    // MARK: Report → MouseEvent

    func event(_ report: Report, down: MouseButton? = nil) -> (MouseEvent?, MouseButton?) {
        var buttonDown = down
        let event = TerminalMouseReport.event(for: report, buttonDown: &buttonDown)
        return (event, buttonDown)
    }

    @Test("SGR buttons, press and release, 1-based → 0-based", arguments: [
        (0, false, MouseEvent(.press, button: .left, at: Point(x: 4, y: 2))),
        (0, true, MouseEvent(.release, button: .left, at: Point(x: 4, y: 2))),
        (1, false, MouseEvent(.press, button: .middle, at: Point(x: 4, y: 2))),
        (2, true, MouseEvent(.release, button: .right, at: Point(x: 4, y: 2))),
        (4 | 8 | 16, false, MouseEvent(.press, button: .left, at: Point(x: 4, y: 2))),   // modifiers do not matter
    ] as [(Int, Bool, MouseEvent)])
    func sgrEvents(button: Int, released: Bool, expected: MouseEvent) {
        let (mouse, down) = event(Report(encoding: .sgr(released: released), button: button, column: 5, row: 3))
        #expect(mouse == expected)
        #expect(down == (released ? nil : expected.button))
    }

    @Test("wheel, motion, extra buttons, button 3 under SGR and bad positions are ignored",
          arguments: [(64, 5, 5), (65, 5, 5), (32, 5, 5), (35, 5, 5), (128, 5, 5), (3, 5, 5), (99_999, 5, 5), (-1, 5, 5),
                      (0, 0, 5), (0, 5, 0), (0, -1, -1)])
    func ignoredSGR(button: Int, column: Int, row: Int) {
        #expect(event(Report(encoding: .sgr(released: false), button: button, column: column, row: row)).0 == nil)
    }

    @Test func largeCoordinatesArrive() {
        let (mouse, _) = event(Report(encoding: .sgr(released: false), button: 0, column: 300, row: 250))
        #expect(mouse == MouseEvent(.press, at: Point(x: 299, y: 249)))
    }

    @Test func x10PressAndRelease() {
        var down: MouseButton?
        let press = TerminalMouseReport.event(for: Report(encoding: .x10, button: 2, column: 10, row: 5), buttonDown: &down)
        #expect(press == MouseEvent(.press, button: .right, at: Point(x: 9, y: 4)))
        #expect(down == .right)
        // Button 3: the release of whichever was down.
        let release = TerminalMouseReport.event(for: Report(encoding: .x10, button: 3, column: 10, row: 5), buttonDown: &down)
        #expect(release == MouseEvent(.release, button: .right, at: Point(x: 9, y: 4)))
        #expect(down == nil)
        // A release with nothing down is no event.
        #expect(TerminalMouseReport.event(for: Report(encoding: .x10, button: 3, column: 10, row: 5), buttonDown: &down) == nil)
        // Wheel (64 + 0) is ignored and leaves the state alone.
        down = .left
        #expect(TerminalMouseReport.event(for: Report(encoding: .x10, button: 64, column: 1, row: 1), buttonDown: &down) == nil)
        #expect(down == .left)
    }

    @Test func pressAndReleaseMakeAClick() {
        let press = MouseEvent(.press, button: .left, at: Point(x: 3, y: 4))
        #expect(TerminalMouseReport.click(press, then: MouseEvent(.release, button: .left, at: Point(x: 3, y: 4)))
            == MouseEvent(.click, button: .left, at: Point(x: 3, y: 4)))
        #expect(TerminalMouseReport.click(press, then: MouseEvent(.release, button: .left, at: Point(x: 5, y: 4))) == nil)   // moved
        #expect(TerminalMouseReport.click(press, then: MouseEvent(.release, button: .right, at: Point(x: 3, y: 4))) == nil)
        #expect(TerminalMouseReport.click(press, then: press) == nil)
        #expect(TerminalMouseReport.click(MouseEvent(.release, at: Point(x: 3, y: 4)), then: MouseEvent(.release, at: Point(x: 3, y: 4))) == nil)
    }
}

/// The same through a pseudo-terminal: ncurses switches reporting on, the screen reads and
/// decodes the reports, a cut-short report is dropped and what follows is read. In
/// NcursesTerminalTests, which runs one test at a time (ncurses' global state).
extension NcursesTerminalTests {
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func mouseReportingIsOnAndReportsArrive(term: String) throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty, term: term)
        defer { screen.restore() }
        // Reporting is on.
        #expect(pty.drain().contains(term == "xterm-256color" ? "\u{1B}[?1006;1000h" : "\u{1B}[?1000h"))
        // Also after a frame (NcursesPainter's endwin/doupdate resumes ncurses' mouse handling).
        var canvas = Canvas(size: screen.size)
        canvas.put("x", x: 0, y: 0, style: .plain)
        screen.present(canvas)
        pty.type("\u{1B}[<0;5;3Mk")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 4, y: 2))))
        #expect(event(screen) == .key(.character("k")))
    }

    @Test("an incomplete report is dropped after a short wait; what follows is read",
          arguments: [("xterm-256color", "\u{1B}[<0;5"), ("xterm-256color", "\u{1B}[<"), ("xterm-256color", "\u{1B}[<0;5;3"),
                      ("tmux-256color", "\u{1B}[M"), ("tmux-256color", "\u{1B}[M !"), ("xterm-256color", "\u{1B}[M")])
    func incompleteMouseReport(term: String, prefix: String) throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty, term: term)
        defer { screen.restore() }
        let clock = SystemClock()
        pty.type(prefix)
        let start = clock.now
        #expect(event(screen, timeout: 0.5) == nil)        // dropped: nothing to report, no hang
        #expect(clock.now - start < 0.6)
        pty.type("?")
        #expect(event(screen) == .key(.character("?")))
        // A key right behind the broken report, in the same write, is not lost either. (X10 takes
        // any byte from 32 up as a field, so there it has to be a control key.)
        if prefix.hasPrefix("\u{1B}[M") {
            pty.type(prefix + "\u{3}")
            #expect(event(screen) == .key(.control("c")))
        } else {
            pty.type(prefix + "q")
            #expect(event(screen) == .key(.character("q")))
        }
        // A complete report afterwards still works.
        pty.type(term == "xterm-256color" ? "\u{1B}[<0;7;4M" : "\u{1B}[M\u{20}\u{27}\u{24}")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 6, y: 3))))
    }

    @Test func reportsAndKeysInterleaved() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty, term: "xterm-256color")
        defer { screen.restore() }
        // A report broken by the start of the next one: the second still arrives.
        pty.type("\u{1B}[<0;5\u{1B}[<0;6;2M")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 5, y: 1))))
        // Keys and sequences that only look like the start of a report.
        pty.type("\u{1B}[Az\u{1B}OBy\u{1B}[1~")
        #expect(event(screen) == .key(.up))
        #expect(event(screen) == .key(.character("z")))
        #expect(event(screen) == .key(.down))
        #expect(event(screen) == .key(.character("y")))
        #expect(event(screen) == .key(.home))
        // A press, then a key in the same write: the key is not lost to the look-ahead.
        pty.type("\u{1B}[<0;3;3Mj")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 2, y: 2))))
        #expect(event(screen) == .key(.character("j")))
        // A press, then Esc: both arrive.
        pty.type("\u{1B}[<0;3;3M\u{1B}")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 2, y: 2))))
        #expect(event(screen) == .key(.escape))
        // Press here, release elsewhere: no click, press then release.
        pty.type("\u{1B}[<0;3;3M\u{1B}[<0;9;3m")
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 2, y: 2))))
        #expect(event(screen) == .mouse(MouseEvent(.release, at: Point(x: 8, y: 2))))
        // Positions past 223 (SGR only) and the right button.
        pty.type("\u{1B}[<2;300;250M\u{1B}[<2;300;250m")
        #expect(event(screen) == .mouse(MouseEvent(.click, button: .right, at: Point(x: 299, y: 249))))
        // Wheel and motion are ignored; Esc [ alone is Esc then "[".
        pty.type("\u{1B}[<65;3;3M\u{1B}[<32;3;3Mk")
        #expect(event(screen) == .key(.character("k")))
        pty.type("\u{1B}[")
        #expect(event(screen) == .key(.escape))
        #expect(event(screen) == .key(.character("[")))
        #expect(event(screen, timeout: 0.1) == nil)
    }

    @Test func x10FieldBytesThatAreKeysToo() throws {
        // kbs=^? in tmux-256color: byte 127 is Backspace as a key, and column 95 in a report.
        let pty = try PseudoTerminal(columns: 120, rows: 40)
        let screen = try makeScreen(pty, term: "tmux-256color")
        defer { screen.restore() }
        pty.type([0x1B, 0x5B, 0x4D, 32, 127, 32 + 5])
        #expect(event(screen) == .mouse(MouseEvent(.press, at: Point(x: 94, y: 4))))
        pty.type([0x1B, 0x5B, 0x4D, 32, 32 + 7, 127, 0x1B, 0x5B, 0x4D, 35, 32 + 7, 127])
        #expect(event(screen) == .mouse(MouseEvent(.click, at: Point(x: 6, y: 94))))
        pty.type([0x7F])
        #expect(event(screen) == .key(.backspace))
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func escapeAloneIsStillPrompt(term: String) throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty, term: term)
        defer { screen.restore() }
        let clock = SystemClock()
        var slowest = 0.0
        for _ in 0..<5 {
            pty.type("\u{1B}")
            let start = clock.now
            #expect(event(screen) == .key(.escape))
            slowest = max(slowest, clock.now - start)
        }
        // A lone Esc is decided 25 ms after it arrived; a sequence already begun would wait 120 ms
        // for its next part. The bound sits between the two, far from both: it tells which path
        // was taken (not how fast the machine is), so a loaded machine's scheduling cannot fail it.
        #expect(slowest < 0.1, "Esc took \(slowest) s: it waited as for a sequence's next part")
        pty.type("\u{1B}\u{1B}")
        #expect(event(screen) == .key(.escape))
        #expect(event(screen) == .key(.escape))
        #expect(event(screen, timeout: 0.1) == nil)
    }
}
