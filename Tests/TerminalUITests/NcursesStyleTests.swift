import Testing
@testable import TerminalUI

/// Style → attributes + colour pair decisions, and what a cell hands to setcchar.
@Suite struct NcursesStyleTests {
    @Test("colour depth from COLORS and the mode", arguments: [
        (256, true, ColorMode.auto, NcursesColorDepth.xterm256), (16_777_216, true, .auto, .direct),
        (65_536, true, .auto, .xterm256), (16_777_216, true, .monochrome, .none), (16_777_216, false, .auto, .none),
        (88, true, .auto, .ansi16), (16, true, .auto, .ansi16), (8, true, .auto, .ansi8),
        (2, true, .auto, .none), (0, false, .auto, .none), (256, false, .auto, .none),
        (256, true, .monochrome, .none), (8, true, .monochrome, .none),
    ] as [(Int, Bool, ColorMode, NcursesColorDepth)])
    func depth(colors: Int, hasColors: Bool, mode: ColorMode, expected: NcursesColorDepth) {
        #expect(NcursesStyleMapping.depth(colors: colors, hasColors: hasColors, mode: mode) == expected)
    }

    @Test func paletteIndexPerDepth() {
        let orange = Color.rgb(255, 140, 0)
        #expect(NcursesStyleMapping.index(of: orange, depth: .xterm256) == orange.xterm256Index)
        #expect(NcursesStyleMapping.index(of: orange, depth: .xterm256) == 208)
        #expect(NcursesStyleMapping.index(of: orange, depth: .ansi8) == orange.ansi8Index)
        #expect(NcursesStyleMapping.index(of: .ansi(9), depth: .ansi16) == 9)    // bright red kept with 16 colours
        #expect(NcursesStyleMapping.index(of: .ansi(9), depth: .ansi8) == 1)     // folded to red with 8
        #expect(NcursesStyleMapping.index(of: .rgb(0, 0, 238), depth: .ansi16) == 4)
        for depth in [NcursesColorDepth.none, .ansi8, .ansi16, .xterm256] {
            #expect(NcursesStyleMapping.index(of: .default, depth: depth) == -1)
        }
        #expect(NcursesStyleMapping.index(of: orange, depth: .none) == -1)
    }

    @Test func directColourSendsTheRGBValue() {
        #expect(NcursesStyleMapping.index(of: .rgb(255, 140, 0), depth: .direct) == 0xFF8C00)
        #expect(NcursesStyleMapping.index(of: .rgb(1, 2, 3), depth: .direct) == 0x010203)
        #expect(NcursesStyleMapping.index(of: .default, depth: .direct) == -1)
        // 0–7 are palette colours in direct-colour terminfo: the basic colours stay themed …
        #expect(NcursesStyleMapping.index(of: .red, depth: .direct) == 1)
        #expect(NcursesStyleMapping.index(of: .white, depth: .direct) == 7)
        // … and true colours never land there: near-black blues become (0,0,8).
        #expect(NcursesStyleMapping.index(of: .rgb(0, 0, 0), depth: .direct) == 8)
        #expect(NcursesStyleMapping.index(of: .rgb(0, 0, 7), depth: .direct) == 8)
        #expect(NcursesStyleMapping.index(of: .rgb(0, 0, 9), depth: .direct) == 9)
        // Bright ANSI and 256-palette colours become what xterm shows for them.
        #expect(NcursesStyleMapping.index(of: .ansi(9), depth: .direct) == 0xFF0000)
        #expect(NcursesStyleMapping.index(of: .ansi(208), depth: .direct) == 0xFF8700)   // cube (5,2,0)
        #expect(NcursesStyleMapping.index(of: .ansi(16), depth: .direct) == 8)           // cube black
        #expect(NcursesStyleMapping.index(of: .ansi(244), depth: .direct) == 0x808080)   // grey ramp
        let look = NcursesStyleMapping.look(for: Style(foreground: .rgb(255, 140, 0), background: .rgb(30, 30, 90), bold: true),
                                            depth: .direct, defaultColors: true)
        #expect(look == NcursesLook(attributes: [.bold], foreground: 0xFF8C00, background: 0x1E1E5A))
    }

    @Test func xtermPaletteRoundTripsThroughTheNearestIndex() {
        // The 256-colour mapping picks an index; direct colour shows that index's own colour.
        for index in 16..<256 {
            let (r, g, b) = NcursesStyleMapping.xterm256RGB(index)
            #expect(Color.rgb(UInt8(r), UInt8(g), UInt8(b)).xterm256Index == index,
                    "index \(index) → (\(r), \(g), \(b))")
        }
    }

    @Test func lookKeepsAttributesAndMapsColours() {
        let style = Style(foreground: .rgb(255, 140, 0), background: .blue, bold: true, underline: true)
        let look = NcursesStyleMapping.look(for: style, depth: .xterm256, defaultColors: true)
        #expect(look == NcursesLook(attributes: [.bold, .underline], foreground: 208, background: 4))
    }

    @Test func monochromeDropsColoursButKeepsEveryAttribute() {
        let style = Style(foreground: .red, background: .rgb(30, 30, 90), bold: true, dim: true, reverse: true, underline: true)
        let look = NcursesStyleMapping.look(for: style, depth: .none, defaultColors: true)
        #expect(look == NcursesLook(attributes: [.bold, .dim, .reverse, .underline], foreground: -1, background: -1))
    }

    @Test func defaultColourIsMinusOneOrWhiteOnBlackWithoutUseDefaultColors() {
        let plain = NcursesStyleMapping.look(for: .plain, depth: .xterm256, defaultColors: false)
        #expect(plain.foreground == -1 && plain.background == -1)      // colour pair 0 either way
        let redText = Style(foreground: .red)
        #expect(NcursesStyleMapping.look(for: redText, depth: .ansi8, defaultColors: true).background == -1)
        let fallback = NcursesStyleMapping.look(for: redText, depth: .ansi8, defaultColors: false)
        #expect(fallback.foreground == 1 && fallback.background == 0)
    }

    @Test func attributeBitsAreNcursesOwn() {
        // A_BOLD, A_DIM, A_REVERSE, A_UNDERLINE in ncurses 6 (NCURSES_BITS(1, 13), (1, 12), (1, 10), (1, 9)).
        #expect(NcursesAttributes.bold.ncurses == 1 << 21)
        #expect(NcursesAttributes.dim.ncurses == 1 << 20)
        #expect(NcursesAttributes.reverse.ncurses == 1 << 18)
        #expect(NcursesAttributes.underline.ncurses == 1 << 17)
        #expect(NcursesAttributes([]).ncurses == 0)
        #expect(NcursesAttributes([.bold, .reverse]).ncurses == (1 << 21 | 1 << 18))
    }

    // MARK: cell text

    @Test func wideEmojiInAWideSlot() {
        #expect(NcursesCellText.glyph(for: "👻", columns: 2) == .init(scalars: [0x1F47B], width: 2))
        #expect(NcursesCellText.glyph(for: "🪦", columns: 2) == .init(scalars: [0x1FAA6], width: 2))
    }

    @Test func asciiAndCombiningMarks() {
        #expect(NcursesCellText.glyph(for: "a", columns: 1) == .init(scalars: [0x61], width: 1))
        #expect(NcursesCellText.glyph(for: "e\u{301}", columns: 1) == .init(scalars: [0x65, 0x301], width: 1))
        // ❤️ is ❤ + VS16: one column by wcwidth, the selector rides along.
        #expect(NcursesCellText.glyph(for: "❤️", columns: 1) == .init(scalars: [0x2764, 0xFE0F], width: 1))
    }

    @Test func controlsAndUnassignedBecomeAQuestionMark() {
        for text in ["\u{1B}", "\u{7}", "\u{7F}", "\u{9B}", "\u{0378}"] {
            #expect(NcursesCellText.glyph(for: text, columns: 1) == NcursesCellText.replacement, "\(Array(text.unicodeScalars))")
        }
    }

    @Test func neverWiderThanTheSlot() {
        // A wide glyph in a one-column slot would push the rest of the row right.
        #expect(NcursesCellText.glyph(for: "👻", columns: 1) == NcursesCellText.replacement)
        // A flag (two regional indicators) is measured 2 by the canvas but drawn 1 by ncurses:
        // the caller blanks the second column.
        let flag = NcursesCellText.glyph(for: "🇫🇷", columns: 2)
        #expect(flag.width == 1 && flag.scalars == [0x1F1EB])
        #expect(NcursesCellText.glyph(for: "", columns: 1) == NcursesCellText.blank)
    }

    @Test func atMostFiveScalarsForSetcchar() {
        let stacked = "a" + String(repeating: "\u{301}", count: 10)
        #expect(NcursesCellText.glyph(for: stacked, columns: 1).scalars.count == 5)
    }
}
