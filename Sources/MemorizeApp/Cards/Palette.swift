import Primitives
import Memorize
import TerminalUI

/// Every style the game draws with, chosen once per theme and colour mode. In monochrome the
/// same roles stay distinct through attributes and glyphs alone (reverse backs, bold focus).
///
/// Colours are meant, not exact: the screen maps each to what the terminal has (8, 16, 256 or
/// 24-bit colours) so that a glyph never lands in its own background's colour and text on the
/// terminal's own background (title, scores, messages, drawn in `.default` and marked `legible`)
/// reads at 3:1 against it, light or dark, as does text on a colour of ours (NcursesStyleMapping+Legible).
/// Here, text on a colour of ours is given an ink that reads on it to begin with.
struct Palette: Equatable {
    let monochrome: Bool
    let ascii: Bool
    let theme: Color
    /// Black or white, whichever reads better on the theme colour (captions on it).
    private let onTheme: Color
    /// The theme colour darkened as far as it takes to read at 3:1 on the card face.
    private let themeOnFace: Color

    init(theme: RGBColor, monochrome: Bool, ascii: Bool) {
        self.monochrome = monochrome
        self.ascii = ascii
        self.theme = .rgb(theme.red, theme.green, theme.blue)
        onTheme = Self.color(Contrast.ink(on: theme))
        themeOnFace = Self.color(Contrast.adjusted(theme, against: Self.faceRGB))
    }

    private static let faceRGB = RGB(250, 248, 240)
    private static let faceColor = color(faceRGB)
    private static let ink = Color.rgb(40, 40, 40)
    private static func color(_ rgb: RGB) -> Color { .rgb(rgb.red, rgb.green, rgb.blue) }

    var faceFill: Style { monochrome ? .plain : Style(foreground: Self.ink, background: Self.faceColor, legible: true) }
    var faceBorder: Style { monochrome ? .plain : Style(foreground: theme, background: Self.faceColor, bold: true) }
    var focusedBorder: Style {
        monochrome ? Style(bold: true, reverse: true) : Style(foreground: onTheme, background: theme, bold: true)
    }
    var matchedBorder: Style { monochrome ? Style(dim: true) : Style(foreground: theme, background: Self.faceColor, dim: true) }
    /// The lap of light that runs round a matched card: the terminal's stand-in for a spinning emoji.
    /// Bold on the dim matched border in monochrome: never the focus's reverse video.
    var spinHighlight: Style {
        monochrome ? Style(bold: true) : Style(foreground: Self.faceColor, background: theme, bold: true)
    }
    var back: Style {
        monochrome ? Style(reverse: true) : Style(foreground: theme.blended(with: .rgb(0, 0, 0), fraction: 0.35), background: theme)
    }
    /// Checked and measured once (Glyph): every card's back is drawn in every frame.
    var backGlyph: Glyph { ascii ? Self.backGlyphs.ascii : Self.backGlyphs.unicode }
    /// A chosen card's back until it has turned past 90°: the press shows in the very next frame,
    /// though the eased flip takes ~100 ms to move an edge by a cell. Lighter, and in monochrome
    /// (where only glyphs and attributes speak) a denser glyph.
    var pressedBack: Style {
        monochrome ? Style(reverse: true) : Style(foreground: theme.blended(with: Self.faceColor, fraction: 0.25),
                                                  background: theme.blended(with: Self.faceColor, fraction: 0.45))
    }
    var pressedBackGlyph: Glyph {
        monochrome ? (ascii ? Self.pressedBackGlyphs.ascii : Self.pressedBackGlyphs.unicode) : backGlyph
    }
    private static let backGlyphs = (unicode: Glyph("░"), ascii: Glyph("#"))
    private static let pressedBackGlyphs = (unicode: Glyph("▒"), ascii: Glyph("="))
    /// The bonus pie's ink, which CardView's `.opacity(0.5)` blends half into the face (lecture
    /// 8); in monochrome the opacity dims it.
    var pieInk: Style { monochrome ? .plain : Style(foreground: theme, background: Self.faceColor) }
    /// The pie as drawn, after that opacity (the contrast tests read it).
    var pie: Style { monochrome ? Style(dim: true) : Style(foreground: theme.blended(with: Self.faceColor, fraction: 0.5), background: Self.faceColor) }
    var deckLabel: Style { monochrome ? Style(bold: true) : Style(foreground: onTheme, background: theme, bold: true, legible: true) }
    var title: Style { monochrome ? Style(bold: true) : Style(foreground: theme, bold: true, legible: true) }
    var text: Style { .plain }
    var button: Style { monochrome ? Style(reverse: true) : Style(foreground: onTheme, background: theme, legible: true) }
    /// A button for a moment after it acts (click or key): lit, so the press is seen at once.
    var pressedButton: Style { monochrome ? Style(bold: true, underline: true) : Style(foreground: themeOnFace, background: Self.faceColor, bold: true, legible: true) }
    var overlay: Style { monochrome ? .plain : Style(foreground: Self.ink, background: Self.faceColor, legible: true) }
    var overlayBorder: Style { monochrome ? Style(bold: true) : Style(foreground: theme, background: Self.faceColor, bold: true) }

    // MARK: - Chooser and editor

    /// The picked row or field: reverse video needs no colour.
    var selection: Style { monochrome ? Style(bold: true, reverse: true) : Style(foreground: onTheme, background: theme, bold: true, legible: true) }
    var heading: Style { Style(bold: true, underline: true) }
    var faint: Style { Style(dim: true) }
    var error: Style { monochrome ? Style(bold: true) : Style(foreground: .rgb(220, 50, 47), bold: true, legible: true) }
    var notice: Style { monochrome ? .plain : Style(foreground: theme, legible: true) }
    /// A theme's colour as a block of colour; nil in monochrome, where the colour's name is shown instead.
    /// On a background of itself: a block shows the colour as it is, not made readable as text is.
    func swatch(_ color: RGBColor) -> Style? {
        monochrome ? nil : Style(foreground: Self.color(color), background: Self.color(color))
    }
    var swatchGlyph: Character { ascii ? "#" : "█" }
    var pointer: String { ascii ? ">" : "▶" }
}
