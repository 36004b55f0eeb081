import Foundation
import Primitives
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// `--background auto` through a pseudo-terminal: the question goes out after the first frame,
/// the answer recolours what is on screen, and not a byte of it reaches the app as a key.
extension NcursesTerminalTests {
    static func titleCanvas() -> Canvas {
        var canvas = Canvas(size: Size(width: 20, height: 4))
        _ = canvas.put("Halloween", x: 0, y: 0, style: Style(foreground: .rgb(255, 200, 0), bold: true, legible: true))
        return canvas
    }

    @Test func anAnswerRecoloursAndNoneOfItIsAKey() throws {
        let pty = try PseudoTerminal(columns: 20, rows: 4)
        let screen = try makeScreen(pty, term: "xterm", background: .auto)
        defer { screen.restore() }
        #expect(screen.terminalBackground == .dark)          // assumed until told
        screen.present(Self.titleCanvas())
        let first = pty.drain()
        let query = BackgroundQuery.bytes
        // The frame first, then the question, once.
        let frameEnd = first.firstRange(of: Array("Halloween".utf8))?.upperBound ?? Int.max
        let asked = first.firstRange(of: query)
        #expect(asked != nil && asked!.lowerBound >= frameEnd)
        pty.type("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22cq")
        #expect(event(screen) == .key(.character("q")))
        #expect(screen.terminalBackground == .light)
        // Recoloured on the spot: the title again, in a colour that reads on white (not yellow, 33).
        let repaint = pty.drain()
        #expect(repaint.firstRange(of: Array("Halloween".utf8)) != nil)
        #expect(repaint.firstRange(of: Array("[33m".utf8)) == nil && first.firstRange(of: Array("[33m".utf8)) != nil)
        screen.present(Self.titleCanvas())
        #expect(pty.drain().firstRange(of: query) == nil)    // asked once
        #expect(event(screen, timeout: 0.05) == nil)
    }

    @Test func noAnswerKeepsDarkAndDA1IsNoKey() throws {
        let pty = try PseudoTerminal(columns: 20, rows: 4)
        let screen = try makeScreen(pty, term: "xterm", background: .auto)
        defer { screen.restore() }
        screen.present(Self.titleCanvas())
        _ = pty.drain()
        pty.type("\u{1B}[?1;2cx")
        #expect(event(screen) == .key(.character("x")))
        #expect(screen.backgroundQuery.state == .unanswered)
        #expect(screen.terminalBackground == .dark)
    }

    @Test func lightOrDarkAsksNothing() throws {
        for choice in [BackgroundChoice.light, .dark] {
            let pty = try PseudoTerminal(columns: 20, rows: 4)
            let screen = try makeScreen(pty, term: "xterm", background: choice)
            screen.present(Self.titleCanvas())
            #expect(pty.drain().firstRange(of: BackgroundQuery.bytes) == nil)
            #expect(screen.terminalBackground == (choice == .light ? .light : .dark))
            screen.restore()
        }
    }
}
