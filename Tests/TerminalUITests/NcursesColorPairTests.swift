import Foundation
import MemorizeTestSupport
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Colour pairs run out (63 on TERM=xterm's 8 colours); ncurses' alloc_pair then recycled its
/// oldest allocation under cells still on screen, which the terminal repainted in the new colours.
/// Here a terminal emulator (pyte) replays what the screen sent and every cell's colours are
/// compared with the canvas after every frame, while many more pairings pass than there are pairs
/// and a few cells keep the first pairings all along (a title bar, a card colour).
extension NcursesTerminalTests {
    @Test("no cell changes colour when pairs run out (pyte vs canvas, every frame)",
          arguments: [("xterm", nil), ("xterm-256color", 24)] as [(String, Int?)])
    func pairsNeverRecolourCellsOnScreen(term: String, pairLimit: Int?) throws {
        let size = Size(width: 40, height: 10)
        let pty = try PseudoTerminal(columns: size.width, rows: size.height)
        let terminal = NcursesScreen.Terminal(
            inputFD: pty.slave, outputFD: pty.slave, term: term,
            locale: {
                _ = setlocale(LC_CTYPE, "C.UTF-8")
                return (String(cString: nl_langinfo(nl_item(CODESET))), nil)
            },
            guardsProcess: false, colorPairLimit: pairLimit)
        let screen = try NcursesScreen(colorMode: .auto, terminal: terminal)
        defer { screen.restore() }
        let eightColours = term == "xterm"
        let depth: NcursesColorDepth = eightColours ? .ansi8 : .xterm256
        let colours: [Color] = eightColours ? [.default] + (0..<8).map { Color.ansi(UInt8($0)) }
                                            : (0..<256).map { Color.ansi(UInt8($0)) }
        var random = PairTestRandom(seed: 22)
        // Any pairing but default on default (pair 0).
        func randomStyle() -> Style {
            while true {
                let style = Style(foreground: colours[random.below(colours.count)], background: colours[random.below(colours.count)])
                if style.foreground != .default || style.background != .default { return style }
            }
        }

        // Rows 0-1 keep the first pairings all along; rows 2-9 take a new pairing each frame,
        // cells of pairings that left a window of 20 recent ones repainted, so fewer pairings are
        // on screen at once than there are pairs.
        let keepers = (0..<4).map { _ in randomStyle() }
        // Each frame's new pairing: on 8 colours every pairing in turn, three times over (so the
        // 80th distinct one comes, which alloc_pair met by recycling); on 256, random ones.
        let everyPairing = colours.flatMap { fg in colours.map { Style(foreground: fg, background: $0) } }
            .filter { $0.foreground != .default || $0.background != .default }
        func nextStyle(_ frame: Int) -> Style { eightColours ? everyPairing[(frame * 37) % everyPairing.count] : randomStyle() }
        var canvas = Canvas(size: size)
        for x in 0..<size.width { for y in 0..<2 { _ = canvas.put("k", x: x, y: y, style: keepers[(x / 10 + y) % 4]) } }
        var window: [Style] = []
        var frames: [(bytes: [UInt8], expected: [(Int, Int)])] = []
        let frameCount = eightColours ? 240 : 320
        for frame in 0..<frameCount {
            let style = nextStyle(frame)
            window.append(style)
            if window.count > 20 { window.removeFirst() }
            for _ in 0..<6 {
                let x = random.below(size.width), y = 2 + random.below(size.height - 2)
                _ = canvas.put("c", x: x, y: y, style: style)
            }
            for y in 2..<size.height {
                for x in 0..<size.width where !window.contains(canvas[x, y].style) {
                    _ = canvas.put("c", x: x, y: y, style: style)
                }
            }
            screen.present(canvas)
            let expected = (0..<size.height).flatMap { y in (0..<size.width).map { x -> (Int, Int) in
                let look = NcursesStyleMapping.look(for: canvas[x, y].style, depth: depth, defaultColors: true)
                return (look.foreground, look.background)
            } }
            frames.append((pty.drain(waitMilliseconds: 5), expected))
        }

        let mismatches = try PyteReplay.mismatches(frames: frames, size: size)
        #expect(mismatches.isEmpty, "\(term): \(mismatches.prefix(5).joined(separator: "\n"))")
        #expect(screen.colorPairsExhausted == 0)
    }
}

/// A small deterministic generator (the tests' own: TerminalUI knows no model).
private struct PairTestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Feeds the bytes each frame sent to pyte (scripts/test.sh installs it in .build/python) and compares
/// every cell's foreground and background with the colours ncurses was asked for.
enum PyteReplay {
    static let script = #"""
    import sys, pyte
    from pyte import graphics as g
    # pyte's own names, foreground and background apart (its table spells 105 "bfightmagenta").
    names = {"fg": {**{c - 30: n for c, n in g.FG_ANSI.items() if c != 39}, **{c - 90 + 8: n for c, n in g.FG_AIXTERM.items()}},
             "bg": {**{c - 40: n for c, n in g.BG_ANSI.items() if c != 49}, **{c - 100 + 8: n for c, n in g.BG_AIXTERM.items()}}}
    def shown(n, layer):
        if n < 0: return "default"
        if n < 16: return names[layer][n]
        return g.FG_BG_256[n]
    class Xterm(pyte.Screen):
        # pyte leaves the cursor past the last column after drawing there with autowrap off
        # (ncurses does that for the bottom-right cell); xterm keeps it on the last column, so
        # the next frame's row-only move (VPA) lands there, not on the next line.
        def draw(self, data):
            super().draw(data)
            if pyte.modes.DECAWM not in self.mode and self.cursor.x >= self.columns:
                self.cursor.x = self.columns - 1
    width, height = int(sys.argv[2]), int(sys.argv[3])
    screen = Xterm(width, height)
    stream = pyte.ByteStream(screen)
    for number, line in enumerate(open(sys.argv[1])):
        data, cells = line.rstrip("\n").split("|")
        stream.feed(bytes.fromhex(data))
        for index, pair in enumerate(cells.split(";")):
            fg, bg = (int(v) for v in pair.split(","))
            cell = screen.buffer[index // width][index % width]
            if (cell.fg, cell.bg) != (shown(fg, "fg"), shown(bg, "bg")):
                print(f"frame {number} cell ({index % width},{index // width}): shows {cell.fg}/{cell.bg}, canvas {shown(fg, 'fg')}/{shown(bg, 'bg')}")
    """#

    static func mismatches(frames: [(bytes: [UInt8], expected: [(Int, Int)])], size: Size) throws -> [String] {
        let base = NSTemporaryDirectory() + "pyte-\(getpid())-\(UUID().uuidString)"
        defer { unlink(base + ".py"); unlink(base + ".frames") }
        try script.write(toFile: base + ".py", atomically: true, encoding: .utf8)
        let lines = frames.map { frame in
            frame.bytes.map { String(format: "%02x", $0) }.joined() + "|"
                + frame.expected.map { "\($0.0),\($0.1)" }.joined(separator: ";")
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: base + ".frames", atomically: true, encoding: .utf8)
        let probe = try TestPython.run(["-c", "import pyte"])
        try #require(probe.status == 0, "pyte is not installed: \(TestPython.howToInstall)\n\(probe.stderrText)")
        let result = try TestPython.run([base + ".py", base + ".frames", "\(size.width)", "\(size.height)"], timeout: 120)
        try #require(result.status == 0, "pyte replay failed: \(result.stderrText)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }
}
