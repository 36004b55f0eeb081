import ThemeFormat
import Primitives
import Memorize
import MemorizeStore
import Testing
@testable import MemorizeApp
@testable import TerminalUI

/// Every built-in theme (assets/themes.json, as built into the game), on a light and a dark
/// terminal, at 256 colours and at 8 (and 16): the colours the screen actually sends, after
/// mapping down, keep every text cell at 3:1 against what is behind it, and every glyph off its
/// own background's colour. Colour numbers 0–15 are measured as xterm's default palette shows
/// them (0 black, 1 red3 #cd0000, … 7 gray90 #e5e5e5, 8 gray50, … 15 white), 16–255 as xterm's
/// cube and greys; "behind" a default-background cell is white on light, black on dark.
@Suite struct ThemeContrastTests {
    static let depths: [NcursesColorDepth] = [.ansi8, .ansi16, .xterm256]
    static let backgrounds: [TerminalBackground] = [.light, .dark]

    /// What the terminal shows for a style: (glyph, behind), as RGB.
    static func shown(_ style: Style, depth: NcursesColorDepth, on background: TerminalBackground) -> (RGB, RGB) {
        let look = NcursesStyleMapping.look(for: style, depth: depth, defaultColors: true, background: background)
        let defaultForeground = background.isLight ? RGB(0, 0, 0) : RGB(255, 255, 255)
        let glyph = NcursesStyleMapping.shownRGB(look.foreground, depth: depth) ?? defaultForeground
        let behind = NcursesStyleMapping.shownRGB(look.background, depth: depth) ?? background.color
        return (glyph, behind)
    }

    /// The styles text is drawn in: title, scores' current player, messages, buttons, the deck's
    /// label, the chooser's and editor's picked rows, the help overlay, the card face's ink.
    static func textStyles(_ palette: Palette) -> [(String, Style)] {
        [("title", palette.title), ("notice", palette.notice), ("error", palette.error), ("button", palette.button),
         ("pressedButton", palette.pressedButton), ("deckLabel", palette.deckLabel), ("selection", palette.selection),
         ("overlay", palette.overlay), ("faceFill", palette.faceFill)]
    }

    @Test func everyTextCellReadsAtThreeToOne() {
        let themes = ThemeLibrary.builtIn()
        #expect(themes.count >= 6)
        for theme in themes {
            let palette = Palette(theme: theme.color, monochrome: false, ascii: false)
            for depth in Self.depths {
                for background in Self.backgrounds {
                    for (name, style) in Self.textStyles(palette) {
                        let (glyph, behind) = Self.shown(style, depth: depth, on: background)
                        let ratio = Contrast.ratio(glyph, behind)
                        #expect(ratio >= Contrast.legible,
                                "\(theme.name) \(name) at \(depth) on \(background): \(glyph.hex) on \(behind.hex) is \(ratio):1")
                    }
                }
            }
        }
    }

    @Test func everyElementKeepsItsMeaningAt8And16Colours() {
        for theme in ThemeLibrary.builtIn() {
            let palette = Palette(theme: theme.color, monochrome: false, ascii: false)
            for depth in Self.depths {
                for background in Self.backgrounds {
                    func look(_ style: Style) -> NcursesLook {
                        NcursesStyleMapping.look(for: style, depth: depth, defaultColors: true, background: background)
                    }
                    let context = "\(theme.name) at \(depth) on \(background)"
                    // Never a glyph in its own background's colour.
                    for (name, style) in [("pie", palette.pie), ("back", palette.back), ("pressedBack", palette.pressedBack),
                                          ("faceBorder", palette.faceBorder), ("matchedBorder", palette.matchedBorder),
                                          ("focusedBorder", palette.focusedBorder), ("spinHighlight", palette.spinHighlight)] {
                        let (glyph, behind) = Self.shown(style, depth: depth, on: background)
                        #expect(glyph != behind, "\(context): \(name) is \(glyph.hex) on \(behind.hex)")
                    }
                    // The pie is drawn on the face: its braille must differ from the face's colour.
                    #expect(look(palette.pie).foreground != look(palette.faceFill).background, "\(context): pie on face")
                    // Focus differs from the card it marks (face up: its border; face down: its back).
                    #expect(look(palette.focusedBorder) != look(palette.faceBorder), "\(context): focus vs border")
                    #expect(look(palette.focusedBorder) != look(palette.back), "\(context): focus vs back")
                    // Matched from unmatched.
                    #expect(look(palette.matchedBorder) != look(palette.faceBorder), "\(context): matched vs unmatched")
                }
            }
        }
    }
}
