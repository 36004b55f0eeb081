import Memorize
import TerminalUI

/// Draws the theme chooser and finds the row under a click. Pure, like the game's rendering.
///
/// ```
///  Themes                                                         playing: Halloween
///
///    Theme                     Kind      Colour   Cards  Sample
///  ▶ Halloween                 built-in  ██████      16  👻 🎃 🦇 💀 🍬 🧙 🍭 🌕 🧛 🔮 🍫 🧟
///    Spooky                    yours     ██████       6  👻 🎃 🦇
///
///  (what the chooser has to say)
///  enter play   e edit   a add   c copy   x delete   ? help   esc back
/// ```
struct ThemeChooserView {
    let chooser: ThemeChooser
    let playing: Theme
    let ascii: Bool
    let monochrome: Bool
    /// The mode the picked theme will be played in, when it is worth saying.
    var mode: String? = nil

    static let minimumSize = Size(width: 40, height: 8)
    static let listTop = 3
    private enum Column { static let name = 3, kind = 29, swatch = 39, cards = 48, sample = 55 }

    /// Rows of the list that fit: all but the title, header and the three footer lines.
    static func visibleRows(in size: Size) -> Int { max(0, size.height - listTop - 4) }

    /// The list row under `point`, if any.
    func rowIndex(at point: Point, in size: Size) -> Int? {
        let visible = Self.visibleRows(in: size)
        let offset = point.y - Self.listTop
        guard point.x >= 0, point.x < size.width, offset >= 0, offset < visible else { return nil }
        let index = chooser.firstVisibleRow(visibleRows: visible) + offset
        return chooser.rows.indices.contains(index) ? index : nil
    }

    func draw(on canvas: inout Canvas) {
        let size = canvas.size
        let palette = Palette(theme: (chooser.selected?.theme ?? playing).color, monochrome: monochrome, ascii: ascii)
        canvas.put(" Themes", x: 0, y: 0, style: palette.title)
        let playingText = "playing: \(playing.name.asciiOnly(ascii)) "
        canvas.put(playingText, x: size.width - TextWidth.of(playingText), y: 0, style: palette.faint)
        if let mode {
            let modeText = "mode: \(mode) (m)"
            canvas.put(modeText, x: max(8, size.width - TextWidth.of(playingText) - TextWidth.of(modeText) - 3), y: 0, style: palette.notice)
        }

        let header = [(Column.name, "Theme"), (Column.kind, "Kind"), (Column.swatch, "Colour"), (Column.cards - 1, "Cards"), (Column.sample, "Sample")]
        for (x, title) in header { canvas.put(title, x: x, y: Self.listTop - 1, style: palette.heading) }

        let visible = Self.visibleRows(in: size)
        let first = chooser.firstVisibleRow(visibleRows: visible)
        for (line, index) in (first..<min(chooser.rows.count, first + visible)).enumerated() {
            drawRow(chooser.rows[index], selected: index == chooser.selection, y: Self.listTop + line, on: &canvas, palette: palette)
        }
        if first > 0 { canvas.put(ascii ? "^" : "↑", x: 1, y: Self.listTop, style: palette.faint) }
        if first + visible < chooser.rows.count { canvas.put(ascii ? "v" : "↓", x: 1, y: Self.listTop + visible - 1, style: palette.faint) }

        // A theme that cannot be played says why as soon as it is picked.
        if let message = chooser.message ?? chooser.selected?.problem.map({ "\"\(chooser.selected!.theme.name)\" cannot be played: \($0)" }) {
            let style = chooser.pendingDelete != nil ? palette.error : palette.notice
            let lines = TextWrap.lines(message.asciiOnly(ascii), width: size.width - 2).prefix(2)
            for (i, line) in lines.enumerated() { canvas.put(" " + line, x: 0, y: size.height - 1 - lines.count + i, style: style) }
        }
        let table = chooser.pendingDelete != nil ? KeyTables.confirmation.help : KeyTables.chooser.help
        canvas.put(" " + KeyTables.footer(table, ascii: ascii).joined(separator: "   "), x: 0, y: size.height - 1, style: palette.faint)
    }

    private func drawRow(_ row: ThemeChooser.Row, selected: Bool, y: Int, on canvas: inout Canvas, palette: Palette) {
        let theme = row.theme
        let base = selected ? palette.selection : Style.plain
        canvas.fill(Rect(x: 0, y: y, width: canvas.size.width, height: 1), style: base)
        if selected { canvas.put(palette.pointer, x: 1, y: y, style: base) }
        canvas.put(String(theme.name.asciiOnly(ascii).prefix(Column.kind - Column.name - 1)), x: Column.name, y: y, style: base)
        canvas.put(row.isBuiltIn ? "built-in" : "yours", x: Column.kind, y: y, style: base)
        if let swatch = palette.swatch(theme.color) {
            let glyphs = String(repeating: palette.swatchGlyph, count: 6)
            // The swatch keeps its colour on the picked row too: it is the point of the column.
            // Elsewhere a block of its own colour, shown as it is (text on the terminal's own
            // background would be recoloured to read against it).
            let behind = base.background == .default ? swatch.background : base.background
            canvas.put(glyphs, x: Column.swatch, y: y, style: Style(foreground: swatch.foreground, background: behind))
        } else {
            canvas.put(NamedColor.name(of: theme.color), x: Column.swatch, y: y, style: base)
        }
        if row.problem != nil {
            canvas.put("! cannot play", x: Column.cards, y: y, style: selected ? base : palette.faint)
            return
        }
        let cards = String(theme.numberOfPairs * 2)
        canvas.put(cards, x: Column.cards + 4 - cards.count, y: y, style: base)
        let sample = Self.faces(of: theme, ascii: ascii).joined(separator: " ")
        let room = canvas.size.width - Column.sample - 1
        canvas.put(Self.clip(sample, to: room, ascii: ascii), x: Column.sample, y: y, style: base)
    }

    /// What the cards of a theme show: its emoji, or under `--ascii` its ASCII faces.
    static func faces(of theme: Theme, ascii: Bool) -> [String] {
        ascii ? theme.emoji.map { theme.asciiFace(of: $0) } : theme.emoji
    }

    /// Cuts `text` to `width` columns, ending in an ellipsis when it had to cut.
    static func clip(_ text: String, to width: Int, ascii: Bool) -> String {
        guard width > 0 else { return "" }
        guard TextWidth.of(text) > width else { return text }
        var clipped = ""
        for character in text {
            if TextWidth.of(clipped) + TextWidth.of(character) > width - 1 { break }
            clipped.append(character)
        }
        return clipped + (ascii ? "~" : "…")
    }
}

extension Theme {
    /// The `--ascii` face of one of this theme's emoji: its `ascii` entry, else a letter by position.
    func asciiFace(of emoji: String) -> String {
        let index = self.emoji.firstIndex(of: emoji) ?? 0
        if let ascii, index < ascii.count { return ascii[index] }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String(letters[index % letters.count])
    }
}
