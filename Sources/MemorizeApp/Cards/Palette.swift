import Memorize
import TerminalUI

/// Every style the game draws with, chosen once per theme and colour mode. In monochrome the
/// same roles stay distinct through attributes and glyphs alone (reverse backs, bold focus).
struct Palette {
    let monochrome: Bool
    let ascii: Bool
    let theme: Color

    init(theme: RGBColor, monochrome: Bool, ascii: Bool) {
        self.monochrome = monochrome
        self.ascii = ascii
        self.theme = .rgb(theme.red, theme.green, theme.blue)
    }

    private static let faceColor = Color.rgb(250, 248, 240)
    private static let ink = Color.rgb(40, 40, 40)

    var faceFill: Style { monochrome ? .plain : Style(foreground: Self.ink, background: Self.faceColor) }
    var faceBorder: Style { monochrome ? .plain : Style(foreground: theme, background: Self.faceColor, bold: true) }
    var focusedBorder: Style {
        monochrome ? Style(bold: true, reverse: true) : Style(foreground: .brightWhite, background: theme, bold: true)
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
    var backGlyph: Character { ascii ? "#" : "░" }
    /// A chosen card's back until it has turned past 90°: the press shows in the very next frame,
    /// though the eased flip takes ~100 ms to move an edge by a cell. Lighter, and in monochrome
    /// (where only glyphs and attributes speak) a denser glyph.
    var pressedBack: Style {
        monochrome ? Style(reverse: true) : Style(foreground: theme.blended(with: Self.faceColor, fraction: 0.25),
                                                  background: theme.blended(with: Self.faceColor, fraction: 0.45))
    }
    var pressedBackGlyph: Character { monochrome ? (ascii ? "=" : "▒") : backGlyph }
    /// The bonus pie: the theme colour at "opacity 0.5" over the face (lecture 8: `.opacity(0.5)`).
    var pie: Style { monochrome ? Style(dim: true) : Style(foreground: theme.blended(with: Self.faceColor, fraction: 0.5), background: Self.faceColor) }
    var deckLabel: Style { monochrome ? Style(bold: true) : Style(foreground: .brightWhite, background: theme, bold: true) }
    var title: Style { monochrome ? Style(bold: true) : Style(foreground: theme, bold: true) }
    var text: Style { .plain }
    var button: Style { monochrome ? Style(reverse: true) : Style(foreground: .black, background: theme) }
    /// A button for a moment after it acts (click or key): lit, so the press is seen at once.
    var pressedButton: Style { monochrome ? Style(bold: true, underline: true) : Style(foreground: theme, background: Self.faceColor, bold: true) }
    var overlay: Style { monochrome ? .plain : Style(foreground: Self.ink, background: Self.faceColor) }
    var overlayBorder: Style { monochrome ? Style(bold: true) : Style(foreground: theme, background: Self.faceColor, bold: true) }

    // MARK: - Chooser and editor

    /// The picked row or field: reverse video needs no colour.
    var selection: Style { monochrome ? Style(bold: true, reverse: true) : Style(foreground: .brightWhite, background: theme, bold: true) }
    var heading: Style { Style(bold: true, underline: true) }
    var faint: Style { Style(dim: true) }
    var error: Style { monochrome ? Style(bold: true) : Style(foreground: .rgb(220, 50, 47), bold: true) }
    var notice: Style { monochrome ? .plain : Style(foreground: theme) }
    /// A theme's colour as a block of colour; nil in monochrome, where the colour's name is shown instead.
    func swatch(_ color: RGBColor) -> Style? {
        monochrome ? nil : Style(foreground: .rgb(color.red, color.green, color.blue))
    }
    var swatchGlyph: Character { ascii ? "#" : "█" }
    var pointer: String { ascii ? ">" : "▶" }
}
